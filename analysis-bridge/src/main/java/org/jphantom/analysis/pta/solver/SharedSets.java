package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.Program;

/**
 * The immutable sets that pending objects are shared as under a per-variable selector
 * ({@link PointerFlowGraph#perVariable}), made once and handed to every pointer that lacks all of
 * them ({@link WorkList#pushShared}): the difference a pointer hands on to its successors, what of
 * it passes each successor's filter, and what of a pointer's set passes the filter of a new edge.
 * New contexts' pointers get the same sets along their new edges, in waves, so each is remembered
 * while it may be asked for again: the difference's for as long as it is handed on
 * ({@link #newDifference}), a pointer set's by its identity and size (a set of the pool only ever
 * grows) and the filter, in a small table.
 */
final class SharedSets {
    private final Program program;
    private final CSManager cs;

    /** The difference being handed on as a shared set, once a successor took all of it; else null. */
    private PointsToSet handedOn;
    /**
     * The filters through which the difference was handed on whole, and for each the shared set of
     * the objects that pass it (null: too few for a set); {@code handedCount} of them.
     */
    private TypeFilter[] handedFilters = new TypeFilter[4];
    private PointsToSet[] handedFiltered = new PointsToSet[4];
    private int handedCount;
    /** {@link #passingFrom}'s memory: a few sets, their sizes, filters, and what passed. */
    private final PointsToSet[] filteredFrom = new PointsToSet[64];
    private final int[] filteredSize = new int[64];
    private final TypeFilter[] filteredBy = new TypeFilter[64];
    private final PointsToSet[] filteredSet = new PointsToSet[64];
    private final IntBuffer passing = new IntBuffer(256);
    private final WordList words = new WordList();

    SharedSets(Program program, CSManager cs) {
        this.program = program;
        this.cs = cs;
    }

    /** Forgets the last difference's sets: a new one is being handed on. */
    void newDifference() {
        handedOn = null;
        for (int i = 0; i < handedCount; i++) {
            handedFilters[i] = null;
            handedFiltered[i] = null;
        }
        handedCount = 0;
    }

    /** The difference being handed on ({@code delta}, the same words each call) as one set, made once per difference. */
    PointsToSet handedOn(WordList delta) {
        if (handedOn == null) {
            handedOn = PointsToSet.handedOn(delta);
        }
        return handedOn;
    }

    /**
     * The set of the objects of the difference being handed on ({@code objs[0..n)}, the same each
     * call) that pass {@code filter}, made once per difference and filter; null if too few for a
     * pending bit set.
     */
    PointsToSet handedOnPassing(int[] objs, int n, TypeFilter filter) {
        for (int i = 0; i < handedCount; i++) {
            if (handedFilters[i] == filter) {
                return handedFiltered[i];
            }
        }
        PointsToSet set = passingSet(objs, n, filter);
        if (handedCount == handedFilters.length) {
            handedFilters = Arrays.copyOf(handedFilters, handedCount * 2);
            handedFiltered = Arrays.copyOf(handedFiltered, handedCount * 2);
        }
        handedFilters[handedCount] = filter;
        handedFiltered[handedCount++] = set;
        return set;
    }

    /**
     * The set of the objects of pointer set {@code from} ({@code objs[0..n)}) that pass
     * {@code filter}, or null if too few for a pending bit set; remembered for a while, keyed by
     * the set (its identity and size) and the filter.
     */
    PointsToSet passingFrom(PointsToSet from, int[] objs, int n, TypeFilter filter) {
        int slot = (System.identityHashCode(from) * 31 + System.identityHashCode(filter)) & (filteredFrom.length - 1);
        if (filteredFrom[slot] == from && filteredSize[slot] == n && filteredBy[slot] == filter) {
            return filteredSet[slot];
        }
        PointsToSet set = passingSet(objs, n, filter);
        filteredFrom[slot] = from;
        filteredSize[slot] = n;
        filteredBy[slot] = filter;
        filteredSet[slot] = set;
        return set;
    }

    /** An immutable set of the objects {@code objs[0..n)} that pass {@code filter} (null: all), or null if too few for a pending bit set. */
    private PointsToSet passingSet(int[] objs, int n, TypeFilter filter) {
        passing.n = 0;
        for (int i = 0; i < n; i++) {
            if (filter == null || filter.accepts(cs.typeOfObject(objs[i]), program)) {
                passing.add(objs[i]);
            }
        }
        if (passing.n < WorkList.PENDING_LIST) {
            return null;
        }
        PointsToSet.bitSetOf(passing.a, passing.n).nonEmptyWords(words);
        return PointsToSet.handedOn(words);
    }
}
