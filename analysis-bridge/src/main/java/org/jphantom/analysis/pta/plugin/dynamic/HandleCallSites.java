package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * What the models of handle calls share: at each of the program's calls they handle ({@link
 * OwnSites}; the JDK's own handle calls are left alone, see {@link MethodHandleInvocations}), every
 * handle object the program made ({@link HandleObjects#programTargetOf}) that the call's receiver
 * may be is run once per calling context, call and handle, as {@link #prepare} says.
 */
abstract class HandleCallSites extends CallSiteModel {
    final HandleObjects handles;
    HandleRunner runner;
    private final OwnSites sites;
    private final Set<String> ran = new HashSet<>();

    /** How one call runs a handle: {@code t}, the handle object {@code handle}. */
    interface Run {
        void run(HandleTarget t, int handle);
    }

    HandleCallSites(HandleObjects handles, Predicate<Invoke> handled) {
        this.handles = handles;
        this.sites = new OwnSites(handled);
    }

    @Override
    public void setSolver(Solver solver) {
        super.setSolver(solver);
        this.runner = new HandleRunner(solver, watch);
    }

    @Override
    public void onNewMethod(JMethod m) {
        sites.collect(solver, m);
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        for (int[] s : sites.of(m)) {
            Invoke inv = (Invoke) solver.ir(m).stmts[s[0]];
            int site = s[1];
            if (!Calls.reportable(solver, site)) {
                continue;
            }
            Run run = prepare(csm, site, inv);
            watch.watch(solver.varPointer(csm, inv.recv), objs -> {
                for (int o : objs) {
                    HandleTarget t = handles.programTargetOf(solver, o);
                    if (t != null && ran.add(csm + ":" + site + ":" + t.key())) {
                        run.run(t, o);
                    }
                }
            });
        }
    }

    /** What call {@code inv} (own call site {@code site} in {@code csm}) does with each handle it may run. */
    abstract Run prepare(int csm, int site, Invoke inv);
}
