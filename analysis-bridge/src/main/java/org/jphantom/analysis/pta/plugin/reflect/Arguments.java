package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.analysis.pta.solver.Solver;

/**
 * The arguments of a reflective call as one pointer: the elements of every array its
 * {@code Object[]} argument points to (SOLAR's args, its elements collapsed to one field).
 */
final class Arguments {
    private Arguments() {
    }

    /** A fresh pointer fed by the elements of the arrays {@code var} points to in {@code csm}; -1 if none. */
    static int elements(ReflectionAnalysis a, int csm, int var) {
        if (var < 0) {
            return -1;
        }
        Solver solver = a.solver();
        int elems = solver.tempPointer();
        int elem = a.program().arrayElement().id();
        a.watchers().watch(a.var(csm, var), objs -> {
            for (int arr : objs) {
                if (a.program().isArray(solver.typeOfObject(arr))) {
                    solver.addEdge(solver.fieldPointer(arr, elem), elems, null);
                }
            }
        });
        return elems;
    }
}
