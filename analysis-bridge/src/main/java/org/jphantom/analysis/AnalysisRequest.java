package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.jphantom.analysis.pta.context.SelectorFactory;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.heap.HeapFactory;
import org.jphantom.analysis.pta.heap.HeapOptions;
import org.jphantom.analysis.pta.plugin.Plugin;

/**
 * What to analyse and how. The policies are factories, so one request can be run any number of
 * times (each run gets its own selector, heap model and plugins).
 *
 * @param program     the program: jars or class directories (a complemented jar, typically)
 * @param classpath   libraries, analysed as well but not counted as application code
 * @param release     the JDK whose classes to analyse with; empty: the running JDK ({@code jrt:})
 * @param mains       internal or binary names of the classes whose {@code main} methods are the entry
 *                    points; empty: every {@code main(String[])} of the program
 * @param selector    the context sensitivity
 * @param heap        the heap model
 * @param plugins     extra plugins, each run gets new ones; called after the built-in ones
 * @param skipMissing Doop's treatment of incomplete programs: methods whose signature or body
 *                    references a type missing from the closed world are not analysed
 * @param dynamicModels the models of the JVM's hidden calls (finalizers, handlers, shutdown hooks,
 *                    enum constants, serialization, proxies, services, {@code Unsafe}, method
 *                    handles: {@link org.jphantom.analysis.pta.plugin.dynamic}); on by default
 */
public record AnalysisRequest(List<Path> program, List<Path> classpath, OptionalInt release, List<String> mains,
                              SelectorFactory selector, HeapFactory heap, List<Supplier<Plugin>> plugins,
                              boolean skipMissing, boolean dynamicModels) {
    public AnalysisRequest {
        program = List.copyOf(program);
        classpath = List.copyOf(classpath);
        mains = List.copyOf(mains);
        plugins = List.copyOf(plugins);
    }

    /** Analyse {@code program} context-insensitively from all its main methods, with the running JDK. */
    public static AnalysisRequest of(List<Path> program) {
        return new AnalysisRequest(program, List.of(), OptionalInt.empty(), List.of(), Selectors.insensitive(),
                HeapFactory.allocationSites(HeapOptions.insensitive()), List.of(), false, true);
    }

    /** The name of the context sensitivity (the selector's). */
    public String context() {
        return selector.name();
    }

    public AnalysisRequest withClasspath(List<Path> cp) {
        return new AnalysisRequest(program, cp, release, mains, selector, heap, plugins, skipMissing, dynamicModels);
    }

    public AnalysisRequest withRelease(OptionalInt r) {
        return new AnalysisRequest(program, classpath, r, mains, selector, heap, plugins, skipMissing, dynamicModels);
    }

    public AnalysisRequest withMains(List<String> m) {
        return new AnalysisRequest(program, classpath, release, m, selector, heap, plugins, skipMissing, dynamicModels);
    }

    /**
     * The context sensitivity named {@code name} (see {@link Selectors#named}) with the heap that
     * goes with it: string constants kept apart when context-insensitive, merged otherwise (each
     * would be a context of its own). The one place where a name becomes the analysis' policies.
     *
     * @throws org.jphantom.JphantomException if the name is unknown
     */
    public AnalysisRequest withContext(String name) {
        SelectorFactory s = Selectors.named(name);
        HeapOptions h = s.name().equals("ci") ? HeapOptions.insensitive() : HeapOptions.sensitive();
        return new AnalysisRequest(program, classpath, release, mains, s, HeapFactory.allocationSites(h), plugins,
                skipMissing, dynamicModels);
    }

    public AnalysisRequest withSelector(SelectorFactory s) {
        return new AnalysisRequest(program, classpath, release, mains, s, heap, plugins, skipMissing, dynamicModels);
    }

    public AnalysisRequest withHeap(HeapFactory h) {
        return new AnalysisRequest(program, classpath, release, mains, selector, h, plugins, skipMissing, dynamicModels);
    }

    public AnalysisRequest withPlugins(List<Supplier<Plugin>> p) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, p, skipMissing, dynamicModels);
    }

    public AnalysisRequest withSkipMissing(boolean skip) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, skip, dynamicModels);
    }

    /** With or without the dynamic models ({@code --dynamic-models on|off}). */
    public AnalysisRequest withDynamicModels(boolean on) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, skipMissing, on);
    }
}
