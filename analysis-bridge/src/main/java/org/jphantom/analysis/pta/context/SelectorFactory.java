package org.jphantom.analysis.pta.context;

/**
 * Makes the {@link ContextSelector} of one analysis: a selector interns its contexts in the
 * analysis' own {@link Contexts} and may ask the analysis about objects ({@link ContextInfo}), so
 * each solver gets a selector of its own. An {@link org.jphantom.analysis.AnalysisRequest} holds a
 * factory, so one request can be run any number of times. {@link Selectors#named} maps the
 * command line's names to factories.
 */
public interface SelectorFactory {
    /** The selector of a new analysis. */
    ContextSelector create(Contexts contexts, ContextInfo info);

    /** The name the result reports: ci, 1cfa, 2obj, ... */
    String name();

    /** A factory that makes selectors with {@code maker}, named {@code name}. */
    static SelectorFactory of(String name, java.util.function.BiFunction<Contexts, ContextInfo, ContextSelector> maker) {
        return new SelectorFactory() {
            @Override
            public ContextSelector create(Contexts contexts, ContextInfo info) {
                return maker.apply(contexts, info);
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
