package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.BitSet;

/** Reachability in a graph of dense node indices given as adjacency lists (cycles allowed). */
final class Reachability {
    private Reachability() {
    }

    /** The nodes reachable from {@code v} by one or more edges of {@code graph} ({@code v} itself only through a cycle). */
    static BitSet from(int[][] graph, int v) {
        BitSet r = new BitSet();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        work.push(v);
        while (!work.isEmpty()) {
            for (int s : graph[work.pop()]) {
                if (!r.get(s)) {
                    r.set(s);
                    work.push(s);
                }
            }
        }
        return r;
    }
}
