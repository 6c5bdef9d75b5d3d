package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;

/**
 * Shutdown hooks: the JVM starts every thread given to {@code Runtime.addShutdownHook} when it
 * shuts down. The model calls the hook's {@code run()} (dispatched on each hook object, so a plain
 * {@code Thread} with a {@code Runnable} reaches the runnable through {@code Thread.run}) from the
 * {@code addShutdownHook} call site.
 */
public final class ShutdownHooks extends CallSiteModel {
    private static final String ADD = "java/lang/Runtime.addShutdownHook(Ljava/lang/Thread;)V";
    private JMethod run;

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("addShutdownHook") || !Calls.key(solver.program(), callee).equals(ADD)
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int hook = Calls.var(solver, callerCsm, inv.args[0]);
        if (run == null) {
            run = solver.program().resolveMethod("java/lang/Thread", "run", "()V", false);
        }
        if (hook >= 0 && run != null) {
            watch.watch(hook, objs -> Calls.dispatch(solver, callerCsm, site, run, true, objs, new int[0], -1, -1));
        }
    }
}
