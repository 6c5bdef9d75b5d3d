package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The problem lists of SOLAR's report (Section 4.4, Fig. 11), ranked for a user to act on:
 * <ol>
 *   <li>{@code limited}: sites past their budget ({@link SiteBudget}), most classes given up first;
 *   <li>{@code unsound}: sites where SOLAR's soundness criterion fails, most targets first;
 *   <li>{@code imprecise}: first the {@code newInstance} sites by the most objects one use of their
 *       lazy object (a cast, an {@code invoke}) creates, or would create, then the other sites by
 *       their number of targets; a site is imprecise past {@link ReflectionReport#IMPRECISE}.
 * </ol>
 * Ties break by the site's place in the program, so the lists are the same on every run.
 */
final class SiteRanking {
    /** The problem lists of a report. */
    record Lists(List<ReflectiveCall> limited, List<ReflectiveCall> unsound, List<ReflectiveCall> lazyImprecise,
                 List<ReflectiveCall> imprecise) {
        boolean isEmpty() {
            return limited.isEmpty() && unsound.isEmpty() && lazyImprecise.isEmpty() && imprecise.isEmpty();
        }
    }

    private SiteRanking() {
    }

    static String status(ReflectiveCall c) {
        if (c.budget.spent()) {
            return "limited";
        }
        if (!c.unsoundReasons().isEmpty()) {
            return "unsound";
        }
        return isImprecise(c) ? "imprecise" : "resolved";
    }

    static boolean isImprecise(ReflectiveCall c) {
        return c.targets().size() > ReflectionReport.IMPRECISE || c.mostLazyTypes() > ReflectionReport.IMPRECISE;
    }

    /** {@code sorted}: the sites in the report's order (by place), which breaks ties. */
    static Lists rank(List<ReflectiveCall> sorted) {
        List<ReflectiveCall> limited = new ArrayList<>();
        List<ReflectiveCall> unsound = new ArrayList<>();
        List<ReflectiveCall> lazy = new ArrayList<>();
        List<ReflectiveCall> imprecise = new ArrayList<>();
        for (ReflectiveCall c : sorted) {
            switch (status(c)) {
                case "limited" -> limited.add(c);
                case "unsound" -> unsound.add(c);
                case "imprecise" -> (c.mostLazyTypes() > ReflectionReport.IMPRECISE ? lazy : imprecise).add(c);
                default -> {
                }
            }
        }
        limited.sort(Comparator.comparingInt((ReflectiveCall c) -> -c.budget.refused()));
        unsound.sort(Comparator.comparingInt((ReflectiveCall c) -> -c.targets().size()));
        lazy.sort(Comparator.comparingInt((ReflectiveCall c) -> -c.mostLazyTypes()));
        imprecise.sort(Comparator.comparingInt((ReflectiveCall c) -> -c.targets().size()));
        return new Lists(limited, unsound, lazy, imprecise);
    }
}
