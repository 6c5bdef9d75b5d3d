package org.jphantom.analysis.pta.solver;

import java.util.Arrays;

/**
 * The pointers with pending objects, and those objects.
 *
 * <p>Pending objects of a pointer are a plain list while few; past {@value #PENDING_LIST} they move
 * to a bit set, since a wave of new objects can reach a great many pointers before any of them is
 * processed, each from several predecessors. The list may repeat objects and hold objects the
 * pointer already has: the points-to set decides what is new when the pointer is processed.
 *
 * <p>Objects that reach a pointer as a whole set it lacked entirely (a difference handed on to
 * several successors, or a pointer's set along a new edge) stay that one immutable set, held as
 * the pointer's pending objects until it is processed or gets more ({@link #pushShared}), not
 * copied: under deep contexts a wave reaches millions of pointers before any of them is processed,
 * and new contexts' pointers get the same sets along their new edges (s-3cfa-full on sablecc held
 * 2 million pending bit sets, 1.4 GB, at one time). A set of the {@link SetPool} held so is
 * pinned there (counted as one more holder, so not grown in place) until the pointer lets go, and
 * words that reach a pointer whose pending objects are such a set, a list or nothing make its
 * pending objects a set of the pool too. All this only once {@link #pinIn} named the pool (the
 * solver does so under per-variable selectors); before, pending sets are each pointer's own.
 *
 * <p>Pointers are processed in rounds: a round takes the pointers queued since the last one in
 * ascending order (roughly the order of discovery, so sources before what they feed), each once. A
 * pointer that gains objects again while its round runs waits for the next, so its objects arrive
 * together.
 */
final class WorkList {
    /** Pending lists longer than this become bit sets. */
    static final int PENDING_LIST = 64;

    private int[][] pending = new int[1 << 14][];
    private int[] pendingCount = new int[1 << 14];
    private PointsToSet[] pendingSet = new PointsToSet[1 << 14];
    private boolean[] queued = new boolean[1 << 14];
    private final WordList copied = new WordList();
    private final WordList handed = new WordList();
    private final WordList words = new WordList();
    private final WordList lacked = new WordList();
    private final IntBuffer ints = new IntBuffer(256);
    /** Where pending objects are interned and pinned (null: pending sets are private, never shared). */
    private SetPool pool;

    private int[] queue = new int[1 << 12]; // this round's pointers, ascending
    private int qHead;
    private int qSize;
    private int[] next = new int[1 << 12]; // the next round's pointers, in arrival order
    private int nextSize;

    /** Lets pending objects be shared sets, those of {@code pool} interned there and pinned while held. */
    void pinIn(SetPool pool) {
        this.pool = pool;
    }

    /** Makes room for pointers {@code 0..p}. */
    void ensureCapacity(int p) {
        if (p >= queued.length) {
            int n = Math.max(p + 1, queued.length * 2);
            pending = Arrays.copyOf(pending, n);
            pendingCount = Arrays.copyOf(pendingCount, n);
            pendingSet = Arrays.copyOf(pendingSet, n);
            queued = Arrays.copyOf(queued, n);
        }
    }

    /** Queues object {@code o} for pointer {@code p}. */
    void push(int p, int o) {
        PointsToSet big = pendingSet[p];
        if (big != null) {
            (big.isShared() ? bits(p) : big).add(o);
        } else {
            int[] a = pending[p];
            int n = pendingCount[p];
            if (a == null) {
                a = new int[4];
                pending[p] = a;
            } else if (n == a.length) {
                if (n >= PENDING_LIST) {
                    bits(p).add(o);
                    if (!queued[p]) {
                        enqueue(p);
                    }
                    return;
                }
                a = Arrays.copyOf(a, n * 2);
                pending[p] = a;
            }
            a[n] = o;
            pendingCount[p] = n + 1;
        }
        if (!queued[p]) {
            enqueue(p);
        }
    }

    /** Queues the objects of the words {@code w} for {@code p}. */
    void pushWords(int p, WordList w) {
        PointsToSet own = pendingSet[p];
        if (pool == null || own != null && !own.isShared()) {
            if (own == null || own.isShared()) {
                own = bits(p);
            }
            if (own.addWords(w) && !queued[p]) {
                enqueue(p);
            }
            return;
        }
        intern(p, w);
    }

    /**
     * Makes the pending objects of {@code p} (a shared set, its list, or none) and the objects of
     * {@code w} one set of the pool, held (pinned) by {@code p}: pointers that gain the same
     * objects in a wave then hold one set between them, not a copy each.
     */
    private void intern(int p, WordList w) {
        // A pending set here is shared (a pointer's own takes words directly, pushWords), and a
        // pending list exists only without a pending set (push): what is new is found a word at
        // a time against the set, and only the list's objects need sorting and folding.
        PointsToSet cur = pendingSet[p];
        ints.n = 0;
        if (cur == null) {
            w.appendTo(ints);
        } else if (cur.absentWords(w, lacked) > 0) {
            lacked.appendTo(ints);
        }
        int n = ints.n;
        int listed = pendingCount[p];
        if (listed > 0) {
            ints.ensure(listed);
            System.arraycopy(pending[p], 0, ints.a, n, listed);
            n += listed;
        }
        int[] a = ints.a;
        int k = n;
        if (listed > 0) {
            java.util.Arrays.sort(a, 0, n);
            k = 0;
            for (int i = 0; i < n; i++) {
                if (k == 0 || a[k - 1] != a[i]) {
                    a[k++] = a[i];
                }
            }
        }
        pending[p] = null;
        pendingCount[p] = 0;
        if (k > 0) {
            if (cur != null && cur.refs > 0) {
                pendingSet[p] = pool.add(cur, a, k); // lets go of cur, holds the union
            } else {
                PointsToSet built = PointsToSet.bitSetOf(a, k);
                if (cur != null) {
                    cur.nonEmptyWords(handed);
                    built.addWords(handed);
                }
                pendingSet[p] = pool.share(built);
            }
        }
        if (pendingSet[p] != null && !queued[p]) {
            enqueue(p);
        }
    }

    /**
     * Queues the objects of {@code shared} (immutable) for {@code p}: they
     * become its pending objects as they are if it has none, else are added to its own.
     */
    void pushShared(int p, PointsToSet shared) {
        if (pendingSet[p] == null && pending[p] == null) {
            if (shared.refs > 0) {
                pool.pin(shared);
            }
            pendingSet[p] = shared;
            if (!queued[p]) {
                enqueue(p);
            }
            return;
        }
        if (pendingSet[p] == shared) {
            return; // pending already, as it is
        }
        shared.nonEmptyWords(words);
        pushWords(p, words);
    }

    /** The pending objects of {@code p} as a bit set of its own, made one (from the list or a shared set) if needed. */
    PointsToSet bits(int p) {
        PointsToSet big = pendingSet[p];
        if (big != null && big.isShared()) {
            big.nonEmptyWords(copied);
            PointsToSet own = PointsToSet.bitSet();
            own.addWords(copied);
            pendingSet[p] = own;
            unpin(big);
            return own;
        }
        if (big == null) {
            int n = pendingCount[p];
            big = n == 0 ? PointsToSet.bitSet() : PointsToSet.bitSetOf(pending[p], n);
            pendingSet[p] = big;
            pending[p] = null;
            pendingCount[p] = 0;
        }
        return big;
    }

    /** The pending list of {@code p} (valid up to {@link #pendingCount}), or null. */
    int[] pendingList(int p) {
        return pending[p];
    }

    int pendingCount(int p) {
        return pendingCount[p];
    }

    /**
     * The pending set of {@code p}, or null while its objects are a list; {@linkplain
     * PointsToSet#isShared shared} (to be read only) if it is a shared one (handed on, or of the pool).
     */
    PointsToSet pendingSet(int p) {
        return pendingSet[p];
    }

    /**
     * Forgets the pending objects of {@code p} (the caller took them: a shared set among them
     * stays as it is until the caller's next change to the graph).
     */
    void clear(int p) {
        pending[p] = null;
        pendingCount[p] = 0;
        PointsToSet big = pendingSet[p];
        if (big != null) {
            pendingSet[p] = null;
            unpin(big);
        }
    }

    private void unpin(PointsToSet set) {
        if (set.isShared() && set.refs > 0) {
            pool.release(set);
        }
    }

    /** Queues {@code p} if its pending bit set is non-empty and it is not queued yet. */
    void requeueIfPending(int p) {
        if (pendingSet[p] != null && !pendingSet[p].isEmpty() && !queued[p]) {
            enqueue(p);
        }
    }

    private void enqueue(int p) {
        if (nextSize == next.length) {
            next = Arrays.copyOf(next, nextSize * 2);
        }
        next[nextSize++] = p;
        queued[p] = true;
    }

    /** Whether this round has pointers left. */
    boolean hasInRound() {
        return qHead < qSize;
    }

    /** Starts the next round; false if no pointer is queued. */
    boolean nextRound() {
        if (nextSize == 0) {
            return false;
        }
        int[] t = queue;
        queue = next;
        next = t;
        qSize = nextSize;
        qHead = 0;
        nextSize = 0;
        Arrays.sort(queue, 0, qSize);
        return true;
    }

    /** The next pointer of this round (no longer queued). */
    int poll() {
        int p = queue[qHead++];
        queued[p] = false;
        return p;
    }

    /**
     * Sorts {@code a[0..n)} and keeps in its prefix, ascending, each element {@code set} lacks,
     * once; returns how many.
     */
    static int absentSorted(int[] a, int n, PointsToSet set) {
        Arrays.sort(a, 0, n);
        int k = 0;
        for (int i = 0; i < n; i++) {
            int o = a[i];
            if ((k == 0 || a[k - 1] != o) && !set.contains(o)) {
                a[k++] = o;
            }
        }
        return k;
    }
}
