/**
 * The hierarchy-complementation solver: given the known part of a class hierarchy, the phantom
 * (missing) types and subtype/kind constraints on them, decide for every phantom whether it is a
 * class or an interface and choose its direct supertypes so that all constraints hold and every
 * known type keeps exactly the supertypes it declares.
 *
 * <p>{@link org.jphantom.solve.HierarchySolver} is the entry point. Internally it runs, on an
 * int-indexed node set ({@code Nodes}): colouring ({@code Colouring}, thesis Section 4.5), the
 * single-inheritance class solver ({@code SingleInheritance}, Section 4.4: Algorithm 4.2 or a
 * bounded complete search) and the multiple-inheritance interface solver
 * ({@code MultipleInheritance}, Section 4.3: Algorithm 4.1). Every stage iterates in name
 * order, so results are deterministic. An unsatisfiable problem is reported with a small
 * conflicting subset of constraints found by deletion-based minimisation.
 */
package org.jphantom.solve;
