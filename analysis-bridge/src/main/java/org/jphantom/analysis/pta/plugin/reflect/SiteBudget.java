package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;

/**
 * The budget of one reflective call site: the most classes its targets may belong to
 * ({@link ReflectionLimits#siteClasses()}). Real reflective code applies one site to a few classes
 * per run; a site whose points-to sets bring it hundreds (a {@code getDeclaredMethods} on the class
 * of every object a generic library handles, an {@code invoke} of every method those lookups
 * return, a {@code forName} of every string constant that flows through a shared map) is resolved
 * imprecisely, and each such target feeds more objects back into the same sites: on real
 * applications that feedback, not any one rule, makes the analysis grow without end. A site admits
 * the classes of its targets in the order the solver finds them (deterministic: the same input
 * gives the same classes) until the budget is spent; a target of a further class is given up and
 * the site is reported {@code limited}, with how many classes it gave up and the first of them by
 * name. Targets that a TamiFlex log or a hint names are facts, not inference, and are never
 * refused; nor are the classes lazy typing makes objects of, which the lazy-typing limit bounds.
 * <p>
 * Of the budget, at most {@value #PLATFORM_CLASSES} classes may be the JDK's. Measured on the
 * recall benchmark's applications: the classes that crowd a generic site under context
 * insensitivity are mostly the JDK's ({@code Throwable}, {@code Class}, {@code MethodHandles},
 * {@code Module}, ... reach commons-beanutils' introspection through the merged contents of every
 * list), each of them pulls a large part of the JDK into the analysis, and, arriving first, they
 * crowd out the program's own classes that the run binds (digester's beans); the real runs' sites
 * meet a few JDK classes each. The program's classes (and its class path's) keep the whole budget.
 * <p>
 * At a site that loads or instantiates classes ({@link Api#instantiates()}), a class the program
 * names by a string constant ({@link NamedClasses}) is admitted beyond the budget and not counted in
 * it: a module factory fed a table of its modules' names (checkstyle's {@code PackageObjectFactory},
 * 218 names, 75 of them configured in the real run) is resolved whole, while the classes that merged
 * flows and {@code getClass()} bring stay bounded.
 */
final class SiteBudget {
    /**
     * The default budget: 1.7 times the most classes one site touched in the real runs of the
     * recall benchmark's programs (checkstyle's module factory, 75; digester, Saxon and BeanShell
     * stay under 30); the classes lazy typing makes objects of are bounded by the lazy-typing limit
     * instead ({@link ReflectionLimits#lazyTypes()}: PMD's rule factory, 118 at one cast). Sites
     * past it are the imprecise ones SOLAR's report would send a user to annotate (see the
     * analysis-bridge README).
     */
    static final int DEFAULT_CLASSES = 128;
    /** How many of the refused classes a report names. */
    static final int NAMED = 5;
    /** The most JDK classes one site may admit (never more than its budget). */
    static final int PLATFORM_CLASSES = 8;

    private final int limit;
    private final Set<Integer> admitted = new HashSet<>();
    private final Set<Integer> named = new HashSet<>();
    private int platformAdmitted;
    private int platformRefused;
    private final Set<Integer> refused = new HashSet<>();
    private final SortedSet<String> refusedNames = new TreeSet<>();

    SiteBudget(int limit) {
        this.limit = limit;
    }

    /**
     * Whether the site may resolve a target of class {@code type}; counts it if so.
     *
     * @param beyond whether the class is admitted beyond the budget (a class the program names, at a
     *               site that loads or instantiates classes): admitted, and not counted in it
     */
    boolean admit(int type, Program program, boolean beyond) {
        if (admitted.contains(type) || named.contains(type)) {
            return true;
        }
        if (beyond && limit != Integer.MAX_VALUE) {
            named.add(type);
            return true;
        }
        boolean platform = program.world().isPlatformName(program.typeName(type));
        if (platform ? platformAdmitted < platformLimit() : admitted.size() - platformAdmitted < limit) {
            admitted.add(type);
            if (platform) {
                platformAdmitted++;
            }
            return true;
        }
        if (refused.add(type)) {
            if (platform) {
                platformRefused++;
            }
            refusedNames.add(Signatures.javaName(program.typeName(type)));
            if (refusedNames.size() > NAMED) {
                refusedNames.remove(refusedNames.last());
            }
        }
        return false;
    }

    /** Whether any class was refused. */
    boolean spent() {
        return !refused.isEmpty();
    }

    int limit() {
        return limit;
    }

    /** How many of the classes may be the JDK's: {@value #PLATFORM_CLASSES}, or the budget if smaller; no budget, no bound. */
    int platformLimit() {
        return limit == Integer.MAX_VALUE ? limit : Math.min(limit, PLATFORM_CLASSES);
    }

    /** How many JDK classes the site admitted. */
    int platformAdmitted() {
        return platformAdmitted;
    }

    /** How many classes the site admitted within its budget. */
    int admitted() {
        return admitted.size();
    }

    /** How many classes the program names the site admitted beyond its budget. */
    int admittedNamed() {
        return named.size();
    }

    /** How many JDK classes it refused (past {@value #PLATFORM_CLASSES}). */
    int platformRefused() {
        return platformRefused;
    }

    /** How many classes it refused. */
    int refused() {
        return refused.size();
    }

    /** The first refused classes by name (at most {@value #NAMED}). */
    SortedSet<String> refusedNames() {
        return refusedNames;
    }
}
