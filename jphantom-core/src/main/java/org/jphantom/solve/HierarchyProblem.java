package org.jphantom.solve;

import java.util.List;
import java.util.SortedSet;
import org.jphantom.model.Constraint;

/**
 * One hierarchy complementation problem: the phantom types to define, the constraints on
 * them, and the known part of the hierarchy. Constraints may mention any type; those between
 * known types whose ancestry contains no phantom are either already true or outside the
 * solver's power, and the solver reports the latter as unsatisfiable.
 *
 * <p>{@code interfaceLike} is evidence, not a constraint: the phantoms that the program only
 * handles as values (passes, returns, stores, casts) and never names the way one names a class
 * (see {@link OpenKinds}). It only decides the kind of a phantom the constraints leave open.
 */
public record HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known,
        SortedSet<String> interfaceLike) {
    public HierarchyProblem {
        phantoms = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(phantoms));
        constraints = List.copyOf(constraints);
        interfaceLike = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(interfaceLike));
    }

    /** A problem without kind evidence: every open phantom is a class if that solves. */
    public HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known) {
        this(phantoms, constraints, known, new java.util.TreeSet<>());
    }
}
