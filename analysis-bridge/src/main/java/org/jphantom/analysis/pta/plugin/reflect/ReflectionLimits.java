package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.JphantomException;

/**
 * The precision thresholds of type inference from uses ({@code --reflection-lazy-limit},
 * {@code --reflection-use-based-limits}): a use that many classes satisfy tells little about the
 * object, and typing it as all of them floods the analysis.
 *
 * @param lazyTypes SOLAR's lazy heap modelling: a lazy object meeting a cast to {@code A} ([L-CAST])
 *                  or an {@code invoke} of a method of {@code A} ([L-INV]) becomes objects of the
 *                  closed world's concrete subtypes of {@code A} only when they are at most this
 *                  many; beyond it the use does not type the object (SOLAR's PROBE, Section 3.8 of
 *                  the paper, ignores [L-CAST] and [L-INV] everywhere; this ignores them at such
 *                  uses only) and the creating site is reported unsound, naming the use.
 *                  {@link Integer#MAX_VALUE}: no limit, SOLAR as published
 * @param lazyUses  the most distinct uses (casts and {@code invoke} calls) that may type one lazy
 *                  object ({@code --reflection-lazy-uses}); a further use does not type it and the
 *                  creating site is reported unsound, naming the use. A factory's object is typed
 *                  by the one or few casts its callers apply to the result; one that reaches
 *                  hundreds of casts (an interpreter's or a bean library's values, merged under
 *                  context insensitivity) tells nothing at any of them. {@link Integer#MAX_VALUE}:
 *                  no limit
 * @param castTypes the thesis' c (Section 3.4.3): a cast back-propagates, or invents objects, only
 *                  when at most this many concrete classes satisfy it
 * @param nameTypes the thesis' d: a member name back-propagates only when at most this many classes
 *                  declare a member of that name
 * @param siteClasses the budget of one reflective call site ({@code --reflection-budget}): the most
 *                  classes its targets may belong to (the classes a {@code forName} returns or a
 *                  {@code newInstance} makes objects of, not counting those lazy typing makes,
 *                  which {@code lazyTypes} bounds; the classes whose members a lookup returns,
 *                  the declaring classes of the methods an {@code invoke} calls and of the fields a
 *                  {@code get} or {@code set} accesses). A site whose arguments would take it past
 *                  the budget resolves no target of a further class and is reported {@code limited},
 *                  naming what it gave up ({@link SiteBudget}). {@link Integer#MAX_VALUE}: no budget
 */
public record ReflectionLimits(int lazyTypes, int lazyUses, int castTypes, int nameTypes, int siteClasses) {
    /**
     * The defaults: a lazy object typed as at most 200 classes (PMD 4.2.6's cast to {@code Rule}
     * needs 118, log4j 1.2.17's most typed site 98; Ant's cast to {@code ProjectComponent} alone is
     * 342; see the analysis-bridge README) by at most {@value #DEFAULT_LAZY_USES} uses; c = d = 5, the
     * thesis' defaults.
     */
    public static final ReflectionLimits DEFAULT = new ReflectionLimits(200, ReflectionLimits.DEFAULT_LAZY_USES, 5, 5,
            SiteBudget.DEFAULT_CLASSES);

    /**
     * The default bound on the uses typing one lazy object (see the analysis-bridge README's
     * reflection section for the measurements behind it).
     */
    public static final int DEFAULT_LAZY_USES = 16;

    public ReflectionLimits {
        if (lazyTypes < 1 || lazyUses < 1 || castTypes < 1 || nameTypes < 1 || siteClasses < 1) {
            throw JphantomException.input("reflection limits must be positive: lazy " + lazyTypes + ", lazy uses "
                    + lazyUses + ", c " + castTypes + ", d " + nameTypes + ", budget " + siteClasses);
        }
    }

    /** These limits with lazy typing bounded at {@code n} ({@link Integer#MAX_VALUE}: unbounded). */
    public ReflectionLimits withLazyTypes(int n) {
        return new ReflectionLimits(n, lazyUses, castTypes, nameTypes, siteClasses);
    }

    /** These limits with at most {@code n} uses typing a lazy object ({@link Integer#MAX_VALUE}: unbounded). */
    public ReflectionLimits withLazyUses(int n) {
        return new ReflectionLimits(lazyTypes, n, castTypes, nameTypes, siteClasses);
    }

    /** These limits with the thesis' c and d. */
    public ReflectionLimits withUseBased(int c, int d) {
        return new ReflectionLimits(lazyTypes, lazyUses, c, d, siteClasses);
    }

    /** These limits with a site's budget of {@code n} classes ({@link Integer#MAX_VALUE}: none). */
    public ReflectionLimits withSiteClasses(int n) {
        return new ReflectionLimits(lazyTypes, lazyUses, castTypes, nameTypes, n);
    }

    /** {@code N} or {@code none} (no budget), as {@code --reflection-budget} takes it. */
    public static int parseBudget(String value) {
        if (value.equals("none")) {
            return Integer.MAX_VALUE;
        }
        return positive(value, "--reflection-budget takes a positive number or none");
    }

    /** {@code N} or {@code none} (no limit), as {@code --reflection-lazy-limit} takes it. */
    public static int parseLazy(String value) {
        if (value.equals("none")) {
            return Integer.MAX_VALUE;
        }
        return positive(value, "--reflection-lazy-limit takes a positive number or none");
    }

    /** {@code N} or {@code none} (no limit), as {@code --reflection-lazy-uses} takes it. */
    public static int parseLazyUses(String value) {
        if (value.equals("none")) {
            return Integer.MAX_VALUE;
        }
        return positive(value, "--reflection-lazy-uses takes a positive number or none");
    }

    /** {@code C,D} as {@code --reflection-use-based-limits} takes it. */
    public ReflectionLimits withUseBased(String value) {
        String[] cd = value.split(",", -1);
        String usage = "--reflection-use-based-limits takes C,D (two positive numbers)";
        if (cd.length != 2) {
            throw JphantomException.input(usage + ", not '" + value + "'");
        }
        return withUseBased(positive(cd[0], usage), positive(cd[1], usage));
    }

    private static int positive(String s, String usage) {
        try {
            int n = Integer.parseInt(s.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below, with the value
        }
        throw JphantomException.input(usage + ", not '" + s + "'");
    }
}
