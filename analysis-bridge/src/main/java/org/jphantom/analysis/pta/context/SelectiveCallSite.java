package org.jphantom.analysis.pta.context;

import java.util.Map;
import org.jphantom.analysis.lang.JMethod;

/**
 * Selective k-call-site sensitivity (seed 004, Section 4): k-CFA for the variables, allocation
 * sites and methods a {@link Selection} names, context insensitivity for everything else. A
 * selected method is analysed under its last k call sites; an unselected one in the empty
 * context. Inside a selected method, an unselected variable shares one pointer across all the
 * method's contexts ({@link #variableContext}) and an unselected allocation gets the empty heap
 * context; a selected allocation gets the method context's last k-1 call sites.
 */
final class SelectiveCallSite implements ContextSelector {
    private final int k;
    private final Contexts contexts;
    private final Selection selection;
    private final String name;

    SelectiveCallSite(int k, Contexts contexts, Selection selection, String name) {
        this.k = k;
        this.contexts = contexts;
        this.selection = selection;
        this.name = name;
    }

    @Override
    public int staticCall(int callerCtx, int callSite, JMethod callee) {
        return selection.method(callee) ? contexts.append(callerCtx, callSite, k) : Contexts.EMPTY;
    }

    @Override
    public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
        return selection.method(callee) ? contexts.append(callerCtx, callSite, k) : Contexts.EMPTY;
    }

    @Override
    public boolean dependsOnReceiver() {
        return false;
    }

    /** An allocation the selector cannot place (a plugin's): as k-CFA would. */
    @Override
    public int heapContext(int methodCtx, JMethod method, int site) {
        return contexts.suffix(methodCtx, k - 1);
    }

    @Override
    public int heapContext(int methodCtx, JMethod method, int site, int stmt) {
        return selection.object(method, stmt) ? contexts.suffix(methodCtx, k - 1) : Contexts.EMPTY;
    }

    @Override
    public int variableContext(int methodCtx, JMethod method, int var) {
        return selection.variable(method, var) ? methodCtx : Contexts.EMPTY;
    }

    @Override
    public boolean selectsVariables() {
        return true;
    }

    @Override
    public Map<String, Object> figures() {
        return selection.figures();
    }

    @Override
    public String name() {
        return name;
    }
}
