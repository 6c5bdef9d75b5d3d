package org.jphantom.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.model.Constraint;

/**
 * Lenient solving: while the problem is unsatisfiable, drop the conflicting set the solver
 * reports (its smallest found) and solve again. Each dropped constraint becomes a warning with its
 * origin, and each class whose code produced one is named as one that may not verify. A problem
 * that stays unsatisfiable after {@link #MAX_ROUNDS} rounds, or that hits the search bound, fails
 * as without leniency.
 */
public final class LenientSolver {
    /** Bound on the number of conflicts dropped. */
    static final int MAX_ROUNDS = 100;

    private LenientSolver() {
    }

    /** Solves {@code problem}, dropping conflicts; appends one warning per dropped constraint to {@code warnings}. */
    public static Solution solve(HierarchyProblem problem, long maxSearchSteps, List<String> warnings) {
        List<Constraint> kept = new ArrayList<>(problem.constraints());
        TreeSet<String> mayFail = new TreeSet<>();
        for (int round = 0; ; round++) {
            try {
                Solution s = HierarchySolver.solve(new HierarchyProblem(problem.phantoms(), kept, problem.known(),
                        problem.interfaceLike(), problem.programClasses()), maxSearchSteps);
                if (!mayFail.isEmpty()) {
                    warnings.add("lenient: these classes may not verify (their code needs a dropped constraint): "
                            + String.join(", ", mayFail));
                }
                return s;
            } catch (UnsatisfiableException e) {
                if (round >= MAX_ROUNDS || e.getMessage().contains("search bound") || e.conflict().isEmpty()) {
                    throw e;
                }
                for (Constraint c : e.conflict()) {
                    warnings.add("lenient: dropped constraint " + c + " [" + c.origin() + "]");
                    mayFail.add(c.origin().className().replace('/', '.'));
                }
                kept.removeAll(e.conflict());
            }
        }
    }
}
