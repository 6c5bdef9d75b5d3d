package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a user annotates a problematic reflective site (SOLAR, Section 4.4: "the suggested
 * annotation points, found by tracing value flow"): the value flow of meta-objects is followed back
 * from the site through the sites that returned them — the {@code getMethod(s)}/{@code getField(s)}
 * lookups whose {@code Method} and {@code Field} objects reached it, then the {@code forName} and
 * {@code loadClass} calls whose class objects reached those — nearest first. A {@code forName}
 * whose name the analysis does not know is shown with where the name came from, as far as the
 * string analysis tells. A site that no other site feeds (its class objects come from class
 * literals or {@code getClass()}) is its own annotation point.
 */
final class AnnotationPoints {
    /** The most points listed for one site. */
    static final int MAX = 6;
    /** The most name origins listed for one point. */
    private static final int ORIGINS = 2;

    private AnnotationPoints() {
    }

    /** The annotation points of {@code site}, nearest first, each as {@code API at a.b.C.m:12 (...)}. */
    static List<String> of(ReflectiveCall site) {
        List<ReflectiveCall> points = trace(site);
        List<String> out = new ArrayList<>(points.size());
        for (ReflectiveCall p : points) {
            out.add(describe(p));
        }
        return out;
    }

    /**
     * The sites feeding {@code site}, breadth first (itself when none does), at most {@value #MAX};
     * the sources of one site in their order in the code, not the order the solver met them, so
     * that which {@value #MAX} are listed does not depend on the order of solving.
     */
    static List<ReflectiveCall> trace(ReflectiveCall site) {
        Set<ReflectiveCall> seen = new LinkedHashSet<>();
        Deque<ReflectiveCall> work = new ArrayDeque<>(inCodeOrder(site));
        List<ReflectiveCall> out = new ArrayList<>();
        while (!work.isEmpty() && out.size() < MAX) {
            ReflectiveCall c = work.poll();
            if (c == site || !seen.add(c)) {
                continue;
            }
            out.add(c);
            work.addAll(inCodeOrder(c));
        }
        if (out.isEmpty()) {
            out.add(site);
        }
        return out;
    }

    private static List<ReflectiveCall> inCodeOrder(ReflectiveCall c) {
        List<ReflectiveCall> sources = new ArrayList<>(c.sources());
        sources.sort(ReflectiveCall.BY_POSITION);
        return sources;
    }

    /** {@code Class.forName at a.b.C.m:12}, with where an unknown name came from. */
    static String describe(ReflectiveCall c) {
        StringBuilder sb = new StringBuilder(c.api.label()).append(" at ").append(c.where());
        if (!c.unknownSources().isEmpty()) {
            List<String> from = new ArrayList<>(c.unknownSources());
            sb.append(" (names from ").append(String.join("; ", from.subList(0, Math.min(ORIGINS, from.size()))));
            if (from.size() > ORIGINS || c.moreSources() > 0) {
                sb.append("; ...");
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
