package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * Lazy cycle detection (Hardekopf and Lin, PLDI 2007) over the {@link PointerFlowGraph}.
 *
 * <p>Along a cycle of unfiltered edges every pointer ends with the same set, so the cycle can
 * become one pointer: one set, one pending list, the union of the out-edges. A cycle shows itself
 * when propagation along an unfiltered edge {@code p -> q} brings {@code q} nothing and
 * {@code q}'s set is as large as {@code p}'s; the first time an edge does so, {@code q} is noted,
 * and before the next round a search from the noted pointers finds the strongly connected
 * components over unfiltered edges and collapses each. Edges with a type filter are never
 * followed: their ends may differ.
 *
 * <p>Merged pointers keep their identity for callers (a variable's pointer stays its index) but
 * every operation goes to the representative, {@link PointerFlowGraph#find}. Members that have a
 * duty (statements dereference them, or plugins watch them) are listed in {@link #duties} of the
 * representative and get each of its new objects.
 */
final class CycleEliminator {
    /** Who must hear of a pointer's new objects, and the delivery. */
    interface Delivery {
        /** Whether statements dereference {@code pointer} or a plugin watches it. */
        boolean hasDuty(int pointer);

        /** Hands {@code objs} (ascending) to the statements and plugins of {@code pointer}. */
        void deliver(int pointer, int[] objs);
    }

    /** Sets smaller than this do not start cycle searches: collapsing them would save little. */
    private static final int CYCLE_MIN_SIZE = 16;

    private final PointerFlowGraph g;
    private final WorkList work;
    private final Delivery delivery;
    /**
     * For the representative of merged pointers, the members that have a duty (they get the
     * representative's new objects); null for an unmerged pointer.
     */
    private int[][] duties = new int[1 << 14][];
    /** Unfiltered edges {@code p -> q} that have already started a cycle search. */
    private final LongIntMap cycleTried = new LongIntMap(1 << 10);
    /** Where the next cycle search starts (pointers whose sets looked equal to a predecessor's). */
    private final IntList cycleCandidates = new IntList();
    private int[] dfsIndex = new int[0];
    private int[] dfsLow = new int[0];
    private int[] dfsMark = new int[0];
    private int dfsEpoch;
    private final IntBuffer scratch = new IntBuffer(64);
    private final WordList edgeWords = new WordList();
    private final WordList deltaWords = new WordList();
    private final WordList freshWords = new WordList();
    private final WordList unionWords = new WordList();

    CycleEliminator(PointerFlowGraph g, WorkList work, Delivery delivery) {
        this.g = g;
        this.work = work;
        this.delivery = delivery;
    }

    /**
     * The members with a duty of the representative {@code rep} of a collapsed cycle, or null if
     * {@code rep} is no such representative (then its own duty holds).
     */
    int[] duties(int rep) {
        return rep < duties.length ? duties[rep] : null;
    }

    /** A pointer that got a duty after it was merged into the cycle of {@code rep}. */
    void addDuty(int rep, int pointer) {
        if (rep < duties.length && duties[rep] != null) {
            int[] d = Arrays.copyOf(duties[rep], duties[rep].length + 1);
            d[d.length - 1] = pointer;
            duties[rep] = d;
        }
    }

    /** Whether a search is due before the next round. */
    boolean hasCandidates() {
        return !cycleCandidates.isEmpty();
    }


    /** Notes that the unfiltered edge {@code p -> q} brought nothing: {@code q} may close a cycle. */
    void suspectCycle(int p, int q) {
        int n = g.pts[p].size();
        if (n >= CYCLE_MIN_SIZE && g.pts[q].size() == n) {
            long key = LongIntMap.key(p, q);
            if (cycleTried.get(key) < 0) {
                cycleTried.put(key, 1);
                cycleCandidates.add(q);
            }
        }
    }

    /**
     * Finds the strongly connected components over unfiltered edges reachable from the candidates
     * (Tarjan's algorithm, iterative) and collapses those of more than one pointer.
     */
    void collapseCycles() {
        int n = g.nodeCount();
        if (dfsMark.length < n) {
            int c = Math.max(n, dfsMark.length * 2);
            dfsIndex = new int[c];
            dfsLow = new int[c];
            dfsMark = Arrays.copyOf(dfsMark, c);
        }
        int epoch = ++dfsEpoch; // dfsMark[v] == epoch: v visited; then dfsIndex[v] < 0: v's component is done
        IntList stack = new IntList();
        IntList path = new IntList(); // the DFS path: pointer, next edge to try
        List<int[]> components = new ArrayList<>();
        int counter = 0;
        for (int c = 0; c < cycleCandidates.size(); c++) {
            int root = g.find(cycleCandidates.get(c));
            if (dfsMark[root] == epoch) {
                continue;
            }
            dfsMark[root] = epoch;
            dfsIndex[root] = dfsLow[root] = counter++;
            stack.add(root);
            path.add(root);
            path.add(0);
            while (!path.isEmpty()) {
                int top = path.size() - 2;
                int v = path.get(top);
                int i = path.get(top + 1);
                if (i < g.succCount[v]) {
                    path.set(top + 1, i + 1);
                    TypeFilter[] fv = g.succFilter[v];
                    if (fv != null && fv[i] != null) {
                        continue;
                    }
                    int w = g.find(g.succ[v][i]);
                    if (w == v) {
                        continue;
                    }
                    if (dfsMark[w] != epoch) {
                        dfsMark[w] = epoch;
                        dfsIndex[w] = dfsLow[w] = counter++;
                        stack.add(w);
                        path.add(w);
                        path.add(0);
                    } else if (dfsIndex[w] >= 0) {
                        dfsLow[v] = Math.min(dfsLow[v], dfsIndex[w]);
                    }
                    continue;
                }
                path.pop();
                path.pop();
                if (!path.isEmpty()) {
                    int u = path.get(path.size() - 2);
                    dfsLow[u] = Math.min(dfsLow[u], dfsLow[v]);
                }
                if (dfsLow[v] == dfsIndex[v]) {
                    int size = 0;
                    int w;
                    do {
                        w = stack.get(stack.size() - 1 - size);
                        size++;
                    } while (w != v);
                    int[] comp = new int[size];
                    for (int k = 0; k < size; k++) {
                        comp[k] = stack.pop();
                        dfsIndex[comp[k]] = -1;
                    }
                    if (size > 1) {
                        components.add(comp);
                    }
                }
            }
        }
        cycleCandidates.clear();
        for (int[] comp : components) {
            collapse(comp);
        }
    }

    /**
     * Merges the pointers {@code members} (representatives, a cycle of unfiltered edges) into one.
     * Each member had exactly its old set delivered (to its successors, to the statements that
     * dereference it, to watching plugins), so each gets, once, what the union adds to it; pending
     * objects move to the representative, which delivers them to all.
     */
    private void collapse(int[] members) {
        Arrays.sort(members);
        int r = members[0];
        for (int m : members) {
            if (g.pts[m].size() > g.pts[r].size()) {
                r = m; // the largest set: the fewest objects to add
            }
        }
        int k = members.length;
        PointsToSet[] oldPts = new PointsToSet[k];
        int[][] oldSucc = new int[k][];
        int[] oldSuccCount = new int[k];
        TypeFilter[][] oldFilter = new TypeFilter[k][];
        int[][] oldDuty = new int[k][];
        if (g.nodeCount() > duties.length) {
            duties = Arrays.copyOf(duties, Math.max(g.nodeCount(), duties.length * 2));
        }
        long total = 0;
        boolean arrays = true;
        for (int j = 0; j < k; j++) {
            int m = members[j];
            oldPts[j] = g.pts[m];
            oldSucc[j] = g.succ[m];
            oldSuccCount[j] = g.succCount[m];
            oldFilter[j] = g.succFilter[m];
            oldDuty[j] = duties[m] != null ? duties[m]
                    : delivery.hasDuty(m) ? new int[] {m} : new int[0];
            total += g.pts[m].size();
            arrays &= !g.pts[m].isBitSet();
        }
        PointsToSet union = arrays && total <= 256 ? new PointsToSet() : PointsToSet.bitSet();
        for (PointsToSet old : oldPts) {
            if (union.isBitSet() && old.isBitSet()) {
                old.nonEmptyWords(edgeWords);
                union.addWords(edgeWords);
            } else {
                scratch.n = 0;
                old.appendTo(scratch);
                for (int i = 0; i < scratch.n; i++) {
                    union.add(scratch.a[i]);
                }
            }
        }
        // Make r the one pointer of the cycle, holding the union; the members' pending objects become r's.
        PointsToSet shared = g.sets.share(union);
        for (PointsToSet old : oldPts) {
            g.sets.release(old);
        }
        g.pts[r] = shared;
        int dutyCount = 0;
        for (int j = 0; j < k; j++) {
            int m = members[j];
            PointsToSet waiting = work.pendingSet(m);
            int[] list = work.pendingList(m);
            int listCount = work.pendingCount(m);
            work.clear(m);
            if (m != r) {
                g.pts[m] = null;
                g.parent[m] = r;
            }
            if (waiting != null) {
                waiting.nonEmptyWords(edgeWords);
                work.bits(r).addWords(edgeWords);
            } else {
                for (int i = 0; i < listCount; i++) {
                    if (!union.contains(list[i])) {
                        work.push(r, list[i]);
                    }
                }
            }
            g.succ[m] = null;
            g.succCount[m] = 0;
            g.succFilter[m] = null;
            duties[m] = null;
            dutyCount += oldDuty[j].length;
        }
        work.requeueIfPending(r);
        int[] duty = new int[dutyCount];
        dutyCount = 0;
        for (int[] d : oldDuty) {
            System.arraycopy(d, 0, duty, dutyCount, d.length);
            dutyCount += d.length;
        }
        duties[r] = duty;
        // r's out-edges: the members', without those inside the cycle and unfiltered duplicates.
        // An unfiltered one gets the whole union (its target has the part from its own member).
        IntBuffer plain = new IntBuffer(16);
        boolean[] filteredOut = new boolean[k];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < oldSuccCount[j]; i++) {
                int q = g.find(oldSucc[j][i]);
                TypeFilter f = oldFilter[j] == null ? null : oldFilter[j][i];
                if (q == r) {
                    continue;
                }
                if (f == null) {
                    plain.add(q);
                } else {
                    g.appendEdge(r, q, f);
                    filteredOut[j] = true;
                }
            }
        }
        Arrays.sort(plain.a, 0, plain.n);
        int[] all = null;
        if (union.isBitSet()) {
            union.nonEmptyWords(unionWords);
        } else {
            all = union.toSortedArray();
        }
        for (int i = 0; i < plain.n; i++) {
            int q = plain.a[i];
            if (i == 0 || q != plain.a[i - 1]) {
                g.appendEdge(r, q, null);
                if (all == null) {
                    g.propagateBits(unionWords, q);
                } else {
                    g.propagate(all, all.length, q, null);
                }
            }
        }
        // Along filtered edges, and to its duties, each member's gain: what the union adds to its set.
        for (int j = 0; j < k; j++) {
            if (!filteredOut[j] && oldDuty[j].length == 0) {
                continue;
            }
            int[] gain = missing(union, oldPts[j]);
            if (gain.length == 0) {
                continue;
            }
            if (filteredOut[j]) {
                for (int i = 0; i < oldSuccCount[j]; i++) {
                    int q = g.find(oldSucc[j][i]);
                    TypeFilter f = oldFilter[j][i];
                    if (q != r && f != null) {
                        g.propagate(gain, gain.length, q, f);
                    }
                }
            }
            for (int m : oldDuty[j]) {
                delivery.deliver(m, gain);
            }
        }
    }

    /** The elements of {@code all} that its subset {@code part} lacks, ascending. */
    private int[] missing(PointsToSet all, PointsToSet part) {
        if (part.size() == all.size()) {
            return new int[0];
        }
        if (all.isBitSet()) {
            all.nonEmptyWords(deltaWords);
            part.absentWords(deltaWords, freshWords);
            return freshWords.toArray();
        }
        int[] elems = all.toSortedArray();
        int[] out = new int[elems.length];
        int n = part.absent(elems, elems.length, out);
        return Arrays.copyOf(out, n);
    }
}
