package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.CallBinding;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Turns a resolved reflective call into a call edge of the call graph (SOLAR's Transformation):
 * from the reflective call site to the target, in the context the selector chooses, with the
 * receiver objects that select this target, the arguments taken from the {@code Object[]}'s
 * elements (the solver filters them by each parameter's declared type) and the result and
 * exceptions flowing back to the call.
 */
final class CallBinder {
    private final Solver solver;
    /** (caller cs method, call site, callee cs method) -> the receiver pointer of that edge. */
    private final Map<String, Integer> receivers = new HashMap<>();

    CallBinder(Solver solver) {
        this.solver = solver;
    }

    int callSite(ReflectiveCall call) {
        return solver.callGraph().callSiteOf(call.method, call.invoke.index);
    }

    /**
     * Calls {@code callee} from {@code call} in {@code callerCsm} on {@code receiver} (a solver
     * object), or statically when {@code receiver} is -1.
     *
     * @param args   the pointer of the argument objects for every reference parameter, or -1
     * @param result the pointer the return value flows to, or -1
     * @return whether the edge is new
     */
    boolean call(int callerCsm, ReflectiveCall call, JMethod callee, int receiver, int args, int result) {
        return call(callerCsm, call, callee, receiver, -1, args, result);
    }

    /** As above, {@code receiver} being an object of pointer {@code from} (-1: none). */
    boolean call(int callerCsm, ReflectiveCall call, JMethod callee, int receiver, int from, int args, int result) {
        int site = callSite(call);
        int ctx = solver.cs().contextOfMethod(callerCsm);
        int exc = exceptions(callerCsm, call);
        int[] argPointers = arguments(callee, args);
        if (receiver < 0 || callee.isStatic()) {
            solver.initClass(callee.declaringType());
            int calleeCsm = solver.csMethod(solver.selector().staticCall(ctx, site, callee), callee);
            return solver.addCallEdge(callerCsm, site, calleeCsm, new CallBinding(-1, argPointers, result, exc));
        }
        int calleeCsm = solver.csMethod(solver.selector().instanceCall(ctx, site, receiver, callee), callee);
        String key = callerCsm + "/" + site + "/" + calleeCsm;
        Integer recv = receivers.get(key);
        boolean fresh = recv == null;
        if (fresh) {
            recv = solver.tempPointer();
            receivers.put(key, recv);
        }
        solver.addPointsTo(recv, receiver, from);
        return fresh && solver.addCallEdge(callerCsm, site, calleeCsm, new CallBinding(recv, argPointers, result, exc));
    }

    private int exceptions(int callerCsm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        return inv.exception >= 0 ? solver.varPointer(callerCsm, inv.exception) : -1;
    }

    /** {@code args} for every reference parameter of {@code callee}, -1 for the primitive ones. */
    private static int[] arguments(JMethod callee, int args) {
        int[] out = new int[callee.paramCount()];
        for (int k = 0; k < out.length; k++) {
            out[k] = callee.paramIsRef(k) ? args : -1;
        }
        return out;
    }

    /**
     * Calls {@code callee} from {@code call} with whatever {@code receivers} points to as its
     * receivers (filtered by the callee's class): for targets a log names, which must be reached
     * whatever the analysis knows of the receiver.
     */
    void callWithPointer(int callerCsm, ReflectiveCall call, JMethod callee, int receivers, int args, int result) {
        int site = callSite(call);
        int ctx = solver.cs().contextOfMethod(callerCsm);
        int exc = exceptions(callerCsm, call);
        int[] argPointers = arguments(callee, args);
        if (callee.isStatic()) {
            solver.initClass(callee.declaringType());
        }
        int calleeCsm = solver.csMethod(solver.selector().staticCall(ctx, site, callee), callee);
        solver.addCallEdge(callerCsm, site, calleeCsm,
                new CallBinding(callee.isStatic() ? -1 : receivers, argPointers, result, exc));
    }
}
