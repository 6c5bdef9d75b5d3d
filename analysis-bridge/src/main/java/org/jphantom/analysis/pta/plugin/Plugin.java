package org.jphantom.analysis.pta.plugin;

import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * A feature of the analysis that hooks into the solver: every callback does nothing by default.
 * Pointers, context-sensitive methods and objects are the solver's dense indices; a plugin reacts
 * through the solver's public operations (add an object to a pointer, add an edge, make a method
 * reachable, ...). Plugins are called in the order they were given.
 */
public interface Plugin {
    /** Called once, before anything else. */
    default void setSolver(Solver solver) {
    }

    /**
     * The IR to use for {@code method} instead of its bytecode (a summary of a native method, a
     * model of a generated one), or null to let later plugins and then the bytecode decide.
     */
    default MethodIR body(JMethod method) {
        return null;
    }

    /** The IR of a method that has no bytecode and no {@link #body}, or null (then it is empty). */
    default MethodIR bodyWithoutCode(JMethod method) {
        return null;
    }

    /**
     * The object that passes {@code guard}, a test a branch made before the code it guards (see
     * {@link org.jphantom.analysis.ir.Guard}), in place of {@code csObject}: itself when this plugin
     * knows nothing against it; -1 when it knows every predicate of the guard is false for it; or
     * an object of its own that stands for {@code csObject} restricted by the guard. The answer
     * must depend only on the abstract object (the solver keeps it per guard and abstract object).
     */
    default int guarded(org.jphantom.analysis.ir.Guard guard, int csObject) {
        return csObject;
    }

    /** After the entry points were added, before solving. */
    default void onStart() {
    }

    /** A method became reachable for the first time, in any context. */
    default void onNewMethod(JMethod method) {
    }

    /** A method became reachable in a new context. */
    default void onNewCSMethod(int csMethod) {
    }

    /**
     * {@code pointer} points to new objects (context-sensitive object indices). Called only for
     * pointers some plugin asked the solver to {@linkplain Solver#watch watch}.
     */
    default void onNewPointsTo(int pointer, int[] objects) {
    }

    /**
     * A new context-sensitive call edge from a call site in {@code callerCsMethod} to the method
     * the call names or one that overrides it: the call's own variables are the callee's receiver
     * and arguments.
     */
    default void onNewCallEdge(int callSite, int callerCsMethod, int calleeCsMethod) {
    }

    /**
     * A new context-sensitive call edge whose values come from a {@link
     * org.jphantom.analysis.pta.solver.CallBinding} (a reflective {@code Method.invoke}, a method
     * handle's {@code invokeExact}): the call site's own variables are not the callee's, so models
     * that read a call's arguments must take them from {@code binding}.
     */
    default void onNewBoundCallEdge(int callSite, int callerCsMethod, int calleeCsMethod,
                                    org.jphantom.analysis.pta.solver.CallBinding binding) {
    }

    /**
     * Nothing is left to propagate. A plugin that deferred a decision until the points-to sets and
     * the pointer flow graph are complete for now (a question about paths, say) may add objects,
     * edges or statements here; solving then resumes, and this is called again each time the work
     * runs out, until no plugin adds anything.
     */
    default void onQuiescence() {
    }

    /** After the fixpoint. */
    default void onFinish() {
    }
}
