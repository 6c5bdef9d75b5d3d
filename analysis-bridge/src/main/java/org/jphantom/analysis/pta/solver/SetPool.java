package org.jphantom.analysis.pta.solver;

/**
 * The points-to sets of pointers, one object per distinct content (hash-consing). Under
 * call-site contexts most pointers are a variable in one of many contexts that all end with the
 * same objects: on sablecc's 2cfa, 3.2 million non-empty sets have only 27 thousand distinct
 * contents. So a pointer holds a shared {@link PointsToSet}, which only the pool changes; when it gains
 * objects it gets the shared set of the union ({@link #add}), made only if no pointer holds that
 * content yet.
 *
 * <p>The pool counts the pointers that hold each set and forgets a set none holds, so the sets a
 * pointer passed through on its way to its final one do not pile up. A set that only the growing
 * pointer holds, and that no other pointer's set equals after the growth, grows in place (a dense
 * bit set: only its new objects are written): readers of a pointer's set must therefore query or
 * copy it at once, not keep it across the solver's propagation (the solver's parts and the
 * plugins all do).
 */
final class SetPool {
    private final PointsToSet empty = new PointsToSet();
    /** Open addressing, linear probing on {@link PointsToSet#hash}; at most half full. */
    private PointsToSet[] table = new PointsToSet[1 << 10];
    private int count;
    private final IntBuffer scratchInts = new IntBuffer(256);
    private final WordList scratchWords = new WordList();

    SetPool() {
        empty.share(0);
    }

    /** The empty set, which every new pointer holds (not counted). */
    PointsToSet empty() {
        return empty;
    }

    /** How many distinct non-empty sets pointers hold. */
    int size() {
        return count;
    }

    /**
     * The shared set of the elements of {@code set} (a shared set a pointer holds) and {@code
     * fresh[0..n)} (ascending, none in {@code set}, {@code n > 0}), for that pointer: it holds the
     * result instead of {@code set} from now on.
     */
    PointsToSet add(PointsToSet set, int[] fresh, int n) {
        long h = set.hash;
        for (int i = 0; i < n; i++) {
            h += PointsToSet.hashOf(fresh[i]);
        }
        int size = set.size() + n;
        int mask = table.length - 1;
        int i = slot(h, mask);
        for (PointsToSet c; (c = table[i]) != null; i = (i + 1) & mask) {
            // Equal: as large as the union and holding both parts.
            if (c.hash == h && c.size() == size && c.containsAll(fresh, n) && c.containsAll(set)) {
                return replace(set, c);
            }
        }
        if (set.refs == 1 && set.isDenseBitSet()) {
            // No other pointer holds set, so no reader can tell: grow it where it is (O(n), not a
            // new union over all its words), under its new hash.
            remove(set);
            set.extendShared(fresh, n, h);
            i = slot(h, mask = table.length - 1);
            while (table[i] != null) {
                i = (i + 1) & mask;
            }
            insert(set, i);
            return set;
        }
        PointsToSet u = union(set, fresh, n);
        u.share(h);
        insert(u, i);
        return replace(set, u);
    }

    /**
     * The shared set with the elements of {@code built} (a mutable set no one else holds), held
     * by one more pointer.
     */
    PointsToSet share(PointsToSet built) {
        if (built.isEmpty()) {
            return empty;
        }
        long h = built.elementHash();
        int mask = table.length - 1;
        int i = slot(h, mask);
        for (PointsToSet c; (c = table[i]) != null; i = (i + 1) & mask) {
            if (c.hash == h && c.size() == built.size() && c.containsAll(built)) {
                c.refs++;
                return c;
            }
        }
        PointsToSet u = union(built, new int[0], 0);
        u.share(h);
        insert(u, i);
        u.refs++;
        return u;
    }

    /**
     * A new set of the elements of {@code set} and {@code fresh[0..n)} (ascending, none of them
     * in {@code set}; together not empty), no larger than it needs to be: an exact array while
     * small and thinly spread (as {@link PointsToSet} chooses), else the bit set of the words
     * from its lowest element to its highest, or only its non-empty words if they are fewer than
     * a third of those (12 bytes a word instead of 8 for each word of the range).
     */
    private PointsToSet union(PointsToSet set, int[] fresh, int n) {
        int total = set.size() + n;
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        if (!set.isEmpty()) {
            lo = set.min();
            hi = set.max();
        }
        if (n > 0) {
            lo = Math.min(lo, fresh[0]);
            hi = Math.max(hi, fresh[n - 1]);
        }
        lo >>>= 6;
        hi >>>= 6;
        if (hi - lo + 1 > total && total < PointsToSet.MAX_ARRAY) {
            scratchInts.n = 0;
            set.appendTo(scratchInts);
            int[] old = scratchInts.a;
            int m = scratchInts.n;
            int[] a = new int[total];
            for (int i = 0, j = 0, k = 0; k < total; k++) {
                a[k] = j == n || (i < m && old[i] < fresh[j]) ? old[i++] : fresh[j++];
            }
            return new PointsToSet(a, null, 0, null, total);
        }
        long[] w = new long[hi - lo + 1];
        if (set.isBitSet()) {
            set.nonEmptyWords(scratchWords);
            for (int i = 0; i < scratchWords.n; i++) {
                w[scratchWords.index[i] - lo] = scratchWords.bits[i];
            }
        } else {
            scratchInts.n = 0;
            set.appendTo(scratchInts);
            for (int i = 0; i < scratchInts.n; i++) {
                int o = scratchInts.a[i];
                w[(o >>> 6) - lo] |= 1L << o;
            }
        }
        int nonEmpty = 0;
        for (int i = 0; i < n; i++) {
            w[(fresh[i] >>> 6) - lo] |= 1L << fresh[i];
        }
        for (long bits : w) {
            if (bits != 0) {
                nonEmpty++;
            }
        }
        if (3 * nonEmpty >= w.length) {
            return new PointsToSet(null, w, lo, null, total);
        }
        long[] bits = new long[nonEmpty];
        int[] index = new int[nonEmpty];
        for (int i = 0, k = 0; i < w.length; i++) {
            if (w[i] != 0) {
                bits[k] = w[i];
                index[k++] = lo + i;
            }
        }
        return new PointsToSet(null, bits, 0, index, total);
    }

    /** One more holder of {@code set} (a non-empty set a pointer holds): pending objects that are this set. */
    void pin(PointsToSet set) {
        set.refs++;
    }

    /** A pointer (or pending objects) no longer holds {@code set}. */
    void release(PointsToSet set) {
        if (set != empty && --set.refs == 0) {
            remove(set);
        }
    }

    private PointsToSet replace(PointsToSet old, PointsToSet now) {
        now.refs++;
        release(old);
        return now;
    }

    private static int slot(long h, int mask) {
        return (int) (h ^ (h >>> 29)) & mask;
    }

    private void insert(PointsToSet s, int at) {
        table[at] = s;
        if (++count * 2 > table.length) {
            PointsToSet[] old = table;
            table = new PointsToSet[old.length * 2];
            int mask = table.length - 1;
            for (PointsToSet t : old) {
                if (t != null) {
                    int i = slot(t.hash, mask);
                    while (table[i] != null) {
                        i = (i + 1) & mask;
                    }
                    table[i] = t;
                }
            }
        }
    }

    /** Removes {@code s}, shifting back the entries after it that probed past its slot. */
    private void remove(PointsToSet s) {
        int mask = table.length - 1;
        int i = slot(s.hash, mask);
        while (table[i] != s) {
            i = (i + 1) & mask;
        }
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            PointsToSet t = table[j];
            if (t == null) {
                break;
            }
            int k = slot(t.hash, mask);
            // t may move to the hole at i unless its home slot k lies cyclically in (i, j].
            boolean stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
            if (!stays) {
                table[i] = t;
                i = j;
            }
        }
        table[i] = null;
        count--;
    }
}
