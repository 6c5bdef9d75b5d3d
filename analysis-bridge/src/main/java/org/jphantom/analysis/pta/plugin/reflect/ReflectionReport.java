package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * What the reflection analysis found at each reflective call site it reached, as SOLAR reports it
 * for a user to annotate: per site its origin, the API, the targets and how each was found, where
 * unknown names came from, the sites whose meta-objects reached it, and a status —
 * {@code limited} (past its budget, {@link SiteBudget}: targets given up), {@code unsound}
 * (SOLAR's soundness criterion fails there, with the reason), {@code imprecise} (more than
 * {@value #IMPRECISE} targets, or a lazy object typed as more classes at one use) or
 * {@code resolved}. Sites are sorted by caller class, method, line and call; the problem lists
 * ({@link SiteRanking}) name each problem site's annotation points ({@link AnnotationPoints}).
 */
public final class ReflectionReport {
    /** More targets than this make a site imprecise. */
    public static final int IMPRECISE = 20;

    private final ReflectionMode mode;
    private final boolean withLog;
    private final List<ReflectiveCall> calls;
    private final SiteRanking.Lists ranked;

    ReflectionReport(ReflectionMode mode, boolean withLog, List<ReflectiveCall> calls) {
        this.mode = mode;
        this.withLog = withLog;
        List<ReflectiveCall> sorted = new ArrayList<>(calls);
        sorted.sort(ReflectiveCall.BY_POSITION);
        this.calls = sorted;
        this.ranked = SiteRanking.rank(sorted);
    }

    /** The report of an analysis without reflection. */
    public static ReflectionReport none() {
        return new ReflectionReport(ReflectionMode.NONE, false, List.of());
    }

    public ReflectionMode mode() {
        return mode;
    }

    /** Sites per status: {@code resolved}, {@code imprecise}, {@code limited}, {@code unsound}. */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new LinkedHashMap<>();
        out.put("sites", calls.size());
        out.put("resolved", 0);
        out.put("imprecise", 0);
        out.put("limited", 0);
        out.put("unsound", 0);
        for (ReflectiveCall c : calls) {
            out.merge(SiteRanking.status(c), 1, Integer::sum);
        }
        return out;
    }

    /** Whether any site is limited, unsound or imprecise. */
    public boolean hasProblems() {
        return !ranked.isEmpty();
    }

    /** The content of {@code reflection.json}. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", mode.label());
        out.put("log", withLog);
        out.put("impreciseThreshold", IMPRECISE);
        out.put("counts", counts());
        Map<String, Object> problems = new LinkedHashMap<>();
        problems.put("limited", problemList(ranked.limited(), c -> c.budget.refused()));
        problems.put("unsound", problemList(ranked.unsound(), c -> c.targets().size()));
        problems.put("impreciseNewInstance", problemList(ranked.lazyImprecise(), ReflectiveCall::mostLazyTypes));
        problems.put("imprecise", problemList(ranked.imprecise(), c -> c.targets().size()));
        out.put("problems", problems);
        List<Map<String, Object>> sites = new ArrayList<>();
        for (ReflectiveCall c : calls) {
            sites.add(site(c));
        }
        out.put("sites", sites);
        return out;
    }

    private static List<Map<String, Object>> problemList(List<ReflectiveCall> list,
                                                         java.util.function.ToIntFunction<ReflectiveCall> rank) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ReflectiveCall c : list) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("site", c.api.label() + " at " + c.where());
            p.put("rank", rank.applyAsInt(c));
            p.put("annotationPoints", AnnotationPoints.of(c));
            out.add(p);
        }
        return out;
    }

    private static Map<String, Object> site(ReflectiveCall c) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("class", c.callerClass());
        s.put("method", c.method.name() + c.method.desc());
        s.put("line", c.invoke.line > 0 ? c.invoke.line : -1);
        s.put("call", c.invoke.ordinal);
        s.put("api", c.api.label());
        s.put("status", SiteRanking.status(c));
        if (!c.unsoundReasons().isEmpty()) {
            s.put("reasons", List.copyOf(c.unsoundReasons()));
        }
        if (c.budget.spent()) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("classes", c.budget.limit());
            b.put("jdkClasses", c.budget.platformLimit());
            b.put("admitted", c.budget.admitted());
            b.put("admittedJdkClasses", c.budget.platformAdmitted());
            b.put("admittedNamedClasses", c.budget.admittedNamed());
            b.put("gaveUpClasses", c.budget.refused());
            b.put("gaveUpJdkClasses", c.budget.platformRefused());
            b.put("gaveUpFirst", List.copyOf(c.budget.refusedNames()));
            s.put("budget", b);
        }
        if (c.logged) {
            s.put("logged", true);
        }
        if (c.hinted) {
            s.put("hinted", true);
        }
        if (!c.lazyUses().isEmpty()) {
            s.put("lazyUses", c.lazyUses());
        }
        List<Map<String, Object>> targets = new ArrayList<>();
        for (Map.Entry<String, SortedSet<String>> t : c.targets().entrySet()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("target", t.getKey());
            tm.put("how", List.copyOf(t.getValue()));
            targets.add(tm);
        }
        s.put("targets", targets);
        if (!c.notFound().isEmpty()) {
            s.put("notFound", List.copyOf(c.notFound()));
        }
        if (!c.unknownSources().isEmpty()) {
            s.put("unknownNamesFrom", List.copyOf(c.unknownSources()));
            if (c.moreSources() > 0) {
                s.put("moreUnknownNames", c.moreSources());
            }
        }
        if (!c.sources().isEmpty()) {
            List<String> from = new ArrayList<>();
            for (ReflectiveCall src : c.sources()) {
                from.add(src.api.label() + " at " + src.where());
            }
            from.sort(null);
            s.put("metaObjectsFrom", from);
        }
        return s;
    }

    /** One line: the mode and the sites per status. */
    public String summary() {
        Map<String, Integer> n = counts();
        return String.format("reflection %s: %d sites, %d resolved, %d imprecise, %d limited, %d unsound", mode.label(),
                n.get("sites"), n.get("resolved"), n.get("imprecise"), n.get("limited"), n.get("unsound"));
    }

    /** Every problem site, ranked (limited, unsound, imprecise), one line each, for {@code -v}. */
    public List<String> problems() {
        return problems(Integer.MAX_VALUE);
    }

    /**
     * The first {@code top} sites of each problem list, one line each, with their annotation points
     * on the lines after (indented): the short summary printed after a run that flagged anything.
     */
    public List<String> problems(int top) {
        List<String> out = new ArrayList<>();
        for (ReflectiveCall c : first(ranked.limited(), top)) {
            out.add("limited " + c.api.label() + " at " + c.where() + ": past its budget of " + c.budget.limit()
                    + " classes (" + c.budget.platformLimit() + " of the JDK), gave up "
                    + c.budget.refused() + " more, " + c.budget.platformRefused() + " of them the JDK's ("
                    + String.join(", ", c.budget.refusedNames())
                    + (c.budget.refused() > c.budget.refusedNames().size() ? ", ..." : "") + ")");
            points(out, c);
        }
        for (ReflectiveCall c : first(ranked.unsound(), top)) {
            out.add("unsound " + c.api.label() + " at " + c.where() + ": " + String.join("; ", c.unsoundReasons())
                    + (c.unknownSources().isEmpty() ? "" : " (names from " + String.join(", ", c.unknownSources()) + ")"));
            points(out, c);
        }
        for (ReflectiveCall c : first(ranked.lazyImprecise(), top)) {
            out.add("imprecise " + c.api.label() + " at " + c.where() + ": one use types its object as "
                    + c.mostLazyTypes() + " classes");
            points(out, c);
        }
        for (ReflectiveCall c : first(ranked.imprecise(), top)) {
            out.add("imprecise " + c.api.label() + " at " + c.where() + ": " + c.targets().size() + " targets");
            points(out, c);
        }
        return out;
    }

    private static List<ReflectiveCall> first(List<ReflectiveCall> list, int n) {
        return list.size() <= n ? list : list.subList(0, n);
    }

    private static void points(List<String> out, ReflectiveCall c) {
        List<ReflectiveCall> points = AnnotationPoints.trace(c);
        if (points.size() == 1 && points.get(0) == c) {
            return; // its own annotation point: nothing more to say
        }
        for (ReflectiveCall p : points) {
            out.add("    <- " + AnnotationPoints.describe(p));
        }
    }
}
