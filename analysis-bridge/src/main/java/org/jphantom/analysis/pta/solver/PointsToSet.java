package org.jphantom.analysis.pta.solver;

import java.util.Arrays;

/**
 * A set of non-negative object indices. Small sets are an unsorted array scanned linearly; past
 * {@value #SMALL} elements the set becomes a bit set whose words start at the lowest word used
 * (objects allocated close together get close indices, so the words stay few).
 */
public final class PointsToSet {
    static final int SMALL = 16;

    private int[] small = new int[4];
    private long[] words;
    private int base; // index of words[0], in words
    private int size;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(int o) {
        if (words == null) {
            int[] a = small;
            for (int i = 0, n = size; i < n; i++) {
                if (a[i] == o) {
                    return true;
                }
            }
            return false;
        }
        int w = (o >>> 6) - base;
        return w >= 0 && w < words.length && (words[w] & (1L << o)) != 0;
    }

    /** Adds {@code o}; whether it was absent. */
    public boolean add(int o) {
        if (words == null) {
            int[] a = small;
            int n = size;
            for (int i = 0; i < n; i++) {
                if (a[i] == o) {
                    return false;
                }
            }
            if (n < SMALL) {
                if (n == a.length) {
                    small = a = Arrays.copyOf(a, n * 2);
                }
                a[n] = o;
                size = n + 1;
                return true;
            }
            toBits();
        }
        int w = o >>> 6;
        ensureWord(w);
        int i = w - base;
        long bit = 1L << o;
        if ((words[i] & bit) != 0) {
            return false;
        }
        words[i] |= bit;
        size++;
        return true;
    }

    private void toBits() {
        int[] a = small;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, a[i] >>> 6);
            max = Math.max(max, a[i] >>> 6);
        }
        base = min;
        words = new long[max - min + 1];
        for (int i = 0; i < size; i++) {
            words[(a[i] >>> 6) - base] |= 1L << a[i];
        }
        small = null;
    }

    private void ensureWord(int w) {
        if (w < base) {
            int grow = Math.max(base - w, words.length >> 1);
            int newBase = Math.max(0, base - grow);
            long[] n = new long[words.length + (base - newBase)];
            System.arraycopy(words, 0, n, base - newBase, words.length);
            words = n;
            base = newBase;
        } else if (w - base >= words.length) {
            int need = w - base + 1;
            words = Arrays.copyOf(words, Math.max(need, words.length + (words.length >> 1)));
        }
    }

    /**
     * Adds every element of {@code other} that this set lacks, and appends those elements to
     * {@code diff}; returns how many were added.
     */
    public int addAllDiff(PointsToSet other, IntBuffer diff) {
        int added = 0;
        if (other.words == null) {
            int[] a = other.small;
            for (int i = 0, n = other.size; i < n; i++) {
                if (add(a[i])) {
                    diff.add(a[i]);
                    added++;
                }
            }
            return added;
        }
        long[] ow = other.words;
        int ob = other.base;
        for (int i = 0; i < ow.length; i++) {
            long bits = ow[i];
            while (bits != 0) {
                int o = ((ob + i) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (add(o)) {
                    diff.add(o);
                    added++;
                }
            }
        }
        return added;
    }

    /** Appends every element to {@code out}, ascending in bit-set mode. */
    public void appendTo(IntBuffer out) {
        if (words == null) {
            for (int i = 0; i < size; i++) {
                out.add(small[i]);
            }
            return;
        }
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            while (bits != 0) {
                out.add(((base + i) << 6) + Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        }
    }

    /** The elements, ascending. */
    public int[] toSortedArray() {
        IntBuffer b = new IntBuffer(size);
        appendTo(b);
        int[] a = b.toArray();
        Arrays.sort(a);
        return a;
    }

    /** A reusable, growable buffer of ints for deltas. */
    public static final class IntBuffer {
        public int[] a;
        public int n;

        public IntBuffer(int capacity) {
            a = new int[Math.max(4, capacity)];
        }

        public void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        public int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
