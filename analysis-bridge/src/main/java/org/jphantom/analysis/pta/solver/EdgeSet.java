package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.jphantom.analysis.ir.TypeFilter;

/**
 * The pointer flow edges {@code src -> dst} with their type filter (the same object, or none)
 * added so far, to tell a repeated edge from a new one. Each source pointer has its own table of
 * {@code (dst, filter number)} pairs, one {@code long} each (filter number 0: none): a list
 * searched from end to end while short, then an open-addressing hash table, at most three
 * quarters full. Element 0 of a table is its count.
 *
 * <p>One table per source, not one map over all pairs: under s-3cfa the edges run to tens of
 * millions (38 million on the antlr closure after 200 s), and one map of them (a {@code long} key
 * and an {@code int} value per slot, at most half full, doubled when full) held 1.5 GB, with a
 * doubling ahead that would need the old and the new array at once.
 */
final class EdgeSet {
    /** Tables up to this many slots (the count's included) are lists. */
    private static final int LIST = 8;
    private static final long FREE = -1L;

    private long[][] bySource = new long[1 << 12][];
    private final Map<TypeFilter, Integer> filterIds = new IdentityHashMap<>();

    /** Adds the edge; false if it was there. */
    boolean add(int src, int dst, TypeFilter filter) {
        int id = filter == null ? 0 : filterIds.computeIfAbsent(filter, f -> filterIds.size() + 1);
        long e = ((long) dst << 32) | id; // dst and id are non-negative: never FREE
        if (src >= bySource.length) {
            bySource = Arrays.copyOf(bySource, Math.max(src + 1, bySource.length * 2));
        }
        long[] t = bySource[src];
        if (t == null) {
            t = new long[2];
            t[1] = e;
            t[0] = 1;
            bySource[src] = t;
            return true;
        }
        int n = (int) t[0];
        if (t.length <= LIST) {
            for (int i = 1; i <= n; i++) {
                if (t[i] == e) {
                    return false;
                }
            }
            if (n + 1 < t.length) {
                t[n + 1] = e;
                t[0] = n + 1;
                return true;
            }
            if (t.length < LIST) {
                t = Arrays.copyOf(t, t.length * 2);
                t[n + 1] = e;
                t[0] = n + 1;
                bySource[src] = t;
                return true;
            }
            t = rehash(t, 1, n + 1, 4 * LIST);
            bySource[src] = t;
        } else if (contains(t, e)) {
            return false;
        } else if (4 * (n + 1) > 3 * (t.length - 1)) {
            t = rehash(t, 1, t.length, 2 * (t.length - 1));
            bySource[src] = t;
        }
        insert(t, e);
        t[0] = n + 1;
        return true;
    }

    /** A hash table of {@code slots} slots (a power of two) holding the pairs in {@code old[from..to)}. */
    private static long[] rehash(long[] old, int from, int to, int slots) {
        long[] t = new long[slots + 1];
        Arrays.fill(t, 1, t.length, FREE);
        t[0] = old[0];
        for (int i = from; i < to; i++) {
            if (old[i] != FREE) {
                insert(t, old[i]);
            }
        }
        return t;
    }

    private static int slot(long e, int mask) {
        long h = e * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private static boolean contains(long[] t, long e) {
        int mask = t.length - 2;
        for (int i = slot(e, mask); ; i = (i + 1) & mask) {
            long v = t[i + 1];
            if (v == e) {
                return true;
            }
            if (v == FREE) {
                return false;
            }
        }
    }

    private static void insert(long[] t, long e) {
        int mask = t.length - 2;
        int i = slot(e, mask);
        while (t[i + 1] != FREE) {
            i = (i + 1) & mask;
        }
        t[i + 1] = e;
    }
}
