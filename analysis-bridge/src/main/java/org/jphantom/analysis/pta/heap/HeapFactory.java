package org.jphantom.analysis.pta.heap;

import org.jphantom.analysis.lang.Program;

/**
 * Makes the heap model of one analysis (a heap model numbers the objects it meets, so each solver
 * needs its own). An {@link org.jphantom.analysis.AnalysisRequest} holds a factory, so one request
 * can be run any number of times.
 */
@FunctionalInterface
public interface HeapFactory {
    HeapModel create(Program program);

    /** The allocation-site heap with {@code options}. */
    static HeapFactory allocationSites(HeapOptions options) {
        return program -> new AllocationSiteHeap(program, options);
    }
}
