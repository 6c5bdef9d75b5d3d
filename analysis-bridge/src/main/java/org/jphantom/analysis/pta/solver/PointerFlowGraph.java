package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.Program;

/**
 * The pointer flow graph: a points-to set per pointer and the edges {@code p -> q} (everything
 * {@code p} points to may flow to {@code q}, optionally through a {@link TypeFilter}), and how
 * objects travel along them: what a successor lacks is queued on the {@link WorkList}.
 *
 * <p>Pointers merged into a collapsed cycle (see {@link CycleEliminator}) keep their index, but
 * their set, out-edges and pending objects are those of the cycle's representative, {@link #find}.
 * Differences of many objects travel a word of a bit set at a time.
 */
final class PointerFlowGraph {
    private final Program program;
    private final CSManager cs;
    private final WorkList work;

    /** The sets, shared among pointers with equal ones ({@link SetPool}): replaced, or grown in place when one pointer holds it. */
    final SetPool sets = new SetPool();
    PointsToSet[] pts = new PointsToSet[1 << 14];
    int[][] succ = new int[1 << 14][];
    int[] succCount = new int[1 << 14];
    TypeFilter[][] succFilter = new TypeFilter[1 << 14][];
    /** Union-find parent: a pointer merged into a cycle's representative points (eventually) to it. */
    int[] parent = new int[1 << 14];
    private int nodeCount;
    private int edgeCount;
    /**
     * Under a per-variable selector several method contexts share a pointer and instantiate the
     * same statement into the same edge: then edges are checked for duplicates (else not, for
     * speed), against the edges added so far (null: not checked).
     */
    private EdgeSet added;
    /** The sets pending objects are shared as ({@link #perVariable}); null: pending sets are each pointer's own. */
    private SharedSets shared;

    private final IntBuffer scratch = new IntBuffer(64);
    private int[] fresh = new int[256];
    private final WordList edgeWords = new WordList();
    private final WordList freshWords = new WordList();
    /** Who decides the guard part of a filter (null until the solver sets it: then every object passes). */
    private GuardCheck guards;

    PointerFlowGraph(Program program, CSManager cs, WorkList work) {
        this.program = program;
        this.cs = cs;
        this.work = work;
    }

    void setGuards(GuardCheck guards) {
        this.guards = guards;
    }

    /** A new pointer with an empty set and no edges. */
    int addNode() {
        int p = nodeCount++;
        if (p == pts.length) {
            int n = p * 2;
            pts = Arrays.copyOf(pts, n);
            succ = Arrays.copyOf(succ, n);
            succCount = Arrays.copyOf(succCount, n);
            succFilter = Arrays.copyOf(succFilter, n);
            parent = Arrays.copyOf(parent, n);
        }
        work.ensureCapacity(p);
        parent[p] = p;
        pts[p] = sets.empty();
        return p;
    }

    /**
     * Set up for a per-variable selector, whose method contexts share pointers: checks edges for
     * duplicates from now on, and lets pointers share their pending objects ({@link WorkList}).
     * Sharing pays there: new contexts' pointers get the same sets along their new edges, in
     * waves (s-3cfa-full on sablecc: 2 million pending bit sets, 1.4 GB, at one time, 0.35 GB
     * shared). It does not under a uniform kcfa, whose pending sets are mostly a pointer's own:
     * there the pool's work made sablecc's 2cfa a fifth slower, so it keeps private pending sets.
     */
    void perVariable() {
        added = new EdgeSet();
        shared = new SharedSets(program, cs);
        work.pinIn(sets);
    }

    int nodeCount() {
        return nodeCount;
    }

    /** Edges added, those inside collapsed cycles included, and repeated ones unless duplicates are checked. */
    int edgeCount() {
        return edgeCount;
    }

    /** The representative of {@code p}: itself unless it was merged into a cycle. */
    int find(int p) {
        int[] up = parent;
        while (up[p] != p) {
            int q = up[up[p]];
            up[p] = q; // path halving
            p = q;
        }
        return p;
    }

    /** The points-to set of {@code p} (shared by every pointer of a collapsed cycle). */
    PointsToSet pointsTo(int p) {
        return pts[find(p)];
    }

    /**
     * Whether the unfiltered propagation of {@code n} objects should go a word at a time (into a
     * pending bit set) rather than object by object.
     */
    static boolean wordWise(int n) {
        return n >= WorkList.PENDING_LIST;
    }

    /**
     * The successors of {@code p}'s representative through which an object of {@code type} may flow
     * (a guard, which asks about the object, not its type, is taken to let it through).
     */
    void forEachSuccessor(int p, int type, IntConsumer action) {
        p = find(p);
        int[] s = succ[p];
        TypeFilter[] filters = succFilter[p];
        for (int i = 0, n = succCount[p]; i < n; i++) {
            if (filters == null || filters[i] == null || filters[i].accepts(type, program)) {
                action.accept(find(s[i]));
            }
        }
    }

    /** Queues {@code o} for {@code p} unless {@code p} has it already. */
    void addPointsTo(int pointer, int csObject) {
        pointer = find(pointer);
        if (!pts[pointer].contains(csObject)) {
            work.push(pointer, csObject);
        }
    }

    /**
     * Adds the edge {@code src -> dst} (not checked for duplicates) and queues what {@code src}
     * has for {@code dst}. An edge within a collapsed cycle is counted but not kept: the cycle's
     * one set already holds all.
     */
    void addEdge(int src, int dst, TypeFilter filter) {
        if (added != null && !added.add(src, dst, filter)) {
            return;
        }
        src = find(src);
        dst = find(dst);
        edgeCount++;
        if (src == dst) {
            return;
        }
        appendEdge(src, dst, filter);
        PointsToSet from = pts[src];
        if (filter == null && from.isBitSet() && wordWise(from.size())) {
            from.nonEmptyWords(edgeWords);
            if (shared == null) {
                propagateBits(edgeWords, dst);
                return;
            }
            queueWords(edgeWords, dst, from); // dst lacking all of it, its pending objects are the set itself
        } else if (!from.isEmpty()) {
            scratch.n = 0;
            from.appendTo(scratch);
            int n = scratch.n;
            if (shared == null || filter == null || n < WorkList.PENDING_LIST || filter.guard != null && guards != null) {
                propagate(scratch.a, n, dst, filter);
                return;
            }
            if (fresh.length < n) {
                fresh = new int[Math.max(n, fresh.length * 2)];
            }
            int k = pts[dst].absent(scratch.a, n, fresh);
            PointsToSet passed = k < n ? null : shared.passingFrom(from, scratch.a, n, filter);
            if (passed == null) {
                queue(k, dst, filter);
            } else {
                work.pushShared(dst, passed); // dst lacks all of it: its pending objects are shared with other such edges'
            }
        }
    }

    /** Appends {@code src -> dst} to the successors of {@code src} (both representatives). */
    void appendEdge(int src, int dst, TypeFilter filter) {
        int n = succCount[src];
        int[] s = succ[src];
        if (s == null) {
            s = new int[2];
            succ[src] = s;
        } else if (n == s.length) {
            int grown = n + (n >> 1) + 1; // by half: the arrays of 50 million edges leave little slack
            s = Arrays.copyOf(s, grown);
            succ[src] = s;
            if (succFilter[src] != null) {
                succFilter[src] = Arrays.copyOf(succFilter[src], grown);
            }
        }
        s[n] = dst;
        if (filter != null) {
            if (succFilter[src] == null) {
                succFilter[src] = new TypeFilter[s.length];
            }
            succFilter[src][n] = filter;
        }
        succCount[src] = n + 1;
    }

    /** Queues the objects of {@code delta} that {@code dst} lacks, a word at a time; false if it lacks none. */
    boolean propagateBits(WordList delta, int dst) {
        // Only the words dst lacks make its pending set, so a wave that brings it little costs little.
        if (pts[dst].absentWords(delta, freshWords) == 0) {
            return false;
        }
        work.pushWords(dst, freshWords);
        return true;
    }

    /** Starts handing on a new difference with {@link #handOnBits} and {@link #handOn}. */
    void newDifference() {
        if (shared != null) {
            shared.newDifference();
        }
    }

    /**
     * As {@link #propagateBits}, for the difference handed on since {@link #newDifference} (the
     * same words each call): a successor that lacks all of it gets, as its pending objects, one
     * immutable set that every such successor shares.
     */
    boolean handOnBits(WordList delta, int dst) {
        if (shared == null) {
            return propagateBits(delta, dst);
        }
        return queueWords(delta, dst, null);
    }

    /**
     * Queues the words of {@code delta} that {@code dst} lacks; false if it lacks none. If it lacks
     * all of them, its pending objects become the immutable set {@code whole} of exactly those
     * objects (null: the difference being handed on, made once per difference).
     */
    private boolean queueWords(WordList delta, int dst, PointsToSet whole) {
        if (pts[dst].absentWords(delta, freshWords) == 0) {
            return false;
        }
        if (freshWords.n == delta.n && sameBits(delta, freshWords)) {
            work.pushShared(dst, whole != null ? whole : shared.handedOn(delta));
        } else {
            work.pushWords(dst, freshWords);
        }
        return true;
    }

    private static boolean sameBits(WordList a, WordList b) {
        for (int i = 0; i < a.n; i++) {
            if (a.bits[i] != b.bits[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * As {@link #propagate}, for the difference handed on since {@link #newDifference} (the same
     * objects each call): a successor that lacks all of them gets, as its pending objects, one
     * immutable set of those that pass {@code filter} (without a guard), shared by every such
     * successor behind the same filter, if they are many enough for a pending bit set.
     */
    int handOn(int[] objs, int n, int dst, TypeFilter filter) {
        if (shared == null || n < WorkList.PENDING_LIST || filter != null && filter.guard != null && guards != null) {
            return propagate(objs, n, dst, filter);
        }
        if (fresh.length < n) {
            fresh = new int[Math.max(n, fresh.length * 2)];
        }
        int k = pts[dst].absent(objs, n, fresh);
        if (k < n) {
            return queue(k, dst, filter);
        }
        PointsToSet passed = shared.handedOnPassing(objs, n, filter);
        if (passed == null) {
            return queue(k, dst, filter);
        }
        work.pushShared(dst, passed);
        return passed.size();
    }

    /**
     * Queues the objects {@code objs[0..n)} (ascending) that pass {@code filter} and that
     * {@code dst} lacks (past a guard, what its plugins put in their place); returns how many it lacked. What {@code dst} lacks is found first, so
     * the filter only asks about the objects that are new to it.
     */
    int propagate(int[] objs, int n, int dst, TypeFilter filter) {
        if (fresh.length < n) {
            fresh = new int[Math.max(n, fresh.length * 2)];
        }
        return queue(pts[dst].absent(objs, n, fresh), dst, filter);
    }

    /** Queues the objects {@code fresh[0..k)} that pass {@code filter} for {@code dst}; returns how many. */
    private int queue(int k, int dst, TypeFilter filter) {
        int m = 0;
        for (int i = 0; i < k; i++) {
            int o = fresh[i];
            if (filter == null || filter.accepts(cs.typeOfObject(o), program)) {
                if (filter != null && filter.guard != null && guards != null) {
                    o = guards.guarded(filter.guard, o); // the object, what stands for it past the guard, or -1
                    if (o < 0) {
                        continue;
                    }
                }
                work.push(dst, o);
                m++;
            }
        }
        return m;
    }
}
