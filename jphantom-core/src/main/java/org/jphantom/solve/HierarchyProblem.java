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
 *
 * <p>{@code programClasses} are the program's own classes (known types). They are evidence too:
 * where a known class may reach an interface through several phantoms, the solver prefers the
 * carrier that makes fewer of them subtypes of that interface without need, counting also those
 * no constraint names (a class that only {@code implements} a phantom).
 */
public record HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known,
        SortedSet<String> interfaceLike, SortedSet<String> programClasses) {
    public HierarchyProblem {
        phantoms = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(phantoms));
        constraints = List.copyOf(constraints);
        interfaceLike = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(interfaceLike));
        programClasses = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(programClasses));
    }

    /** A problem whose program classes are only those its constraints name. */
    public HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known,
            SortedSet<String> interfaceLike) {
        this(phantoms, constraints, known, interfaceLike, new java.util.TreeSet<>());
    }

    /** A problem without kind evidence: every open phantom is a class if that solves. */
    public HierarchyProblem(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known) {
        this(phantoms, constraints, known, new java.util.TreeSet<>());
    }
}
