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

    /**
     * This factory with string constants kept for a reflection analysis that reads partial names
     * and/or colours them (see {@link HeapOptions#withStringNames}); a factory that has no such
     * choice returns itself.
     */
    default HeapFactory withStringNames(boolean partial, boolean colour) {
        return this;
    }

    /** The allocation-site heap with {@code options}. */
    static HeapFactory allocationSites(HeapOptions options) {
        return new AllocationSites(options);
    }

    /** The allocation-site heap's factory. */
    record AllocationSites(HeapOptions options) implements HeapFactory {
        @Override
        public HeapModel create(Program program) {
            return new AllocationSiteHeap(program, options);
        }

        @Override
        public HeapFactory withStringNames(boolean partial, boolean colour) {
            return new AllocationSites(options.withStringNames(partial, colour));
        }
    }
}
