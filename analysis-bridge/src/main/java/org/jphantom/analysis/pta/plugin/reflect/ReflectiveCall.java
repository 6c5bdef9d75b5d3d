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
    final JMethod method;
    final Invoke invoke;
    final Api api;
    /** Unique and stable: the caller's signature and the call's ordinal. */
    final String key;
    private final String callerClass;
    private final Map<String, SortedSet<String>> targets = new TreeMap<>();
    private final SortedSet<String> unknownSources = new TreeSet<>();
    private final SortedSet<String> unsound = new TreeSet<>();
    static final int MAX_SOURCES = 10;
    private int moreSources;
    /** Whether the TamiFlex log lists calls of this site (then nothing is inferred here). */
    boolean logged;

    ReflectiveCall(JMethod method, Invoke invoke, Api api, Program program) {
        this.method = method;
        this.invoke = invoke;
        this.api = api;
        this.callerClass = Signatures.javaName(program.typeName(method.declaringType()));
        this.key = method.signature(program) + "#" + invoke.ordinal;
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

    /** Notes where an unknown class or member name came from (a heap object's description). */
    void unknownSource(String description) {
        if (unknownSources.size() < MAX_SOURCES) {
            unknownSources.add(description);
        } else {
            moreSources++;
        }
    }

    /** How many unknown-name sources beyond the first {@value #MAX_SOURCES} were seen. */
    int moreSources() {
        return moreSources;
    }

    /** Notes why SOLAR's soundness criterion fails here. */
    void unsound(String reason) {
        unsound.add(reason);
    }

    Map<String, SortedSet<String>> targets() {
        return targets;
    }

    SortedSet<String> unknownSources() {
        return unknownSources;
    }

    SortedSet<String> unsoundReasons() {
        return unsound;
    }
}
