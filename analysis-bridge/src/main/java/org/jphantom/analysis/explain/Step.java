package org.jphantom.analysis.explain;

/**
 * One step of a chain: how {@code callee} was reached from {@code caller}.
 *
 * @param caller the method the step starts from, -1 for a root (an entry point or a method a
 *               model made reachable by itself)
 * @param site   the call site ({@link org.jphantom.analysis.graph.MethodGraph} index) of a call
 *               step, -1 otherwise
 * @param callee the method reached
 * @param kind   what kind of step it is
 * @param line   the source line of the statement that caused it (0 if unknown)
 * @param pc     the bytecode offset of the call instruction, -1 if none
 * @param detail for {@link Kind#CLASS_INIT}, the class initialised because of the statement (its
 *               subclass or the class itself); for {@link Kind#ROOT}, what made the method reachable
 */
public record Step(int caller, int site, int callee, Kind kind, int line, int pc, String detail) {
    /** The kinds of steps. */
    public enum Kind {
        /** An entry point, or a method a model made reachable without a call edge. */
        ROOT,
        /** A call edge. */
        CALL,
        /** A static initialiser run because a statement of the caller initialises its class. */
        CLASS_INIT
    }
}
