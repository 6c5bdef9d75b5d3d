package org.jphantom.analysis.pta.solver;

/**
 * The pointers of a call whose values do not come from the call site's own variables (a
 * reflective {@code Method.invoke}, a method handle's {@code invokeExact}): see
 * {@link Solver#addCallEdge(int, int, int, CallBinding)}. Any pointer may be -1 (none).
 *
 * @param receiver  objects that become the callee's {@code this} (those of the callee's class)
 * @param args      per declared parameter of the callee, the pointer its objects come from
 * @param result    where the callee's return value flows
 * @param exception where the exceptions the callee throws flow
 */
public record CallBinding(int receiver, int[] args, int result, int exception) {
    public CallBinding {
        args = args.clone();
    }

    @Override
    public int[] args() {
        return args.clone();
    }
}
