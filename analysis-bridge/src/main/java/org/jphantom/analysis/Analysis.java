package org.jphantom.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.heap.AllocationSiteHeap;
import org.jphantom.analysis.pta.plugin.MissingTypes;
import org.jphantom.analysis.pta.plugin.NativeModel;
import org.jphantom.analysis.pta.plugin.PhantomModel;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.io.ClassSource;
import org.jphantom.io.JdkImage;
import org.jphantom.io.LibraryPath;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;

/**
 * The library entry point of the bridge: reads the program, its class path and the JDK as class
 * files (through the core's {@link JdkImage}, {@link LibraryPath}, {@link ProgramInput} and
 * {@link ClassWorld}), runs the points-to analysis from the entry points and returns the result.
 * No global state: two runs in one JVM never interfere.
 */
public final class Analysis {
    private Analysis() {
    }

    /**
     * Runs the analysis.
     *
     * @throws JphantomException for bad input or options (exit code 2): unreadable input, unknown
     *     context sensitivity, a main class that is missing or has no {@code main(String[])}, a
     *     program without any main method
     */
    public static AnalysisResult run(AnalysisRequest request) {
        return run(request, List.of());
    }

    /** Runs the analysis with extra plugins (progress reporting, say), called after the built-in ones. */
    public static AnalysisResult run(AnalysisRequest request, List<Plugin> extraPlugins) {
        long start = System.nanoTime();
        Selectors.of(request.context(), new Contexts(), null); // an unknown name fails before any reading
        try (JdkImage jdk = JdkImage.open(request.release());
             LibraryPath library = LibraryPath.open(request.classpath(), jdk.release())) {
            ProgramInput input = ProgramInput.read(request.program(), jdk.release(), false);
            Map<String, ClassInfo> programInfo = new HashMap<>();
            Map<String, byte[]> programBytes = new HashMap<>();
            for (ProgramClass pc : input.classes().values()) {
                if (jdk.ownsPackage(ClassWorld.packageOf(pc.internalName()))) {
                    continue; // the JVM never loads it from the program
                }
                programInfo.put(pc.internalName(), ClassInfo.read(pc.bytes()));
                programBytes.put(pc.internalName(), pc.bytes());
            }
            Caching jdkBytes = new Caching(jdk);
            Caching libBytes = new Caching(library);
            ClassWorld world = new ClassWorld(programInfo, libBytes, jdkBytes, jdk::ownsPackage);
            Program program = new Program(world, name -> {
                if (world.isPlatformName(name)) {
                    return jdkBytes.find(name);
                }
                byte[] b = programBytes.get(name);
                return b != null ? b : libBytes.find(name);
            }, Set.copyOf(programInfo.keySet()));

            boolean insensitive = Selectors.of(request.context(), new Contexts(), null).name().equals("ci");
            AllocationSiteHeap heap = new AllocationSiteHeap(program, !insensitive);
            Contexts contexts = new Contexts();
            List<Plugin> plugins = new ArrayList<>();
            MissingTypes missing = request.skipMissing() ? new MissingTypes() : null;
            if (missing != null) {
                plugins.add(missing);
            }
            plugins.add(new NativeModel());
            plugins.add(new PhantomModel());
            plugins.addAll(extraPlugins);
            Solver solver = new Solver(program, heap, contexts, plugins);
            solver.setSelector(Selectors.of(request.context(), contexts, solver));

            List<JMethod> entries = entryPoints(program, request.mains(), programInfo.keySet());
            for (JMethod main : entries) {
                int csm = solver.addEntry(main);
                int ir = main.ir().paramVars[0];
                if (ir >= 0) {
                    int args = heap.abstractObject("main-args", program.type("[Ljava/lang/String;"), null,
                            "<main-args>");
                    int arg = heap.abstractObject("main-arg", program.type("java/lang/String"), null,
                            "<main-arg>");
                    int argsObj = solver.csObject(Contexts.EMPTY, args);
                    solver.addPointsTo(solver.varPointer(csm, ir), argsObj);
                    solver.addPointsTo(solver.fieldPointer(argsObj, program.arrayElement().id()),
                            solver.csObject(Contexts.EMPTY, arg));
                }
            }
            solver.solve();
            long elapsed = System.nanoTime() - start;
            List<String> warnings = new ArrayList<>(input.warnings());
            if (jdk.release() != Runtime.version().feature()) {
                warnings.add("release " + jdk.release() + ": ct.sym classes have no method bodies, so every JDK method is"
                        + " modelled as returning an abstract object of its declared type; calls back into the program"
                        + " from the JDK are not seen and the result is far from complete");
            }
            warnings.addAll(solver.irBuilder().warnings());
            if (missing != null) {
                warnings.addAll(missing.warnings());
            }
            return new AnalysisResult(request, program, heap, solver, entries, elapsed, warnings);
        }
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

    /** Keeps the bytes of every class read, so declarations and code are read from disk once. */
    private static final class Caching implements ClassSource {
        private final ClassSource source;
        private final Map<String, byte[]> cache = new HashMap<>();

        Caching(ClassSource source) {
            this.source = source;
        }

        @Override
        public byte[] find(String internalName) {
            byte[] b = cache.get(internalName);
            if (b == null && !cache.containsKey(internalName)) {
                b = source.find(internalName);
                cache.put(internalName, b);
            }
            return b;
        }
    }
}
