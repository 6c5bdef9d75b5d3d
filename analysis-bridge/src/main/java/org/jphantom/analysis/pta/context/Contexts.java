package org.jphantom.analysis.pta.context;

import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * Interned contexts: sequences of up to a few int elements (call sites, abstract objects or types,
 * as the selector decides), each with a dense index. Index 0 is the empty context. A context is a
 * node of a trie: its parent is the context without its last element.
 */
public final class Contexts {
    public static final int EMPTY = 0;

    private final IntList parent = new IntList(256);
    private final IntList last = new IntList(256);
    private final IntList length = new IntList(256);
    private final LongIntMap children = new LongIntMap(256);
    /** Per context: it without its oldest element, once asked (-1 before). */
    private final IntList withoutFirst = new IntList(256);

    public Contexts() {
        parent.add(-1);
        last.add(-1);
        length.add(0);
        withoutFirst.add(-1);
    }

    public int count() {
        return parent.size();
    }

    public int length(int ctx) {
        return length.get(ctx);
    }

    /** The context {@code ctx} followed by {@code elem}. */
    public int child(int ctx, int elem) {
        long key = LongIntMap.key(ctx, elem);
        int c = children.get(key);
        if (c < 0) {
            c = parent.size();
            parent.add(ctx);
            last.add(elem);
            length.add(length.get(ctx) + 1);
            withoutFirst.add(-1);
            children.put(key, c);
        }
        return c;
    }

    /** The elements of {@code ctx}, oldest first. */
    public int[] elements(int ctx) {
        int[] out = new int[length.get(ctx)];
        for (int c = ctx, i = out.length - 1; c > 0; c = parent.get(c), i--) {
            out[i] = last.get(c);
        }
        return out;
    }

    /** The last {@code k} elements of {@code ctx}. */
    public int suffix(int ctx, int k) {
        int n = length.get(ctx);
        if (n <= k) {
            return ctx;
        }
        if (n == k + 1 && k > 0) { // the usual case, a k-limited context extended by one: remembered
            return withoutFirst(ctx);
        }
        int[] e = elements(ctx);
        int c = EMPTY;
        for (int i = n - k; i < n; i++) {
            c = child(c, e[i]);
        }
        return c;
    }

    /**
     * {@code ctx} (not empty) without its oldest element; made as {@link #suffix} would make it (the
     * same contexts, in the same order: the one-element suffix first, then each longer one).
     */
    private int withoutFirst(int ctx) {
        int d = withoutFirst.get(ctx);
        if (d < 0) {
            int p = parent.get(ctx);
            d = p == EMPTY ? EMPTY : child(withoutFirst(p), last.get(ctx));
            withoutFirst.set(ctx, d);
        }
        return d;
    }

    /** The last {@code k} elements of {@code ctx} followed by {@code elem}, at most {@code k} in all. */
    public int append(int ctx, int elem, int k) {
        if (k <= 0) {
            return EMPTY;
        }
        return child(suffix(ctx, k - 1), elem);
    }
}
