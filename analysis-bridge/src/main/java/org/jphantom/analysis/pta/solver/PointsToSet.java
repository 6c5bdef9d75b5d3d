package org.jphantom.analysis.pta.solver;

import java.util.Arrays;

/**
 * A set of non-negative object indices, in one of two representations. While it is small or its
 * elements are spread thinly it is a sorted array (binary search). Once it is dense enough that a
 * bit set would take no more memory than the array, or large, it becomes a bit set whose words
 * start at the lowest word used (objects allocated close together get close indices, so the words
 * stay few), and stays one.
 *
 * <p>A pointer's set is shared: {@link SetPool} keeps one set per distinct content, which is then
 * immutable to all but the pool ({@linkplain #isShared shared}); a pointer that gains objects gets
 * another shared set, or, holding its set alone, has it grown in place ({@link SetPool#add}). A
 * difference handed on whole to several pointers' pending objects is shared too, outside the pool
 * ({@link #handedOn}). Sets built on their own (pending objects, unions under construction) are
 * mutable.
 */
public final class PointsToSet {
    /** Array sets this large become bit sets whatever their spread. */
    static final int MAX_ARRAY = 256;

    private int[] elems; // sorted, array mode
    private long[] words; // bit-set mode
    private int base; // index of words[0], in words
    /** Sparse bit-set mode (shared sets only): the word number of each of {@code words}, ascending; else null. */
    private int[] index;
    private int size;
    /** Shared through a {@link SetPool} (changed by the pool only from then on), or {@linkplain #handedOn handed on} (never changed). */
    private boolean shared;
    /** Of a shared set: the sum of {@link #hashOf} over its elements, and how many pointers hold it (the pool's). */
    long hash;
    int refs;

    public PointsToSet() {
        elems = new int[2];
    }

    /** A set of exactly these parts (see the fields); {@code index} non-null makes it sparse. */
    PointsToSet(int[] elems, long[] words, int base, int[] index, int size) {
        this.elems = elems;
        this.words = words;
        this.base = base;
        this.index = index;
        this.size = size;
    }

    /**
     * An immutable (shared) sparse bit set of the words {@code w}, not empty: a difference that
     * several pointers hold as their pending objects (12 bytes a non-empty word).
     */
    static PointsToSet handedOn(WordList w) {
        int size = 0;
        for (int i = 0; i < w.n; i++) {
            size += Long.bitCount(w.bits[i]);
        }
        PointsToSet s = new PointsToSet(null, Arrays.copyOf(w.bits, w.n), 0, Arrays.copyOf(w.index, w.n), size);
        s.shared = true;
        return s;
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
            if (index != null) {
                return (word(o >>> 6) & (1L << o)) != 0;
            }
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
        checkMutable();
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
     * returns how many. The elements ascend, so the search for each starts where the last one's
     * ended: both lists are walked together when that is cheaper than a binary search per element.
     */
    public int absent(int[] sorted, int n, int[] out) {
        int k = 0;
        if (words != null && index == null) {
            long[] w = words;
            int b = base;
            for (int i = 0; i < n; i++) {
                int o = sorted[i];
                int at = (o >>> 6) - b;
                if (at < 0 || at >= w.length || (w[at] & (1L << o)) == 0) {
                    out[k++] = o;
                }
            }
            return k;
        }
        int[] keys = words == null ? elems : index; // ascending: the elements, or the sparse words' numbers
        int m = words == null ? size : index.length;
        boolean search = n * 8 < m; // few against many: search, else walk
        int j = 0;
        for (int i = 0; i < n; i++) {
            int o = sorted[i];
            int key = words == null ? o : o >>> 6;
            if (search) {
                int at = Arrays.binarySearch(keys, j, m, key);
                j = at >= 0 ? at : -at - 1;
            } else {
                while (j < m && keys[j] < key) {
                    j++;
                }
            }
            boolean has = j < m && keys[j] == key && (words == null || (words[j] & (1L << o)) != 0);
            if (!has) {
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
        if (index != null) {
            int i = Arrays.binarySearch(index, w);
            return i >= 0 ? words[i] : 0L;
        }
        int i = w - base;
        return i >= 0 && i < words.length ? words[i] : 0L;
    }

    /** Adds the elements of word {@code w} set in {@code bits} (bit-set mode). */
    /** The number of the word {@code words[i]}. */
    private int wordAt(int i) {
        return index == null ? base + i : index[i];
    }

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
     * The non-empty words of this set (in either mode) as a {@link WordList} list, so that one
     * difference can be propagated to many pointers at the cost of its non-empty words only.
     */
    public void nonEmptyWords(WordList out) {
        out.n = 0;
        if (words == null) { // array mode (a shared set may be one): its elements ascend, so do their words
            out.ensure(size);
            int k = -1;
            for (int i = 0; i < size; i++) {
                int w = elems[i] >>> 6;
                if (k < 0 || out.index[k] != w) {
                    out.index[++k] = w;
                    out.bits[k] = 0;
                }
                out.bits[k] |= 1L << elems[i];
            }
            out.n = k + 1;
            return;
        }
        out.ensure(words.length);
        int[] idx = out.index;
        long[] bits = out.bits;
        int k = 0;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            if (w != 0) {
                idx[k] = wordAt(i);
                bits[k++] = w;
            }
        }
        out.n = k;
    }

    /**
     * Writes to {@code out} the words of {@code delta} restricted to the elements this set lacks
     * (empty words left out), comparing a word at a time; returns how many words that is.
     */
    public int absentWords(WordList delta, WordList out) {
        int n = delta.n;
        out.ensure(n);
        int[] idx = delta.index;
        long[] dw = delta.bits;
        int[] oi = out.index;
        long[] ob = out.bits;
        int k = 0;
        boolean bitMode = words != null;
        int[] own = index;
        boolean searchOwn = own != null && n * 8 < own.length; // few words against many: search, else walk
        int j = 0; // array mode: the first element not below the current word; sparse: the first word not below it
        for (int i = 0; i < n; i++) {
            int w = idx[i];
            long have;
            if (own != null) {
                if (searchOwn) {
                    int at = Arrays.binarySearch(own, j, own.length, w);
                    j = at >= 0 ? at : -at - 1;
                } else {
                    while (j < own.length && own[j] < w) {
                        j++;
                    }
                }
                have = j < own.length && own[j] == w ? words[j] : 0L;
            } else if (bitMode) {
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
    public boolean addWords(WordList w) {
        checkMutable();
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

    // ------------------------------------------------------------------ sharing (see SetPool)

    /** Whether this set is shared through a {@link SetPool} or {@linkplain #handedOn handed on}, hence immutable to all but the pool. */
    public boolean isShared() {
        return shared;
    }

    /** Makes this set immutable; {@code hash} is the sum of {@link #hashOf} over its elements. */
    void share(long hash) {
        this.shared = true;
        this.hash = hash;
    }

    /** Whether this is a bit set over a range of words (not an array, not sparse). */
    boolean isDenseBitSet() {
        return words != null && index == null;
    }

    /**
     * Adds {@code fresh[0..n)} (ascending, none of them in this set, {@code n > 0}) to this shared
     * dense bit set, whose hash becomes {@code hash}: for {@link SetPool} only, when the one
     * pointer that holds this set grows it.
     */
    void extendShared(int[] fresh, int n, long hash) {
        reserve(fresh[0] >>> 6, fresh[n - 1] >>> 6);
        for (int i = 0; i < n; i++) {
            words[(fresh[i] >>> 6) - base] |= 1L << fresh[i];
        }
        size += n;
        this.hash = hash;
    }

    private void checkMutable() {
        if (shared) {
            throw new IllegalStateException("a shared points-to set is immutable");
        }
    }

    /** The hash of one element; a set's hash is the sum over its elements, so disjoint unions add up. */
    static long hashOf(int o) {
        long h = o * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        return h ^ (h >>> 32);
    }

    /** The sum of {@link #hashOf} over the elements. */
    long elementHash() {
        long h = 0;
        if (words == null) {
            for (int i = 0; i < size; i++) {
                h += hashOf(elems[i]);
            }
            return h;
        }
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            while (bits != 0) {
                h += hashOf((wordAt(i) << 6) + Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        }
        return h;
    }

    /** Whether every element of {@code other} is in this set. */
    boolean containsAll(PointsToSet other) {
        if (other.size > size) {
            return false;
        }
        if (words != null && other.words != null) {
            long[] ow = other.words;
            if (index == null) {
                for (int i = 0; i < ow.length; i++) {
                    if ((ow[i] & ~word(other.wordAt(i))) != 0) {
                        return false;
                    }
                }
                return true;
            }
            // Sparse: both word lists ascend, so walk them together (no search per word).
            int[] idx = index;
            int j = 0;
            for (int i = 0; i < ow.length; i++) {
                long bits = ow[i];
                if (bits == 0) {
                    continue;
                }
                int w = other.wordAt(i);
                while (j < idx.length && idx[j] < w) {
                    j++;
                }
                if (j == idx.length || idx[j] != w || (bits & ~words[j]) != 0) {
                    return false;
                }
            }
            return true;
        }
        if (other.words == null) {
            return containsAll(other.elems, other.size);
        }
        for (int i = 0; i < other.words.length; i++) {
            long bits = other.words[i];
            while (bits != 0) {
                if (!contains((other.wordAt(i) << 6) + Long.numberOfTrailingZeros(bits))) {
                    return false;
                }
                bits &= bits - 1;
            }
        }
        return true;
    }

    /** Whether every element of {@code a[0..n)} (ascending) is in this set. */
    boolean containsAll(int[] a, int n) {
        if (n > size) {
            return false;
        }
        if (words != null && index == null) {
            for (int i = 0; i < n; i++) {
                if (!contains(a[i])) {
                    return false;
                }
            }
            return true;
        }
        int[] keys = words == null ? elems : index;
        int m = words == null ? size : index.length;
        boolean search = n * 8 < m;
        int j = 0;
        for (int i = 0; i < n; i++) {
            int o = a[i];
            int key = words == null ? o : o >>> 6;
            if (search) {
                int at = Arrays.binarySearch(keys, j, m, key);
                if (at < 0) {
                    return false;
                }
                j = at;
            } else {
                while (j < m && keys[j] < key) {
                    j++;
                }
                if (j == m || keys[j] != key) {
                    return false;
                }
            }
            if (words != null && (words[j] & (1L << o)) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A mutable bit set of {@code a[0..n)} (any order, repeats allowed, {@code n > 0}), its words
     * allocated once for the range the elements span.
     */
    static PointsToSet bitSetOf(int[] a, int n) {
        int lo = a[0];
        int hi = a[0];
        for (int i = 1; i < n; i++) {
            lo = Math.min(lo, a[i]);
            hi = Math.max(hi, a[i]);
        }
        PointsToSet s = bitSet();
        s.reserve(lo >>> 6, hi >>> 6);
        for (int i = 0; i < n; i++) {
            s.addBit(a[i]);
        }
        return s;
    }

    /** The smallest element; the set is not empty. */
    int min() {
        if (words == null) {
            return elems[0];
        }
        int i = 0;
        while (words[i] == 0) {
            i++;
        }
        return (wordAt(i) << 6) + Long.numberOfTrailingZeros(words[i]);
    }

    /** The largest element; the set is not empty. */
    int max() {
        if (words == null) {
            return elems[size - 1];
        }
        int i = words.length - 1;
        while (words[i] == 0) {
            i--;
        }
        return (wordAt(i) << 6) + 63 - Long.numberOfLeadingZeros(words[i]);
    }

    /** Removes from this (mutable) set the elements {@code other} has; returns the size left. */
    int removeAll(PointsToSet other) {
        checkMutable();
        if (words == null) {
            int k = 0;
            for (int i = 0; i < size; i++) {
                if (!other.contains(elems[i])) {
                    elems[k++] = elems[i];
                }
            }
            size = k;
            return k;
        }
        int n = 0;
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            if (bits == 0) {
                continue;
            }
            if (other.words != null) {
                bits &= ~other.word(base + i);
            } else {
                for (long b = bits; b != 0; b &= b - 1) {
                    int o = ((base + i) << 6) + Long.numberOfTrailingZeros(b);
                    if (other.contains(o)) {
                        bits &= ~(1L << o);
                    }
                }
            }
            words[i] = bits;
            n += Long.bitCount(bits);
        }
        size = n;
        return n;
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
                a[n++] = (wordAt(i) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        out.n = n;
    }

    /** Whether some element satisfies {@code p}: visits them in ascending order, up to the first that does. */
    public boolean anyMatch(java.util.function.IntPredicate p) {
        if (words == null) {
            for (int i = 0; i < size; i++) {
                if (p.test(elems[i])) {
                    return true;
                }
            }
            return false;
        }
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            while (bits != 0) {
                if (p.test((wordAt(i) << 6) + Long.numberOfTrailingZeros(bits))) {
                    return true;
                }
                bits &= bits - 1;
            }
        }
        return false;
    }

    /** The elements, ascending. */
    public int[] toSortedArray() {
        if (words == null) {
            return Arrays.copyOf(elems, size);
        }
        int[] out = new int[size];
        int n = 0;
        for (int i = 0; i < words.length; i++) {
            long bits = words[i];
            while (bits != 0) {
                out[n++] = (wordAt(i) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return out;
    }
}
