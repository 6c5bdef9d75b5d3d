package org.jphantom.analysis.pta.context;

/**
 * Which of Selectx's two rule sets a selective selector's pre-analysis applies (seed 004; the
 * measured trade-off is in bench/RESULTS.md).
 */
public enum SelectxRules {
    /**
     * {@code s-kcfa}: one edge per store, {@code (y,V_f) -> (x,V_p)} for {@code x.f = y}, without
     * the paper's inverse; Eq. 18 otherwise as the paper states it. The faster of the two, and the
     * less precise: it does not select what a method stores into an object its parameters reach.
     */
    LEAN(""),
    /**
     * {@code s-kcfa-full}: the paper's G_R with both store edges ({@code (x,V_f) -> (y,V_p)} too,
     * as the authors' implementation builds it), and, beyond the paper, Fig. 7's receivers: the
     * receiver of a call the context-insensitive call graph dispatches to two or more methods is
     * selected when enflow reaches it, and so are the call's arguments that enflow reaches, because
     * which callee runs, and so where the arguments go, depends on the receiver's context.
     */
    FULL("-full");

    private final String suffix;

    SelectxRules(String suffix) {
        this.suffix = suffix;
    }

    /** What the selector's name carries after {@code s-kcfa}. */
    public String suffix() {
        return suffix;
    }
}
