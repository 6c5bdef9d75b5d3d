/**
 * The solver core, one part per idea, in the order the data flows:
 * <ul>
 *   <li>{@link org.jphantom.analysis.pta.solver.CSManager}: context-sensitive methods, objects and
 *       pointers, interned to dense indices (variables may share a pointer across method contexts
 *       when the selector decides per variable);
 *   <li>{@link org.jphantom.analysis.pta.solver.WorkList}: pending objects per pointer and the
 *       rounds in which pointers are processed;
 *   <li>{@link org.jphantom.analysis.pta.solver.PointerFlowGraph}: points-to sets
 *       ({@link org.jphantom.analysis.pta.solver.PointsToSet}; a word at a time through
 *       {@link org.jphantom.analysis.pta.solver.WordList}), shared among pointers with equal
 *       contents ({@link org.jphantom.analysis.pta.solver.SetPool}: replaced when a pointer
 *       gains objects, or grown in place when it holds its set alone; read at once, never kept), edges with type filters (checked for repeats by
 *       {@link org.jphantom.analysis.pta.solver.EdgeSet} when pointers are shared across
 *       contexts), and the propagation of differences along them, the sets shared as pending
 *       objects under a per-variable selector made by
 *       {@link org.jphantom.analysis.pta.solver.SharedSets};
 *   <li>{@link org.jphantom.analysis.pta.solver.DeclaredTypes}: the filters of values crossing a
 *       method boundary (arguments by their parameters' declared types, results by the call's
 *       return type), so points-to sets are typed there as in Spark;
 *   <li>{@link org.jphantom.analysis.pta.solver.FieldHolders}: which objects a field or array
 *       access of the bytecode may touch (the verifier types the base), so an object an imprecise
 *       path brought to a typed variable gets no field pointers there;
 *   <li>{@link org.jphantom.analysis.pta.solver.ReceiverFilter}: which objects a virtual or
 *       interface call of the bytecode may run on (the class or interface it names), so such an
 *       object gets no call edges there;
 *   <li>{@link org.jphantom.analysis.pta.solver.CycleEliminator}: lazy cycle detection and collapse;
 *   <li>{@link org.jphantom.analysis.pta.solver.MethodBodies}: the IR each method has in this
 *       analysis (plugin body, shared bytecode IR, model);
 *   <li>{@link org.jphantom.analysis.pta.solver.StatementHandler}: statements to edges and call
 *       edges; {@link org.jphantom.analysis.pta.solver.CallGraph}: reachable methods, call sites
 *       and edges; {@link org.jphantom.analysis.pta.solver.ClassInitializer}: JVMS 5.5;
 *   <li>{@link org.jphantom.analysis.pta.solver.Solver}: the work-list loop and the operations
 *       plugins use (add objects, edges, call edges with explicit pointers
 *       ({@link org.jphantom.analysis.pta.solver.CallBinding}), statements; watch pointers; hear of
 *       the flows that are no edges: objects plugins add, receivers bound to a callee's
 *       {@code this}); when the work runs out, plugins may add more ({@code Plugin.onQuiescence})
 *       and the loop resumes.
 * </ul>
 * All state of an analysis lives in these parts and its heap model; the program and its IR are
 * only read, so any number of solvers can analyse one program. Context policy, heap abstraction
 * and library semantics come from the sibling packages.
 */
package org.jphantom.analysis.pta.solver;
