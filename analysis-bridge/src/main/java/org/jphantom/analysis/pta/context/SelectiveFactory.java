package org.jphantom.analysis.pta.context;

/**
 * The factory of selective k-call-site selectors ({@code s-1cfa}, {@code s-2cfa}, {@code s-3cfa},
 * and with the full rules {@code s-1cfa-full}, ...; see {@link SelectxRules}): named without a
 * {@link Selection}, it needs one before it can make selectors, which
 * {@link org.jphantom.analysis.Analysis} gives it by running the pre-analysis
 * ({@link org.jphantom.analysis.pta.selectx}) on the same program first, with its rules.
 */
public final class SelectiveFactory implements SelectorFactory {
    private final int k;
    private final SelectxRules rules;
    private final Selection selection;

    private SelectiveFactory(int k, SelectxRules rules, Selection selection) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1: " + k);
        }
        this.k = k;
        this.rules = rules;
        this.selection = selection;
    }

    /** Selective k-call-site sensitivity with the lean rules, waiting for its selection. */
    public static SelectiveFactory callSite(int k) {
        return callSite(k, SelectxRules.LEAN);
    }

    /** Selective k-call-site sensitivity with {@code rules}, waiting for its selection. */
    public static SelectiveFactory callSite(int k, SelectxRules rules) {
        return new SelectiveFactory(k, rules, null);
    }

    public int k() {
        return k;
    }

    /** The rules its pre-analysis applies. */
    public SelectxRules rules() {
        return rules;
    }

    /** Whether the pre-analysis has yet to run. */
    public boolean needsSelection() {
        return selection == null;
    }

    /** The same policy with {@code s} as its selection. */
    public SelectiveFactory withSelection(Selection s) {
        return new SelectiveFactory(k, rules, s);
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
        return "s-" + k + "cfa" + rules.suffix();
    }

    @Override
    public String toString() {
        return name();
    }
}
