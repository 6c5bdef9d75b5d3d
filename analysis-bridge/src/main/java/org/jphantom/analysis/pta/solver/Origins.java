package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of what added call-graph facts that a call's own semantics do not explain: the model
 * (plugin) that added a call site or bound an edge, or made a method reachable by itself. A name is
 * the simple name of the first class on the stack outside the solver and the shared call helpers
 * ({@code Finalizers}, {@code ShutdownHooks}, {@code Invocations}, ...): found by walking the stack,
 * which happens only when such a fact is new (a few thousand times in a large analysis, against
 * millions of ordinary edges that never pay for it). Code 0 means "none": the fact follows from
 * the program's own statements.
 */
final class Origins {
    /** Helpers that add facts on behalf of a model: the model is further down the stack. */
    private static final List<String> HELPERS = List.of("Calls", "CallBinder", "OwnSites", "Origins");
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final String SOLVER_PACKAGE = Origins.class.getPackageName() + ".";

    private final List<String> names = new ArrayList<>(List.of(""));
    private final Map<String, Integer> codes = new HashMap<>();

    /** The code of the model that is calling into the solver now. */
    int caller() {
        String name = WALKER.walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                .filter(c -> !c.startsWith(SOLVER_PACKAGE))
                .map(Origins::simpleName)
                .filter(c -> !HELPERS.contains(c))
                .findFirst().orElse("solver"));
        return code(name);
    }

    /** The code of {@code name}, numbered on first use. */
    int code(String name) {
        Integer c = codes.get(name);
        if (c == null) {
            c = names.size();
            names.add(name);
            codes.put(name, c);
        }
        return c;
    }

    /** The name of code {@code code}, null for 0. */
    String name(int code) {
        return code == 0 ? null : names.get(code);
    }

    private static String simpleName(String className) {
        String s = className.substring(className.lastIndexOf('.') + 1);
        int dollar = s.indexOf('$');
        return dollar < 0 ? s : s.substring(0, dollar);
    }
}
