package org.jphantom.analysis.pta.context;

import org.jphantom.analysis.lang.JMethod;

/**
 * Decides the contexts of the analysis, per call, per allocation and per variable, so that a
 * selective policy (seed 004) can choose differently for each method, call site, allocation site
 * and variable. Context indices are those of the {@link Contexts} the selector was created with;
 * index 0 is the empty context.
 */
public interface ContextSelector {
    /** The context of {@code callee} for a static call at {@code callSite} from a method in {@code callerCtx}. */
    int staticCall(int callerCtx, int callSite, JMethod callee);

    /** The context of {@code callee} for an instance call at {@code callSite} on {@code receiver} (a context-sensitive object). */
    int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee);

    /**
     * Whether {@link #instanceCall} may depend on its receiver (object sensitivity, type
     * sensitivity); when it does not (call-site sensitivity and no context), the solver asks it
     * once per callee of a call site's receivers instead of once per receiver. True unless a
     * selector knows better.
     */
    default boolean dependsOnReceiver() {
        return true;
    }

    /** The heap context of an object allocated at {@code site} by {@code method} in {@code methodCtx}. */
    int heapContext(int methodCtx, JMethod method, int site);

    /**
     * The heap context of the allocation at statement {@code stmt} (its index in {@code method}'s
     * IR; -1 for a statement a plugin added) that makes abstract object {@code site}: by default
     * the same as {@link #heapContext(int, JMethod, int)}; a selective policy may tell allocation
     * sites apart by their statement.
     */
    default int heapContext(int methodCtx, JMethod method, int site, int stmt) {
        return heapContext(methodCtx, method, site);
    }

    /**
     * The context of variable {@code var} of {@code method} analysed in {@code methodCtx}: the
     * method's own (the default), or a shorter one, typically the empty context, to keep the
     * variable context-insensitive. Every method context that maps a variable to the same context
     * shares one pointer for it. Asked only if {@link #selectsVariables}.
     */
    default int variableContext(int methodCtx, JMethod method, int var) {
        return methodCtx;
    }

    /** Whether {@link #variableContext} may differ from the method's context. */
    default boolean selectsVariables() {
        return false;
    }

    /**
     * The context in which code the analysis should see once, apart and context-insensitively,
     * starts (the JVM's start-up, {@link org.jphantom.analysis.pta.entry.JvmStartup}): the empty
     * context unless the selector is {@link Isolating}.
     */
    default int isolatedContext() {
        return Contexts.EMPTY;
    }

    /** Figures of a pre-analysis the selector depends on, for the result's statistics; empty if none. */
    default java.util.Map<String, Object> figures() {
        return java.util.Map.of();
    }

    /**
     * Whether the analysis keeps containers' contents apart, and so needs the heap's two facts
     * about arrays: an array of constant length zero takes no stores (the JDK's collections share
     * such arrays as their empty state, which would otherwise hold every element of every list),
     * and an array {@code Array.newInstance} makes has its real type (else {@code toArray(new T[0])}
     * would lose its elements, which only the zero-length argument carried). Without containers kept
     * apart the first buys no precision (all lists' elements are one set anyway) and the second
     * costs: on sablecc context-insensitively, 2.9 times the CPU.
     */
    default boolean separatesContainers() {
        return false;
    }

    /** A short name: ci, 1cfa, 2obj, ... */
    String name();
}
