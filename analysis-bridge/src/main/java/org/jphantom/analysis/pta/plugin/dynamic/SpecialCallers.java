package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The special handles of a {@code findSpecial(refc, name, type, specialCaller)} or
 * {@code unreflectSpecial(method, specialCaller)} site: each member the site finds joined with
 * each class constant its {@code specialCaller} argument may be ({@link LookupMembers#special}: the
 * caller is the receiver type, and a method above the caller's direct superclass is resolved again
 * from there); with a caller that is no class constant, the member's own handle as well (and
 * {@code onUnknownCaller} runs once, to report it). Members and callers may arrive in any order.
 */
final class SpecialCallers {
    private SpecialCallers() {
    }

    /**
     * Watches the caller pointer {@code callerPtr} (-1: none) and returns where the site's members go.
     *
     * @param make receives each handle target of the site
     */
    static Consumer<HandleTarget> joined(Solver solver, PointerListeners watch, LookupMembers members, int callerPtr,
                                         Consumer<HandleTarget> make, Runnable onUnknownCaller) {
        List<HandleTarget> found = new ArrayList<>();
        List<String> callers = new ArrayList<>();
        boolean[] unknownCaller = {false};
        if (callerPtr >= 0) {
            watch.watch(callerPtr, objs -> {
                for (int o : objs) {
                    String c = solver.heap().classConstant(solver.cs().siteOf(o));
                    if (c == null) {
                        if (!unknownCaller[0]) {
                            unknownCaller[0] = true;
                            onUnknownCaller.run();
                            found.forEach(make);
                        }
                    } else if (!callers.contains(c)) {
                        callers.add(c);
                        found.forEach(t -> make.accept(members.special(t, c)));
                    }
                }
            });
        }
        return t -> {
            found.add(t);
            callers.forEach(c -> make.accept(members.special(t, c)));
            if (unknownCaller[0]) {
                make.accept(t);
            }
        };
    }
}
