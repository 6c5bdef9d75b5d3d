package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionAnalysis;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The JVM's calls into the program's class loaders: it loads a class through a loader by calling
 * the loader's {@code loadClass(String)} (dispatched, so a program's override of
 * {@code loadClass} or, through the JDK's body, of {@code findClass} runs), when
 * <ul>
 *   <li>{@code Class.forName(name, init, loader)} names the loader (the call's own name goes to
 *       it), and</li>
 *   <li>a class the loader defined ({@code ClassLoader.defineClass},
 *       {@code SecureClassLoader.defineClass}) resolves the names it uses: its defining loader is
 *       asked (an abstract string for each name).</li>
 * </ul>
 * Each call is recorded at the program's call site that causes it (the {@code forName}, the
 * {@code defineClass}), on the loader objects of its argument or receiver. The JDK's own calls are
 * not modelled: its loaders are its machinery, and the plain analysis runs their code.
 */
public final class LoaderCalls implements Plugin {
    private static final String LOAD_CLASS = "(Ljava/lang/String;)Ljava/lang/Class;";
    private static final String FOR_NAME = "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;";

    private Solver solver;
    private PointerListeners watch;
    private final CallSiteSet done = new CallSiteSet();
    private JMethod loadClass;
    private int unknownName = -1;

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
        this.loadClass = solver.program().resolveMethod("java/lang/ClassLoader", "loadClass", LOAD_CLASS, false);
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (loadClass == null || !callee.name().equals("forName") && !callee.name().equals("defineClass")) {
            return;
        }
        String owner = solver.program().typeName(callee.declaringType());
        Invoke inv = solver.callSites().get(site);
        int loader;
        int name;
        if (callee.name().equals("forName")) {
            if (!owner.equals("java/lang/Class") || !callee.desc().equals(FOR_NAME)) {
                return;
            }
            loader = Calls.var(solver, callerCsm, inv.args[2]);
            name = Calls.var(solver, callerCsm, inv.args[0]);
        } else {
            if (!owner.equals("java/lang/ClassLoader") && !owner.equals("java/security/SecureClassLoader")) {
                return;
            }
            loader = Calls.var(solver, callerCsm, inv.recv);
            name = unknownName();
        }
        if (loader < 0 || name < 0 || !Calls.reportable(solver, site) || !done.add(callerCsm, site)) {
            return;
        }
        watch.watch(loader, objs -> Calls.dispatch(solver, callerCsm, site, loadClass, true, objs, new int[] {name},
                -1, -1));
    }

    /** A pointer to the one abstract string standing for the names a defined class resolves. */
    private int unknownName() {
        if (unknownName < 0) {
            unknownName = solver.tempPointer();
            solver.addPointsTo(unknownName, solver.csObject(Contexts.EMPTY, solver.heap().abstractObject(ReflectionAnalysis.JVM_CLASS_NAME,
                    solver.program().type("java/lang/String"), null, "<a class name the JVM resolves>")));
        }
        return unknownName;
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }
}
