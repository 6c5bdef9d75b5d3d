/**
 * The solver core: {@link org.jphantom.analysis.pta.solver.Solver} (work list with difference
 * propagation, pointer flow graph, on-the-fly call graph, class initialisation) and the compact
 * {@link org.jphantom.analysis.pta.solver.PointsToSet}. Context policy, heap abstraction and
 * library semantics come from the sibling packages.
 */
package org.jphantom.analysis.pta.solver;
