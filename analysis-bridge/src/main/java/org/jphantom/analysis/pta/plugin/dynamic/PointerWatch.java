package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The listeners of one plugin on the pointers it watches: {@link #watch} delivers the objects a
 * pointer has now and, through {@link #deliver} (called from the plugin's
 * {@code onNewPointsTo}), every later one. Listeners must tolerate objects they have seen.
 */
final class PointerWatch {
    /** Reacts to objects of a watched pointer (context-sensitive object indices). */
    interface Listener {
        void onObjects(int[] objects);
    }

    private final Solver solver;
    private final Map<Integer, List<Listener>> listeners = new HashMap<>();

    PointerWatch(Solver solver) {
        this.solver = solver;
    }

    void watch(int pointer, Listener listener) {
        listeners.computeIfAbsent(pointer, k -> new ArrayList<>(2)).add(listener);
        solver.watch(pointer);
        int[] now = solver.pointsTo(pointer).toSortedArray();
        if (now.length > 0) {
            listener.onObjects(now);
        }
    }

    void deliver(int pointer, int[] objects) {
        List<Listener> ls = listeners.get(pointer);
        if (ls != null) {
            for (Listener l : List.copyOf(ls)) {
                l.onObjects(objects);
            }
        }
    }
}
