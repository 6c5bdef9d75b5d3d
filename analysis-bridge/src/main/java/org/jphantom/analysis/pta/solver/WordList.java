package org.jphantom.analysis.pta.solver;

/** A reusable list of words of a bit set: {@code bits[k]} holds elements {@code 64 * index[k] ..}, ascending. */
public final class WordList {
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

    /** Appends the elements to {@code out}, ascending. */
    void appendTo(IntBuffer out) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += Long.bitCount(bits[i]);
        }
        out.ensure(count);
        int[] a = out.a;
        int k = out.n;
        for (int i = 0; i < n; i++) {
            long b = bits[i];
            while (b != 0) {
                a[k++] = (index[i] << 6) + Long.numberOfTrailingZeros(b);
                b &= b - 1;
            }
        }
        out.n = k;
    }

    void ensure(int capacity) {
        if (index.length < capacity) {
            int c = Math.max(capacity, index.length * 2);
            index = new int[c];
            bits = new long[c];
        }
    }
}
