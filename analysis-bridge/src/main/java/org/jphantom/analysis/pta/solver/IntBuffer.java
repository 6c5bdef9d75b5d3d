package org.jphantom.analysis.pta.solver;

import java.util.Arrays;

/** A reusable, growable buffer of ints. */
public final class IntBuffer {
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
