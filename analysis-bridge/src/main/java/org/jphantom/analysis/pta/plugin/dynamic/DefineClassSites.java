package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Classes defined from bytes ({@code ClassLoader.defineClass}, {@code SecureClassLoader.defineClass},
 * {@code Lookup.defineClass}/{@code defineHiddenClass}): what such a class does cannot be followed
 * in general, so each call site in the program or its class path is reported. What the JVM does
 * with the loader is modelled: a class a loader defines resolves the classes it names through its
 * defining loader, so the JVM calls {@code loadClass(String)} on it (dispatched on each loader
 * object that reaches a {@code ClassLoader}'s {@code defineClass}, so a program's override of
 * {@code loadClass} or, through the JDK's body, of {@code findClass} runs), recorded at the
 * {@code defineClass} call.
 */
public final class DefineClassSites implements Plugin, Warnings {
    private static final String LOAD_CLASS = "(Ljava/lang/String;)Ljava/lang/Class;";
    private Solver solver;
    private PointerListeners watch;
    private final CallSiteSet done = new CallSiteSet();
    private final TreeSet<String> sites = new TreeSet<>();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().startsWith("define") || !callee.name().contains("Class")) {
            return;
        }
        String owner = solver.program().typeName(callee.declaringType());
        if (!owner.equals("java/lang/ClassLoader") && !owner.equals("java/security/SecureClassLoader")
                && !owner.equals("java/lang/invoke/MethodHandles$Lookup") || !Calls.reportable(solver, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        JMethod loadClass = owner.startsWith("java/lang/invoke/") ? null
                : solver.program().resolveMethod("java/lang/ClassLoader", "loadClass", LOAD_CLASS, false);
        int loader = Calls.var(solver, callerCsm, inv.recv);
        if (loadClass != null && loader >= 0 && done.add(callerCsm, site)) {
            int name = solver.tempPointer();
            solver.addPointsTo(name, solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("jvm:class-name",
                    solver.program().type("java/lang/String"), null, "<a class name the JVM resolves>")));
            watch.watch(loader, objs -> Calls.dispatch(solver, callerCsm, site, loadClass, true, objs,
                    new int[] {name}, -1, -1));
        }
        sites.add("class loading: " + solver.callGraph().callerOf(site).signature(solver.program()) + "/"
                + inv.ordinal + " defines classes from bytes (" + callee.name() + "): their code is not analysed");
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(sites);
    }
}
