package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.model.Constraint;
import org.jphantom.model.TypeKind;

/**
 * Checks a {@link Solution} against its {@link HierarchyProblem}, independently of the solver:
 * every phantom has a shape; classes have one super class that is a class and not final/sealed
 * against it; interfaces have super class Object and extend only interfaces; annotations extend
 * {@code java.lang.annotation.Annotation}; kinds are respected; the union of the known and solved
 * hierarchy is acyclic; and every subtype constraint holds in it. Known types' edges are read
 * from {@link KnownTypes} and so cannot have changed.
 */
public final class SolutionChecker {
    private static final String OBJECT = "java/lang/Object";

    private final HierarchyProblem problem;
    private final Solution solution;
    private final Map<String, Set<String>> ancestors = new HashMap<>();

    private SolutionChecker(HierarchyProblem problem, Solution solution) {
        this.problem = problem;
        this.solution = solution;
    }

    /** Returns the violations, one line each, in a deterministic order; empty when the solution is valid. */
    public static List<String> check(HierarchyProblem problem, Solution solution) {
        return new SolutionChecker(problem, solution).run();
    }

    private List<String> run() {
        List<String> bad = new ArrayList<>();
        KnownTypes known = problem.known();
        for (String p : problem.phantoms()) {
            if (!solution.phantoms().containsKey(p)) {
                bad.add("no shape for phantom " + p);
            }
        }
        for (PhantomShape s : solution.phantoms().values()) {
            if (!problem.phantoms().contains(s.name())) {
                bad.add("shape for non-phantom " + s.name());
                continue;
            }
            if (s.kind() == TypeKind.CONCRETE_CLASS) {
                bad.add(s.name() + ": kind CONCRETE_CLASS is reported as CLASS");
            }
            if (s.isInterface()) {
                if (!OBJECT.equals(s.superName())) {
                    bad.add("interface " + s.name() + " has super class " + s.superName());
                }
            } else {
                if (s.superName() == null || isInterface(s.superName())) {
                    bad.add("class " + s.name() + " has super class " + s.superName() + " that is not a class");
                } else if (known.isKnown(s.superName()) && !known.allowsDirectSubtype(s.superName(), s.name())) {
                    bad.add("class " + s.name() + " extends final or sealed " + s.superName());
                }
            }
            for (String i : s.interfaces()) {
                if (!isInterface(i)) {
                    bad.add(s.name() + " lists non-interface " + i + " among its interfaces");
                } else if (known.isKnown(i) && !known.allowsDirectSubtype(i, s.name())) {
                    bad.add(s.name() + " implements sealed " + i);
                }
            }
            if (s.kind() == TypeKind.ANNOTATION && !ancestors(s.name()).contains("java/lang/annotation/Annotation")) {
                bad.add("annotation " + s.name() + " does not extend java.lang.annotation.Annotation");
            }
        }
        if (!bad.isEmpty()) {
            return bad;
        }
        for (String p : solution.phantoms().keySet()) {
            if (ancestors(p).contains(p)) {
                bad.add("cycle through " + p);
            }
        }
        if (!bad.isEmpty()) {
            return bad;
        }
        for (Constraint c : problem.constraints()) {
            if (c instanceof Constraint.Subtype s) {
                if (!s.sub().equals(s.sup()) && !s.sup().equals(OBJECT) && !ancestors(s.sub()).contains(s.sup())) {
                    bad.add("violated: " + s + " (" + s.origin() + ")");
                }
            } else {
                Constraint.Kind k = (Constraint.Kind) c;
                if (isInterface(k.type()) != k.kind().isInterface()) {
                    bad.add("violated: " + k + " (" + k.origin() + ")");
                } else if (k.kind() == TypeKind.ANNOTATION && problem.phantoms().contains(k.type())
                        && solution.phantoms().get(k.type()).kind() != TypeKind.ANNOTATION) {
                    bad.add("violated: " + k + " (" + k.origin() + ")");
                }
            }
        }
        return bad;
    }

    private boolean isInterface(String t) {
        PhantomShape s = solution.phantoms().get(t);
        if (s != null) {
            return s.isInterface();
        }
        return !t.equals(OBJECT) && problem.known().isKnown(t) && problem.known().isInterface(t);
    }

    private List<String> directSupers(String t) {
        List<String> r = new ArrayList<>();
        PhantomShape s = solution.phantoms().get(t);
        if (s != null) {
            r.add(s.superName());
            r.addAll(s.interfaces());
        } else if (!t.equals(OBJECT) && problem.known().isKnown(t)) {
            r.add(problem.known().superName(t));
            r.addAll(problem.known().interfaces(t));
        }
        r.removeIf(x -> x == null || x.equals(OBJECT));
        return r;
    }

    /** Proper ancestors of {@code t} (may contain {@code t} itself only on a cycle). */
    private Set<String> ancestors(String t) {
        Set<String> r = ancestors.get(t);
        if (r == null) {
            r = new HashSet<>();
            Deque<String> work = new ArrayDeque<>(directSupers(t));
            while (!work.isEmpty()) {
                String x = work.poll();
                if (r.add(x)) {
                    work.addAll(directSupers(x));
                }
            }
            ancestors.put(t, r);
        }
        return r;
    }
}
