package org.jphantom.analysis.pta.context;

import java.util.Map;
import org.jphantom.analysis.lang.JMethod;

/**
 * A selector that analyses one part of the program apart, in a single context of its own and
 * context-insensitively, whatever the selector it wraps: the JVM's start-up code, which every
 * program runs the same way and whose precision no client asks for, but which, under k-limited
 * contexts, would be analysed again in every context its calls make (a three-class program's
 * 2-object-sensitive analysis went from 0.3 s to minutes with it).
 *
 * <p>The part is what is reached from the methods the analysis starts in {@link #isolatedContext()}:
 * a call made in that context stays in it, and an object allocated in it gets the empty heap
 * context. Everything else is the wrapped selector's, and so is every variable's context (a
 * selective selector may keep a variable of an isolated method context-insensitive, sharing the
 * pointer of the empty context).
 */
public final class Isolating implements ContextSelector {
    /** The element of the isolated context: no call site, object or type is negative. */
    private static final int ISOLATED = Integer.MIN_VALUE;

    private final ContextSelector delegate;
    private final int isolated;

    private Isolating(ContextSelector delegate, Contexts contexts) {
        this.delegate = delegate;
        this.isolated = contexts.child(Contexts.EMPTY, ISOLATED);
    }

    /**
     * {@code factory}'s selectors, each wrapped. A context-insensitive factory is returned as it
     * is: with one context for everything, the part is context-insensitive already.
     */
    public static SelectorFactory wrap(SelectorFactory factory) {
        if (factory.name().equals("ci")) {
            return factory;
        }
        return SelectorFactory.of(factory.name(),
                (contexts, info) -> new Isolating(factory.create(contexts, info), contexts));
    }

    @Override
    public int isolatedContext() {
        return isolated;
    }

    @Override
    public int staticCall(int callerCtx, int callSite, JMethod callee) {
        return callerCtx == isolated ? isolated : delegate.staticCall(callerCtx, callSite, callee);
    }

    @Override
    public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
        return callerCtx == isolated ? isolated : delegate.instanceCall(callerCtx, callSite, receiver, callee);
    }

    @Override
    public boolean dependsOnReceiver() {
        return delegate.dependsOnReceiver();
    }

    @Override
    public int heapContext(int methodCtx, JMethod method, int site) {
        return methodCtx == isolated ? Contexts.EMPTY : delegate.heapContext(methodCtx, method, site);
    }

    @Override
    public int heapContext(int methodCtx, JMethod method, int site, int stmt) {
        return methodCtx == isolated ? Contexts.EMPTY : delegate.heapContext(methodCtx, method, site, stmt);
    }

    @Override
    public int variableContext(int methodCtx, JMethod method, int var) {
        return delegate.variableContext(methodCtx, method, var);
    }

    @Override
    public boolean selectsVariables() {
        return delegate.selectsVariables();
    }

    @Override
    public boolean separatesContainers() {
        return delegate.separatesContainers();
    }

    @Override
    public Map<String, Object> figures() {
        return delegate.figures();
    }

    @Override
    public String name() {
        return delegate.name();
    }
}
