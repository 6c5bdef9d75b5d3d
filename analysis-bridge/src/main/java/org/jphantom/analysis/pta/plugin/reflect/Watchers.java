package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Listeners on the points-to sets of pointers: a listener registered on a pointer hears of the
 * objects it points to now and of every object it comes to point to later, in the solver's order.
 */
final class Watchers {
    interface Listener {
        void onNew(int[] objects);
    }

    private final Solver solver;
    private final Map<Integer, List<Listener>> byPointer = new HashMap<>();

    Watchers(Solver solver) {
        this.solver = solver;
    }

    void watch(int pointer, Listener listener) {
        byPointer.computeIfAbsent(pointer, p -> new ArrayList<>(2)).add(listener);
        solver.watch(pointer);
        int[] now = solver.pointsTo(pointer).toSortedArray();
        if (now.length > 0) {
            listener.onNew(now);
        }
    }

    void dispatch(int pointer, int[] objects) {
        List<Listener> listeners = byPointer.get(pointer);
        if (listeners != null) {
            for (int i = 0; i < listeners.size(); i++) { // listeners may be added meanwhile
                listeners.get(i).onNew(objects);
            }
        }
    }
}
