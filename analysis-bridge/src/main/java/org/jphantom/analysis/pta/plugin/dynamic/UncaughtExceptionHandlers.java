package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;

/**
 * Uncaught-exception handlers: the JVM hands an exception that leaves a thread's {@code run()}
 * (or the {@code main} method) to the thread's handler, or else to the default one. At each call of
 * {@code Thread.setUncaughtExceptionHandler(h)} and {@code Thread.setDefaultUncaughtExceptionHandler(h)}
 * the model calls {@code h.uncaughtException(t, e)} on every handler object, where {@code t} is the
 * receiver thread (one abstract {@code Thread} for the default handler) and {@code e} every
 * exception that may leave {@code main} or the {@code run()} that {@code Thread.start} calls. When
 * a started thread ends, the JVM's own calls of its {@code dispatchUncaughtException} and
 * {@code exit} are made too ({@link #threadEnd}), so a {@code ThreadGroup} subclass's
 * {@code uncaughtException} is reached through the JDK's code.
 */
public final class UncaughtExceptionHandlers extends CallSiteModel {
    private static final String SET =
            "java/lang/Thread.setUncaughtExceptionHandler(Ljava/lang/Thread$UncaughtExceptionHandler;)V";
    private static final String SET_DEFAULT =
            "java/lang/Thread.setDefaultUncaughtExceptionHandler(Ljava/lang/Thread$UncaughtExceptionHandler;)V";
    private static final String START0 = "java/lang/Thread.start0()V";

    private final List<JMethod> mains;
    /** Every exception that may leave a thread's run() or main. */
    private int uncaught = -1;
    private JMethod handlerMethod;

    /** @param mains the entry points, whose escaping exceptions are uncaught too */
    public UncaughtExceptionHandlers(List<JMethod> mains) {
        this.mains = List.copyOf(mains);
    }

    private int uncaught() {
        if (uncaught < 0) {
            uncaught = solver.tempPointer();
        }
        return uncaught;
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        boolean start0 = m.name().equals("start0") && Calls.key(solver.program(), m).equals(START0);
        if (mains.contains(m) || start0) {
            MethodIR ir = solver.ir(m);
            if (ir.throwVar >= 0) {
                solver.addEdge(solver.varPointer(csm, ir.throwVar), uncaught(), null);
            }
        }
        if (start0) {
            threadEnd(csm, m);
        }
    }

    /**
     * What the JVM does when the thread {@code start0} started ends: it calls the thread's private
     * {@code dispatchUncaughtException(e)} with the exceptions its {@code run()} may throw (whose
     * body hands them to the thread's handler or else to its {@code ThreadGroup}, which a program
     * may subclass), and then the private {@code exit()}. Both from call sites of the model's own
     * in {@code start0} (numbered 1 and 2, after the native model's {@code run()}).
     */
    private void threadEnd(int csm, JMethod start0) {
        Program program = solver.program();
        int self = solver.ir(start0).thisVar;
        if (self < 0) {
            return;
        }
        JMethod dispatch = program.declared(program.type("java/lang/Thread"), "dispatchUncaughtException",
                "(Ljava/lang/Throwable;)V");
        JMethod exit = program.declared(program.type("java/lang/Thread"), "exit", "()V");
        int dispatchSite = dispatch == null ? -1 : Calls.ownSite(solver, start0, "java/lang/Thread", dispatch.name(),
                dispatch.desc(), 1);
        int exitSite = exit == null ? -1 : Calls.ownSite(solver, start0, "java/lang/Thread", exit.name(), exit.desc(), 2);
        int[] exceptions = {uncaught()};
        watch.watch(solver.varPointer(csm, self), objs -> {
            if (dispatchSite >= 0) {
                Calls.dispatch(solver, csm, dispatchSite, dispatch, false, objs, exceptions, -1, -1);
            }
            if (exitSite >= 0) {
                Calls.dispatch(solver, csm, exitSite, exit, false, objs, new int[0], -1, -1);
            }
        });
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().startsWith("set") || !callee.name().endsWith("UncaughtExceptionHandler")) {
            return;
        }
        String key = Calls.key(solver.program(), callee);
        boolean isDefault = key.equals(SET_DEFAULT);
        if (!isDefault && !key.equals(SET) || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int handler = inv.args.length > 0 ? Calls.var(solver, callerCsm, inv.args[0]) : -1;
        if (handler < 0) {
            return;
        }
        Program program = solver.program();
        int thread;
        if (isDefault || inv.recv < 0) {
            thread = solver.tempPointer();
            int t = solver.heap().abstractObject("uncaught-thread", program.type("java/lang/Thread"), null, "<thread>");
            solver.addPointsTo(thread, solver.csObject(Contexts.EMPTY, t));
        } else {
            thread = solver.varPointer(callerCsm, inv.recv);
        }
        if (handlerMethod == null) {
            handlerMethod = program.resolveMethod("java/lang/Thread$UncaughtExceptionHandler", "uncaughtException",
                    "(Ljava/lang/Thread;Ljava/lang/Throwable;)V", true);
        }
        if (handlerMethod == null) {
            return;
        }
        int[] args = {thread, uncaught()};
        watch.watch(handler, objs -> Calls.dispatch(solver, callerCsm, site, handlerMethod, true, objs, args, -1, -1));
    }
}
