package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.LoadClock;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.entry.EntryPointPolicy;
import org.jphantom.analysis.pta.entry.JvmStartup;
import org.jphantom.analysis.pta.context.Isolating;
import org.jphantom.analysis.pta.context.SelectiveFactory;
import org.jphantom.analysis.pta.context.SelectorFactory;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.MissingTypes;
import org.jphantom.analysis.pta.plugin.NativeModel;
import org.jphantom.analysis.pta.plugin.PhantomModel;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionAnalysis;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionReport;
import org.jphantom.analysis.pta.plugin.reflect.hints.HintFileReader;
import org.jphantom.analysis.pta.plugin.reflect.hints.ReflectionHints;
import org.jphantom.analysis.reflect.log.ReflectionLog;
import org.jphantom.analysis.reflect.log.TamiFlexLogReader;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.StringOrigins;
import org.jphantom.analysis.pta.heap.AllocationSiteHeap;
import org.jphantom.analysis.pta.selectx.Selectx;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.plugin.dynamic.DynamicModels;
import org.jphantom.analysis.pta.plugin.dynamic.ServiceIndex;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The library entry point of the bridge: reads the program, its class path and the JDK as class
 * files ({@link AnalysisInput}), runs the points-to analysis from the entry points and returns the
 * result. No global state: two runs in one JVM never interfere, and several analyses can share one
 * input.
 */
public final class Analysis {
    private Analysis() {
    }

    /**
     * Reads the request's input, runs the analysis and closes the input.
     *
     * @throws org.jphantom.JphantomException for bad input or options (exit code 2): unreadable
     *     input, a main class that is missing or has no {@code main(String[])}, {@code main} entry
     *     points asked for a program without any main method
     */
    public static AnalysisResult run(AnalysisRequest request) {
        return run(request, List.of());
    }

    /** Runs the analysis with extra plugins (progress reporting, say), called after the request's. */
    public static AnalysisResult run(AnalysisRequest request, List<Plugin> extraPlugins) {
        long start = System.nanoTime();
        try (AnalysisInput input = AnalysisInput.open(request)) {
            return run(input, request, extraPlugins, start);
        }
    }

    /**
     * Runs the analysis over an input already read (the request's program, class path and release
     * are those of {@code input}; its other settings apply). Any number of runs may share an input,
     * one after another, each with results identical to a run of its own.
     */
    public static AnalysisResult run(AnalysisInput input, AnalysisRequest request) {
        return run(input, request, List.of(), System.nanoTime());
    }

    private static AnalysisResult run(AnalysisInput input, AnalysisRequest request, List<Plugin> extraPlugins,
                                      long start) {
        Program program = input.program();
        long loadStart = program.loadClock().nanos();
        boolean solar = request.reflection().infers();
        ReflectionOptions ro = request.reflectionOptions();
        HeapModel heap = request.heap().withStringNames(solar && ro.substrings(), solar && ro.colouring())
                .create(program);
        EntryPointPolicy policy = request.entryPoints().policy(program, request.mains());
        List<JMethod> entries = policy.entries(program);
        List<Plugin> plugins = new ArrayList<>();
        if (request.entryPoints().jvmStartup()) { // first: the JVM runs it, and initialises its classes, before main
            plugins.add(new JvmStartup());
        }
        plugins.addAll(policy.plugins(program, entries));
        MissingTypes missing = request.skipMissing() ? new MissingTypes() : null;
        if (missing != null) {
            plugins.add(missing);
        }
        plugins.add(new NativeModel());
        plugins.add(new PhantomModel());
        // with string colouring, which strings of a colour reach a lookup (seed 000, Section 5.1)
        StringOrigins origins = heap instanceof AllocationSiteHeap ash && ash.options().colourNames()
                ? new StringOrigins() : null;
        if (origins != null) {
            plugins.add(origins);
        }
        ReflectionAnalysis reflection = null;
        if (request.reflection() != ReflectionMode.NONE || request.reflectionLog() != null
                || request.reflectionHints() != null) {
            ReflectionLog log = request.reflectionLog() == null ? null : TamiFlexLogReader.read(request.reflectionLog());
            ReflectionHints hints = request.reflectionHints() == null ? null
                    : HintFileReader.read(request.reflectionHints());
            reflection = new ReflectionAnalysis(request.reflection(), ro, log, origins, hints, input::jdkExports,
                    input.embedded());
            plugins.add(reflection);
        }
        if (request.dynamicModels()) {
            List<Path> paths = new ArrayList<>(request.program());
            paths.addAll(request.classpath());
            plugins.addAll(DynamicModels.create(entries, ServiceIndex.read(paths).withJdk(input::jdkProviders), origins));
        }
        for (Supplier<Plugin> p : request.plugins()) {
            plugins.add(p.get());
        }
        plugins.addAll(extraPlugins);
        SelectorFactory selectors = selectors(input, request);
        if (request.entryPoints().jvmStartup()) { // the start-up once, context-insensitively, under any selector
            selectors = Isolating.wrap(selectors);
        }
        LoadClock clock = program.loadClock();
        long mainStart = System.nanoTime();
        long mainCpuStart = LoadClock.cpuNow();
        long mainLoadStart = clock.nanos();
        long mainLoadCpuStart = clock.cpuNanos();
        Solver solver = new Solver(input.ir(), heap, selectors, plugins);
        solver.solve();
        long end = System.nanoTime();
        long cpuEnd = LoadClock.cpuNow();
        long loadEnd = clock.nanos();
        RunTimes times = new RunTimes(end - start, loadEnd - loadStart, end - mainStart - (loadEnd - mainLoadStart),
                cpuEnd - mainCpuStart - (clock.cpuNanos() - mainLoadCpuStart));
        List<String> warnings = new ArrayList<>(input.warnings());
        warnings.addAll(input.ir().warnings());
        if (missing != null) {
            warnings.addAll(missing.warnings());
        }
        for (Plugin p : plugins) {
            if (p instanceof Warnings w) {
                warnings.addAll(w.warnings());
            }
        }
        return new AnalysisResult(request, program, heap, solver, entries, policy, times, warnings,
                reflection == null ? ReflectionReport.none() : reflection.report(), origins, input.completion());
    }

    /**
     * The request's selector factory, given its selection first if it is a selective one: the
     * pre-analysis (seed 004) runs on the same input, context-insensitively, with the request's
     * own plugins and entry points, then {@link Selectx} selects on its result. The time
     * reported for the context-insensitive run is its own analysis time ({@link RunTimes#main()}),
     * its loading counted with the whole run's.
     */
    private static SelectorFactory selectors(AnalysisInput input, AnalysisRequest request) {
        if (!(request.selector() instanceof SelectiveFactory sf) || !sf.needsSelection()) {
            return request.selector();
        }
        AnalysisResult ci = run(input, request.withSelector(Selectors.insensitive()), List.of(), System.nanoTime());
        return sf.withSelection(Selectx.select(ci.solver(), ci.times().main() / 1_000_000,
                ci.times().mainCpu() / 1_000_000, sf.rules()));
    }
}
