package org.jphantom.analysis.pta.plugin.reflect;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;

/**
 * One reflective call site of the program (a call of a modelled API method in a reachable method)
 * and what the analysis found there: the targets with how each was found, where the unknown names
 * came from, and why the site may be unsoundly resolved. One object per site, shared by all its
 * contexts.
 */
final class ReflectiveCall {
    /** By position in the code: caller class, method name and descriptor, the call's ordinal in the method. */
    static final java.util.Comparator<ReflectiveCall> BY_POSITION = java.util.Comparator.comparing(ReflectiveCall::callerClass)
            .thenComparing(c -> c.method.name()).thenComparing(c -> c.method.desc()).thenComparingInt(c -> c.invoke.ordinal);

    final JMethod method;
    final Invoke invoke;
    final Api api;
    /** Unique and stable: the caller's signature and the call's ordinal. */
    final String key;
    private final String callerClass;
    private final Map<String, SortedSet<String>> targets = new TreeMap<>();
    /** Where unknown names came from, the most telling first ({@link NameOrigin}), at most {@value #MAX_SOURCES}. */
    private final SortedSet<NameOrigin> unknownSources = new TreeSet<>();
    private final SortedSet<String> unsound = new TreeSet<>();
    private final SortedSet<String> notFound = new TreeSet<>();
    private final Map<String, Integer> lazyUses = new TreeMap<>();
    /** The sites whose meta-objects (class, member objects) reached this one, in the order seen. */
    private final java.util.Set<ReflectiveCall> sources = new java.util.LinkedHashSet<>();
    static final int MAX_SOURCES = 10;
    private int moreSources;
    /** Whether the TamiFlex log lists calls of this site (then nothing is inferred here). */
    boolean logged;
    /** Whether a hint of {@code --reflection-hints} applies to this site ({@link HintedTargets}). */
    boolean hinted;
    /** Whether a hint gives its targets (a hint giving a lookup only its classes does not). */
    boolean hintCovers;
    /** The classes this site's inferred targets may belong to. */
    final SiteBudget budget;

    ReflectiveCall(JMethod method, Invoke invoke, Api api, Program program, int budget) {
        this.method = method;
        this.invoke = invoke;
        this.api = api;
        this.budget = new SiteBudget(budget);
        this.callerClass = Signatures.javaName(program.typeName(method.declaringType()));
        this.key = method.signature(program) + "#" + invoke.ordinal;
    }

    /** Whether a log or a hint gives this site's targets: it makes no unknown meta-object or lazy object. */
    boolean covered() {
        return logged || hintCovers;
    }

    String callerClass() {
        return callerClass;
    }

    /** {@code a.b.C.m:12}: where the call is, as a reader looks for it. */
    String where() {
        return callerClass + "." + method.name() + (invoke.line > 0 ? ":" + invoke.line : "");
    }

    /** Notes a target and how it was found ({@code constant}, {@code cast}, {@code log}, ...). */
    void target(String target, String how) {
        targets.computeIfAbsent(target, t -> new TreeSet<>()).add(how);
    }

    /**
     * Notes where an unknown class or member name came from. Past {@value #MAX_SOURCES} distinct
     * origins the least telling one is dropped and counted, so the origins kept do not depend on the
     * order they were seen in.
     */
    void unknownSource(NameOrigin origin) {
        if (unknownSources.contains(origin)) {
            return;
        }
        if (unknownSources.size() < MAX_SOURCES) {
            unknownSources.add(origin);
            return;
        }
        moreSources++;
        NameOrigin last = unknownSources.last();
        if (origin.compareTo(last) < 0) {
            unknownSources.remove(last);
            unknownSources.add(origin);
        }
    }

    /** How many unknown-name sources beyond the first {@value #MAX_SOURCES} were seen. */
    int moreSources() {
        return moreSources;
    }

    /**
     * Notes that a use ({@code cast at a.b.C.m:12}) of the object of an unknown class this site
     * creates types it, or would type it (PROBE, or past a limit), as {@code classes} classes.
     */
    void lazyUse(String use, int classes) {
        lazyUses.merge(use, classes, Math::max);
    }

    /** Per use of this site's lazy object, how many classes it types (or would type) it as. */
    Map<String, Integer> lazyUses() {
        return lazyUses;
    }

    /** The most classes one use types this site's lazy object as (0: none). */
    int mostLazyTypes() {
        int most = 0;
        for (int n : lazyUses.values()) {
            most = Math.max(most, n);
        }
        return most;
    }

    /** Notes that a meta-object {@code producer} made reached this site. */
    void source(ReflectiveCall producer) {
        if (producer != this) {
            sources.add(producer);
        }
    }

    /** The sites whose meta-objects reached this one. */
    java.util.Set<ReflectiveCall> sources() {
        return sources;
    }

    /** Notes why SOLAR's soundness criterion fails here. */
    void unsound(String reason) {
        unsound.add(reason);
    }

    /**
     * Notes a constant name that no class of the closed world has: the JVM's built-in loaders throw
     * {@code ClassNotFoundException} for it on the analysed class path.
     */
    void notFound(String name) {
        if (notFound.size() < MAX_SOURCES) {
            notFound.add(name);
        }
    }

    /** The constant names that named no class of the closed world (the first {@value #MAX_SOURCES}). */
    SortedSet<String> notFound() {
        return notFound;
    }

    Map<String, SortedSet<String>> targets() {
        return targets;
    }

    /** How the report names where unknown names came from, the most telling first. */
    java.util.List<String> unknownSources() {
        return unknownSources.stream().map(NameOrigin::description).toList();
    }

    SortedSet<String> unsoundReasons() {
        return unsound;
    }
}
