package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.jphantom.analysis.missing.MissingMode;
import org.jphantom.analysis.pta.context.SelectorFactory;
import org.jphantom.analysis.pta.entry.EntryPointOptions;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.heap.HeapFactory;
import org.jphantom.analysis.pta.heap.HeapOptions;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;

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
 * @param missing     what to do with classes the program references but nothing provides:
 *                    complement the program in memory first (the default), analyse it as it is,
 *                    or (Doop's treatment) leave out the methods whose signature or body
 *                    references a missing type; see {@link MissingMode}
 * @param reflection  how reflective calls are resolved
 * @param reflectionLog a TamiFlex log whose targets are added at their call sites, or null
 * @param entryPoints where the analysis enters the program: {@code main} methods, a library's
 *                    client-callable methods, or every method (chosen by the program by default)
 * @param dynamicModels the models of the JVM's hidden calls (finalizers, handlers, shutdown hooks,
 *                    enum constants, serialization, proxies, services, {@code Unsafe}, method
 *                    handles: {@link org.jphantom.analysis.pta.plugin.dynamic}); on by default
 * @param reflectionOptions substring flow, use-based inference and string colouring on top of the
 *                    {@code solar} mode ({@link ReflectionOptions#DEFAULT} by default)
 * @param reflectionHints a hints file ({@code --reflection-hints}: per reflective call site the
 *                    classes, methods or fields it may reach, or {@code ignore}), or null
 */
public record AnalysisRequest(List<Path> program, List<Path> classpath, OptionalInt release, List<String> mains,
                              SelectorFactory selector, HeapFactory heap, List<Supplier<Plugin>> plugins,
                              MissingMode missing, ReflectionMode reflection, Path reflectionLog,
                              EntryPointOptions entryPoints, boolean dynamicModels,
                              ReflectionOptions reflectionOptions, Path reflectionHints) {
    public AnalysisRequest {
        program = List.copyOf(program);
        classpath = List.copyOf(classpath);
        mains = List.copyOf(mains);
        plugins = List.copyOf(plugins);
        java.util.Objects.requireNonNull(reflection, "reflection");
        java.util.Objects.requireNonNull(missing, "missing");
        if (entryPoints == null) {
            entryPoints = EntryPointOptions.AUTOMATIC;
        }
        if (reflectionOptions == null) {
            reflectionOptions = ReflectionOptions.DEFAULT;
        }
    }

    /**
     * Analyse {@code program} context-insensitively ({@link Selectors#DEFAULT}) from all its main
     * methods, with the running JDK, complementing it first if it references classes nothing
     * provides.
     */
    public static AnalysisRequest of(List<Path> program) {
        return new AnalysisRequest(program, List.of(), OptionalInt.empty(), List.of(), Selectors.insensitive(),
                HeapFactory.allocationSites(HeapOptions.insensitive()), List.of(), MissingMode.COMPLEMENT,
                ReflectionMode.SOLAR, null, EntryPointOptions.AUTOMATIC, true, ReflectionOptions.DEFAULT, null);
    }

    /** The name of the context sensitivity (the selector's). */
    public String context() {
        return selector.name();
    }

    public AnalysisRequest withClasspath(List<Path> cp) {
        return new AnalysisRequest(program, cp, release, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    public AnalysisRequest withRelease(OptionalInt r) {
        return new AnalysisRequest(program, classpath, r, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    public AnalysisRequest withMains(List<String> m) {
        return new AnalysisRequest(program, classpath, release, m, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
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
        HeapOptions h = Selectors.keepsConstantsApart(s) ? HeapOptions.insensitive() : HeapOptions.sensitive();
        return new AnalysisRequest(program, classpath, release, mains, s, HeapFactory.allocationSites(h), plugins,
                missing, reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    public AnalysisRequest withSelector(SelectorFactory s) {
        return new AnalysisRequest(program, classpath, release, mains, s, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    public AnalysisRequest withHeap(HeapFactory h) {
        return new AnalysisRequest(program, classpath, release, mains, selector, h, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    public AnalysisRequest withPlugins(List<Supplier<Plugin>> p) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, p, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    /** Resolves reflection by {@code mode}; see {@link ReflectionMode}. */
    public AnalysisRequest withReflection(ReflectionMode mode) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing, mode,
                reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    /** Adds the targets of a TamiFlex log (null: none). */
    public AnalysisRequest withReflectionLog(Path log) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing, reflection,
                log, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    /** What to do with missing classes ({@link MissingMode#COMPLEMENT} by default). */
    public AnalysisRequest withMissing(MissingMode m) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, m,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, reflectionHints);
    }

    /** {@link MissingMode#SKIP} if {@code skip}, else {@link MissingMode#IGNORE}. */
    public AnalysisRequest withSkipMissing(boolean skip) {
        return withMissing(skip ? MissingMode.SKIP : MissingMode.IGNORE);
    }

    /** Whether methods referencing missing types are left out ({@link MissingMode#SKIP}). */
    public boolean skipMissing() {
        return missing == MissingMode.SKIP;
    }

    /** Where to enter the program ({@link EntryPointOptions#AUTOMATIC} by default). */
    public AnalysisRequest withEntryPoints(EntryPointOptions e) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, e, dynamicModels, reflectionOptions, reflectionHints);
    }

    /** With or without the dynamic models ({@code --dynamic-models on|off}). */
    public AnalysisRequest withDynamicModels(boolean on) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, on, reflectionOptions, reflectionHints);
    }

    /** Substring flow, use-based inference and string colouring ({@link ReflectionOptions}). */
    public AnalysisRequest withReflectionOptions(ReflectionOptions o) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, o, reflectionHints);
    }

    /** Adds the hints of a hints file (null: none); see {@code HintFileReader} for its schema. */
    public AnalysisRequest withReflectionHints(Path hints) {
        return new AnalysisRequest(program, classpath, release, mains, selector, heap, plugins, missing,
                reflection, reflectionLog, entryPoints, dynamicModels, reflectionOptions, hints);
    }
}
