package org.jphantom.solve;

import java.util.List;
import java.util.SortedSet;
import org.jphantom.model.Constraint;

/**
 * One hierarchy complementation problem: the phantom types to define, the constraints on
 * them, and the known part of the hierarchy. Constraints may mention any type; those between
 * known types whose ancestry contains no phantom are either already true or outside the
 * solver's power, and the solver reports the latter as unsatisfiable.
 */
public record HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known) {
    public HierarchyProblem {
        phantoms = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(phantoms));
        constraints = List.copyOf(constraints);
    }
}
