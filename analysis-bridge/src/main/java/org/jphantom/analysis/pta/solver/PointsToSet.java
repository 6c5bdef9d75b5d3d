package org.jphantom.analysis.pta.solver;

import java.util.Arrays;

/**
 * A set of non-negative object indices, in one of two representations. While it is small or its
 * elements are spread thinly it is a sorted array (binary search). Once it is dense enough that a
 * bit set would take no more memory than the array, or large, it becomes a bit set whose words
 * start at the lowest word used (objects allocated close together get close indices, so the words
 * stay few), and stays one.
 */
public final class PointsToSet {
    /** Array sets this large become bit sets whatever their spread. */
    private static final int MAX_ARRAY = 256;

    private int[] elems; // sorted, array mode
    private long[] words; // bit-set mode
    private int base; // index of words[0], in words
    private int size;

    public PointsToSet() {
        elems = new int[2];
    }

    /** An empty set that is a bit set from the start (for sets expected to be large). */
    public static PointsToSet bitSet() {
        PointsToSet s = new PointsToSet();
        s.elems = null;
        s.words = new long[0];
        s.base = Integer.MAX_VALUE;
        return s;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(int o) {
        long[] w = words;
        if (w != null) {
            int i = (o >>> 6) - base;
            return i >= 0 && i < w.length && (w[i] & (1L << o)) != 0;
        }
        return indexOf(o) >= 0;
    }

    /**
     * The index of {@code o} in the sorted array, or {@code -(insertion point + 1)}. The search has
     * no data-dependent branch but the loop's (the JIT can make the select a conditional move).
     */
    private int indexOf(int o) {
        int[] a = elems;
        int n = size;
        if (n == 0) {
            return -1;
        }
        int base = 0;
        while (n > 1) {
            int half = n >>> 1;
            base = a[base + half] <= o ? base + half : base;
            n -= half;
        }
        int v = a[base];
        return v == o ? base : v < o ? -(base + 2) : -(base + 1);
    }

    /** Adds {@code o}; whether it was absent. */
    public boolean add(int o) {
        if (words == null) {
            int at = indexOf(o);
            if (at >= 0) {
                return false;
            }
            at = -at - 1;
            int n = size;
            int[] a = elems;
            if (n == a.length) {
                // Growing: the moment to consider the bit-set representation.
                int lo = Math.min(o, a[0]) >>> 6;
                int hi = Math.max(o, a[n - 1]) >>> 6;
                if (hi - lo + 1 <= n || n >= MAX_ARRAY) {
                    toBits(lo, hi);
                    return addBit(o);
                }
                a = Arrays.copyOf(a, n * 2);
                elems = a;
            }
            System.arraycopy(a, at, a, at + 1, n - at);
            a[at] = o;
            size = n + 1;
            return true;
        }
        return addBit(o);
    }

    private boolean addBit(int o) {
        int w = o >>> 6;
        int i = w - base;
        if (i < 0 || i >= words.length) {
            ensureWords(w);
            i = w - base;
        }
        long bit = 1L << o;
        if ((words[i] & bit) != 0) {
            return false;
        }
        words[i] |= bit;
        size++;
        return true;
    }

    private void toBits(int lo, int hi) {
        int[] a = elems;
        base = lo;
        words = new long[hi - lo + 1];
        for (int i = 0; i < size; i++) {
            words[(a[i] >>> 6) - base] |= 1L << a[i];
        }
        elems = null;
    }

    /** Makes words {@code lo..hi} addressable (bit-set mode) with at most one reallocation. */
    private void reserve(int lo, int hi) {
        if (words.length == 0) {
            words = new long[hi - lo + 1];
            base = lo;
            return;
        }
        if (lo >= base && hi < base + words.length) {
            return;
        }
        int newBase = Math.min(base, lo);
        int newEnd = Math.max(base + words.length, hi + 1);
        int grow = 4 + ((newEnd - newBase) >> 3); // slack for later growth on the side that grew
        if (newBase < base) {
            newBase = Math.max(0, newBase - grow);
        }
        if (newEnd > base + words.length) {
            newEnd += grow;
        }
        long[] n = new long[newEnd - newBase];
        System.arraycopy(words, 0, n, base - newBase, words.length);
        words = n;
        base = newBase;
    }

    private void ensureWords(int w) {
        if (words.length == 0) {
            words = new long[16];
            base = Math.max(0, w - 8);
            return;
        }
        if (w < base) {
            int grow = Math.max(base - w, 4 + (words.length >> 3));
            int newBase = Math.max(0, base - grow);
            long[] n = new long[words.length + (base - newBase)];
            System.arraycopy(words, 0, n, base - newBase, words.length);
            words = n;
            base = newBase;
        } else {
            int need = w - base + 1;
            // Modest growth: large sets grow by the objects allocated since, which come at the top.
            words = Arrays.copyOf(words, Math.max(need, words.length + 4 + (words.length >> 3)));
        }
    }

    /**
     * Writes the elements of {@code sorted[0..n)} (ascending) that this set lacks to {@code out};
     * returns how many. Against an array set this walks both arrays together when that is cheaper
     * than a binary search per element.
     */
    public int absent(int[] sorted, int n, int[] out) {
        int k = 0;
        if (words != null || n * 8 < size) {
            for (int i = 0; i < n; i++) {
                if (!contains(sorted[i])) {
                    out[k++] = sorted[i];
                }
            }
            return k;
        }
        int[] a = elems;
        int j = 0;
        int m = size;
        for (int i = 0; i < n; i++) {
            int o = sorted[i];
            while (j < m && a[j] < o) {
                j++;
            }
            if (j == m || a[j] != o) {
                out[k++] = o;
            }
        }
        return k;
    }

    /** Whether this set is in bit-set mode (word operations apply). */
    public boolean isBitSet() {
        return words != null;
    }

    /** The 64 elements {@code [64 * w, 64 * w + 64)} as a word (bit-set mode). */
    private long word(int w) {
        int i = w - base;
        return i >= 0 && i < words.length ? words[i] : 0L;
    }

    /** Adds the elements of word {@code w} set in {@code bits} (bit-set mode). */
    private void orWord(int w, long bits) {
        int i = w - base;
        if (i < 0 || i >= words.length) {
            ensureWords(w);
            i = w - base;
        }
        long old = words[i];
        words[i] = old | bits;
        size += Long.bitCount(bits & ~old);
    }

    /**
     * Moves the elements of {@code pending} into this set, both bit sets, a word at a time, and
     * leaves in {@code pending} only those that were new here: the difference. Returns its size.
     */
    public int addAllKeepingNew(PointsToSet pending) {
        long[] pw = pending.words;
        int pb = pending.base;
        int lo = 0;
        int hi = pw.length - 1;
        while (lo <= hi && pw[lo] == 0) {
            lo++;
        }
        while (hi >= lo && pw[hi] == 0) {
            hi--;
        }
        if (lo > hi) {
            pending.size = 0;
            return 0;
        }
        reserve(pb + lo, pb + hi);
        int n = 0;
        for (int i = lo; i <= hi; i++) {
            long w = pw[i];
            if (w == 0) {
                continue;
            }
            long fresh = w & ~word(pb + i);
            pw[i] = fresh;
            if (fresh != 0) {
                orWord(pb + i, fresh);
                n += Long.bitCount(fresh);
            }
        }
        pending.size = n;
        return n;
    }

    /**
     * The non-empty words of this set (bit-set mode) as a {@link Words} list, so that one
     * difference can be propagated to many pointers at the cost of its non-empty words only.
     */
    public void nonEmptyWords(Words out) {
        out.n = 0;
        out.ensure(words.length);
        int[] idx = out.index;
        long[] bits = out.bits;
        int k = 0;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            if (w != 0) {
                idx[k] = base + i;
                bits[k++] = w;
            }
        }
        out.n = k;
    }

    /**
     * Writes to {@code out} the words of {@code delta} restricted to the elements this set lacks
     * (empty words left out), comparing a word at a time; returns how many words that is.
     */
    public int absentWords(Words delta, Words out) {
        int n = delta.n;
        out.ensure(n);
        int[] idx = delta.index;
        long[] dw = delta.bits;
        int[] oi = out.index;
        long[] ob = out.bits;
        int k = 0;
        boolean bitMode = words != null;
        int j = 0; // array mode: the first element not below the current word
        for (int i = 0; i < n; i++) {
            int w = idx[i];
            long have;
            if (bitMode) {
                have = word(w);
            } else {
                have = 0;
                int start = w << 6;
                while (j < size && elems[j] < start) {
                    j++;
                }
                while (j < size && elems[j] < start + 64) {
                    have |= 1L << elems[j++];
                }
            }
            long fresh = dw[i] & ~have;
            if (fresh != 0) {
                oi[k] = w;
                ob[k++] = fresh;
            }
        }
        out.n = k;
        return k;
    }

    /** Adds the elements of {@code w} (bit-set mode), with one allocation at most; whether any was new. */
    public boolean addWords(Words w) {
        int n = w.n;
        if (n == 0) {
            return false;
        }
        reserve(w.index[0], w.index[n - 1]);
        int before = size;
        for (int i = 0; i < n; i++) {
            orWord(w.index[i], w.bits[i]);
        }
        return size != before;
    }

    /** Appends every element to {@code out}, in ascending order. */
    public void appendTo(IntBuffer out) {
        out.ensure(size);
        int[] a = out.a;
        int n = out.n;
        if (words == null) {
            System.arraycopy(elems, 0, a, n, size);
            out.n = n + size;
            return;
        }
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            while (bits != 0) {
                a[n++] = ((base + i) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        out.n = n;
    }

    /** The elements, ascending. */
    public int[] toSortedArray() {
        IntBuffer b = new IntBuffer(size);
        appendTo(b);
        return b.toArray();
    }

    /** A reusable list of words of a bit set: {@code bits[k]} holds elements {@code 64 * index[k] ..}, ascending. */
    public static final class Words {
        public int[] index = new int[64];
        public long[] bits = new long[64];
        public int n;

        /** The elements, ascending. */
        public int[] toArray() {
            int count = 0;
            for (int i = 0; i < n; i++) {
                count += Long.bitCount(bits[i]);
            }
            int[] out = new int[count];
            int k = 0;
            for (int i = 0; i < n; i++) {
                long b = bits[i];
                while (b != 0) {
                    out[k++] = (index[i] << 6) + Long.numberOfTrailingZeros(b);
                    b &= b - 1;
                }
            }
            return out;
        }

        void ensure(int capacity) {
            if (index.length < capacity) {
                int c = Math.max(capacity, index.length * 2);
                index = new int[c];
                bits = new long[c];
            }
        }
    }

    /** A reusable, growable buffer of ints. */
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

        /** Room for {@code more} elements after the current ones. */
        public void ensure(int more) {
            if (n + more > a.length) {
                a = Arrays.copyOf(a, Math.max(n + more, a.length * 2));
            }
        }

        public int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
