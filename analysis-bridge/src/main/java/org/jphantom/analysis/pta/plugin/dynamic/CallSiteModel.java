package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * What the models of API calls share: a model reacts to the call edges of the API methods it
 * knows ({@link Plugin#onNewCallEdge}), at most once per calling method context and call site
 * ({@link #done}), and watches the call's arguments ({@link #watch}), which the solver's new
 * points-to facts reach through {@link #onNewPointsTo}.
 */
abstract class CallSiteModel implements Plugin {
    Solver solver;
    PointerListeners watch;
    final CallSiteSet done = new CallSiteSet();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }
}
