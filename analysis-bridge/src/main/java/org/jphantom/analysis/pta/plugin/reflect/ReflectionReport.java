package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * What the reflection analysis found at each reflective call site it reached, as SOLAR reports it
 * for a user to annotate: per site its origin, the API, the targets and how each was found, where
 * unknown names came from, and a status — {@code unsound} (SOLAR's soundness criterion fails
 * there, with the reason), {@code imprecise} (more than {@value #IMPRECISE} targets) or
 * {@code resolved}. Sites are sorted by caller class, method, line and call.
 */
public final class ReflectionReport {
    /** More targets than this make a site imprecise. */
    public static final int IMPRECISE = 20;

    private final ReflectionMode mode;
    private final boolean withLog;
    private final List<ReflectiveCall> calls;

    ReflectionReport(ReflectionMode mode, boolean withLog, List<ReflectiveCall> calls) {
        this.mode = mode;
        this.withLog = withLog;
        List<ReflectiveCall> sorted = new ArrayList<>(calls);
        sorted.sort(Comparator.comparing(ReflectiveCall::callerClass).thenComparing(c -> c.method.name())
                .thenComparing(c -> c.method.desc()).thenComparingInt(c -> c.invoke.ordinal));
        this.calls = sorted;
    }

    /** The report of an analysis without reflection. */
    public static ReflectionReport none() {
        return new ReflectionReport(ReflectionMode.NONE, false, List.of());
    }

    public ReflectionMode mode() {
        return mode;
    }

    private static String status(ReflectiveCall c) {
        if (!c.unsoundReasons().isEmpty()) {
            return "unsound";
        }
        return c.targets().size() > IMPRECISE ? "imprecise" : "resolved";
    }

    /** Sites per status: {@code resolved}, {@code imprecise}, {@code unsound}. */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new LinkedHashMap<>();
        out.put("sites", calls.size());
        out.put("resolved", 0);
        out.put("imprecise", 0);
        out.put("unsound", 0);
        for (ReflectiveCall c : calls) {
            out.merge(status(c), 1, Integer::sum);
        }
        return out;
    }

    /** The content of {@code reflection.json}. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", mode.label());
        out.put("log", withLog);
        out.put("impreciseThreshold", IMPRECISE);
        out.put("counts", counts());
        List<Map<String, Object>> sites = new ArrayList<>();
        for (ReflectiveCall c : calls) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("class", c.callerClass());
            s.put("method", c.method.name() + c.method.desc());
            s.put("line", c.invoke.line > 0 ? c.invoke.line : -1);
            s.put("call", c.invoke.ordinal);
            s.put("api", c.api.label());
            s.put("status", status(c));
            if (!c.unsoundReasons().isEmpty()) {
                s.put("reasons", List.copyOf(c.unsoundReasons()));
            }
            if (c.logged) {
                s.put("logged", true);
            }
            List<Map<String, Object>> targets = new ArrayList<>();
            for (Map.Entry<String, SortedSet<String>> t : c.targets().entrySet()) {
                Map<String, Object> tm = new LinkedHashMap<>();
                tm.put("target", t.getKey());
                tm.put("how", List.copyOf(t.getValue()));
                targets.add(tm);
            }
            s.put("targets", targets);
            if (!c.unknownSources().isEmpty()) {
                s.put("unknownNamesFrom", List.copyOf(c.unknownSources()));
                if (c.moreSources() > 0) {
                    s.put("moreUnknownNames", c.moreSources());
                }
            }
            sites.add(s);
        }
        out.put("sites", sites);
        return out;
    }

    /** One line: the mode and the sites per status. */
    public String summary() {
        Map<String, Integer> n = counts();
        return String.format("reflection %s: %d sites, %d resolved, %d imprecise, %d unsound", mode.label(),
                n.get("sites"), n.get("resolved"), n.get("imprecise"), n.get("unsound"));
    }

    /** The unsound sites, then the imprecise ones (most targets first), one line each, for {@code -v}. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (ReflectiveCall c : calls) {
            if (status(c).equals("unsound")) {
                out.add("unsound " + c.api.label() + " at " + c.where() + ": " + String.join("; ", c.unsoundReasons())
                        + (c.unknownSources().isEmpty() ? "" : " (names from " + String.join(", ", c.unknownSources())
                        + ")"));
            }
        }
        List<ReflectiveCall> imprecise = new ArrayList<>();
        for (ReflectiveCall c : calls) {
            if (status(c).equals("imprecise")) {
                imprecise.add(c);
            }
        }
        imprecise.sort(Comparator.comparingInt((ReflectiveCall c) -> -c.targets().size()));
        for (ReflectiveCall c : imprecise) {
            out.add("imprecise " + c.api.label() + " at " + c.where() + ": " + c.targets().size() + " targets");
        }
        return out;
    }
}
