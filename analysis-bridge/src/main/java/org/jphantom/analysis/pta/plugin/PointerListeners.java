package org.jphantom.analysis.pta.plugin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * A plugin's listeners on the points-to sets of the pointers it watches: {@link #watch} delivers
 * the objects a pointer points to now and, through {@link #deliver} (called from the plugin's
 * {@link Plugin#onNewPointsTo}), every object it comes to point to later, in the solver's order.
 * A listener registered while objects are being delivered may hear of some of them twice, so
 * listeners must tolerate objects they have seen.
 */
public final class PointerListeners {
    /** Reacts to objects of a watched pointer (context-sensitive object indices). */
    public interface Listener {
        void onObjects(int[] objects);
    }

    private final Solver solver;
    private final Map<Integer, List<Listener>> listeners = new HashMap<>();

    public PointerListeners(Solver solver) {
        this.solver = solver;
    }

    public void watch(int pointer, Listener listener) {
        listeners.computeIfAbsent(pointer, k -> new ArrayList<>(2)).add(listener);
        solver.watch(pointer);
        int[] now = solver.pointsTo(pointer).toSortedArray();
        if (now.length > 0) {
            listener.onObjects(now);
        }
    }

    public void deliver(int pointer, int[] objects) {
        List<Listener> ls = listeners.get(pointer);
        if (ls != null) {
            for (int i = 0; i < ls.size(); i++) { // listeners may be added meanwhile
                ls.get(i).onObjects(objects);
            }
        }
    }
}
