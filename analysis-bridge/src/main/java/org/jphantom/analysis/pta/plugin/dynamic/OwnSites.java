package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The calls of each reachable method that a model binds itself, each with a call site of the
 * model's own ({@link Calls#ownSite}) numbered as the call, so its edges show at the call's
 * position: the signature-polymorphic handle calls, whose arguments the plain call does not pass.
 */
final class OwnSites {
    private final Predicate<Invoke> handled;
    /** Per method id: {statement index, own call site} of each handled call. */
    private final Map<Integer, List<int[]>> sites = new HashMap<>();

    OwnSites(Predicate<Invoke> handled) {
        this.handled = handled;
    }

    /** Finds the handled calls of {@code m} (once, when it becomes reachable). */
    void collect(Solver solver, JMethod m) {
        List<int[]> found = null;
        for (Stmt s : solver.ir(m).stmts) {
            if (s instanceof Invoke inv && handled.test(inv)) {
                if (found == null) {
                    found = new ArrayList<>();
                }
                found.add(new int[] {s.index, Calls.ownSite(solver, m, inv.owner, inv.name, inv.desc, inv.ordinal)});
            }
        }
        if (found != null) {
            sites.put(m.id(), found);
        }
    }

    /** {statement index, own call site} of the handled calls of {@code m}. */
    List<int[]> of(JMethod m) {
        return sites.getOrDefault(m.id(), List.of());
    }
}
