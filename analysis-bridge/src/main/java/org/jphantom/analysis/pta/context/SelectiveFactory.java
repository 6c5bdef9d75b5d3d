package org.jphantom.analysis.pta.context;

/**
 * The factory of selective k-call-site selectors ({@code s-1cfa}, {@code s-2cfa}, {@code s-3cfa}):
 * named without a {@link Selection}, it needs one before it can make selectors, which
 * {@link org.jphantom.analysis.Analysis} gives it by running the pre-analysis
 * ({@link org.jphantom.analysis.pta.selectx}) on the same program first.
 */
public final class SelectiveFactory implements SelectorFactory {
    private final int k;
    private final Selection selection;

    private SelectiveFactory(int k, Selection selection) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1: " + k);
        }
        this.k = k;
        this.selection = selection;
    }

    /** Selective k-call-site sensitivity, waiting for its selection. */
    public static SelectiveFactory callSite(int k) {
        return new SelectiveFactory(k, null);
    }

    public int k() {
        return k;
    }

    /** Whether the pre-analysis has yet to run. */
    public boolean needsSelection() {
        return selection == null;
    }

    /** The same policy with {@code s} as its selection. */
    public SelectiveFactory withSelection(Selection s) {
        return new SelectiveFactory(k, s);
    }

    /**
     * @throws IllegalStateException if no selection was given (run the analysis through
     *     {@link org.jphantom.analysis.Analysis}, which gives it one)
     */
    @Override
    public ContextSelector create(Contexts contexts, ContextInfo info) {
        if (selection == null) {
            throw new IllegalStateException(name() + " needs the selection of its pre-analysis first");
        }
        return new SelectiveCallSite(k, contexts, selection, name());
    }

    @Override
    public String name() {
        return "s-" + k + "cfa";
    }

    @Override
    public String toString() {
        return name();
    }
}
