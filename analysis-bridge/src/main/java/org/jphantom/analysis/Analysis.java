package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.EntryPoints;
import org.jphantom.analysis.pta.plugin.MissingTypes;
import org.jphantom.analysis.pta.plugin.NativeModel;
import org.jphantom.analysis.pta.plugin.PhantomModel;
import org.jphantom.analysis.pta.plugin.Plugin;
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
     * @throws JphantomException for bad input or options (exit code 2): unreadable input, a main
     *     class that is missing or has no {@code main(String[])}, a program without any main method
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
        HeapModel heap = request.heap().create(program);
        List<JMethod> entries = entryPoints(program, request.mains(), program.programClasses());
        List<Plugin> plugins = new ArrayList<>();
        plugins.add(new EntryPoints(entries));
        MissingTypes missing = request.skipMissing() ? new MissingTypes() : null;
        if (missing != null) {
            plugins.add(missing);
        }
        plugins.add(new NativeModel());
        plugins.add(new PhantomModel());
        if (request.dynamicModels()) {
            List<Path> paths = new ArrayList<>(request.program());
            paths.addAll(request.classpath());
            plugins.addAll(DynamicModels.create(entries, ServiceIndex.read(paths)));
        }
        for (Supplier<Plugin> p : request.plugins()) {
            plugins.add(p.get());
        }
        plugins.addAll(extraPlugins);
        Solver solver = new Solver(input.ir(), heap, request.selector(), plugins);
        solver.solve();
        long elapsed = System.nanoTime() - start;
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
        return new AnalysisResult(request, program, heap, solver, entries, elapsed, warnings);
    }

    private static List<JMethod> entryPoints(Program program, List<String> mains, Set<String> programClasses) {
        List<JMethod> out = new ArrayList<>();
        if (mains.isEmpty()) {
            for (String c : new TreeSet<>(programClasses)) {
                JMethod m = program.declared(program.type(c), "main", "([Ljava/lang/String;)V");
                if (m != null && m.isStatic()) {
                    out.add(m);
                }
            }
            if (out.isEmpty()) {
                throw JphantomException.input("the program has no main(String[]) method; name an entry class with --main");
            }
            return out;
        }
        for (String name : mains) {
            String internal = name.replace('.', '/');
            if (!programClasses.contains(internal) && program.world().lookup(internal) == null) {
                throw JphantomException.input("main class " + name + " is not in the program or its class path");
            }
            JMethod m = program.declared(program.type(internal), "main", "([Ljava/lang/String;)V");
            if (m == null || !m.isStatic()) {
                throw JphantomException.input("main class " + name + " declares no static main(String[])");
            }
            out.add(m);
        }
        return out;
    }
}
