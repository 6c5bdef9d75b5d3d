package org.jphantom.analysis.pta.context;

import org.jphantom.analysis.lang.JMethod;

/**
 * Decides the contexts of the analysis, per call and per allocation, so that a selective policy
 * can choose differently for each method, call site and allocation site. Context indices are those
 * of the {@link Contexts} the selector was created with; index 0 is the empty context.
 */
public interface ContextSelector {
    /** The context of {@code callee} for a static call at {@code callSite} from a method in {@code callerCtx}. */
    int staticCall(int callerCtx, int callSite, JMethod callee);

    /** The context of {@code callee} for an instance call at {@code callSite} on {@code receiver} (a context-sensitive object). */
    int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee);

    /** The heap context of an object allocated at {@code site} by {@code method} in {@code methodCtx}. */
    int heapContext(int methodCtx, JMethod method, int site);

    /** A short name: ci, 1cfa, 2obj, ... */
    String name();
}
