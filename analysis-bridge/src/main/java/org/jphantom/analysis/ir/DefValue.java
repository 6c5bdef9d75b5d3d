package org.jphantom.analysis.ir;

import java.util.Arrays;
import org.objectweb.asm.tree.analysis.Value;

/**
 * The abstract value of a stack slot or local during the IR's dataflow pass: for a reference, the
 * set of definition sites it may come from (instructions, parameters, exception handlers); for
 * anything else only its size. Two uses of one local slot that see different definitions therefore
 * get different variables, whatever the slot.
 */
final class DefValue implements Value {
    static final int[] NO_DEFS = new int[0];
    /** A one-word primitive (or a return address). */
    static final DefValue PRIM1 = new DefValue(1, null);
    /** A long or double. */
    static final DefValue PRIM2 = new DefValue(2, null);
    /** A local that holds nothing usable (unset, or different kinds on different paths). */
    static final DefValue UNUSABLE = new DefValue(1, null);
    /** The null reference: a reference with no definition. */
    static final DefValue NULL = new DefValue(1, NO_DEFS);

    final int size;
    /** Sorted definition ids of a reference, null for non-references. */
    final int[] defs;

    DefValue(int size, int[] defs) {
        this.size = size;
        this.defs = defs;
    }

    boolean isReference() {
        return defs != null;
    }

    @Override
    public int getSize() {
        return size;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DefValue d && d.size == size && Arrays.equals(d.defs, defs)
                && (defs != null || this == o);
    }

    @Override
    public int hashCode() {
        return defs == null ? System.identityHashCode(this) : Arrays.hashCode(defs);
    }

    /** The sorted union of two definition sets. */
    static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                out[n++] = a[i++];
            } else if (a[i] > b[j]) {
                out[n++] = b[j++];
            } else {
                out[n++] = a[i++];
                j++;
            }
        }
        while (i < a.length) {
            out[n++] = a[i++];
        }
        while (j < b.length) {
            out[n++] = b[j++];
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
