package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedSet;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.analysis.ir.ProgramIR;
import org.jphantom.analysis.missing.Completion;
import org.jphantom.analysis.missing.MissingClasses;
import org.jphantom.analysis.missing.MissingMode;
import org.jphantom.analysis.lang.EmbeddedClasses;
import org.jphantom.analysis.lang.LoadClock;
import org.jphantom.analysis.lang.Program;
import org.jphantom.io.ClassSource;
import org.jphantom.io.JdkImage;
import org.jphantom.io.LibraryPath;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;

/**
 * A program read for analysis, with its class path and JDK: the {@link Program} model and its
 * shared {@link ProgramIR}. Any number of analyses can run over one input, one after another
 * ({@link Analysis#run(AnalysisInput, AnalysisRequest)}): a pre-analysis and then the main one
 * read and build everything once. Class bytes are read lazily, so the input stays open until
 * closed.
 */
public final class AnalysisInput implements AutoCloseable {
    private final JdkImage jdk;
    private final LibraryPath library;
    private final Program program;
    private final ProgramIR ir;
    private final List<String> warnings;
    private final Completion completion;
    private final EmbeddedClasses embedded;

    private AnalysisInput(JdkImage jdk, LibraryPath library, Program program, List<String> warnings,
                          Completion completion, EmbeddedClasses embedded) {
        this.embedded = embedded;
        this.jdk = jdk;
        this.library = library;
        this.program = program;
        this.ir = new ProgramIR(program);
        this.warnings = List.copyOf(warnings);
        this.completion = completion;
    }

    /**
     * Whether the JDK exports {@code internalPackage} (one it owns) to every module: the program's
     * code reaches no other JDK package's members, reflectively or not.
     */
    public boolean jdkExports(String internalPackage) {
        return jdk.exports(internalPackage);
    }

    /**
     * The providers the JDK's modules declare for service {@code internalService} (their
     * {@code provides}), sorted; empty under {@code --release N}.
     */
    public List<String> jdkProviders(String internalService) {
        return jdk.providers(internalService);
    }

    /**
     * Reads the program, class path and JDK as they are ({@link MissingMode#IGNORE}).
     *
     * @throws org.jphantom.JphantomException for unreadable input (exit code 2)
     */
    public static AnalysisInput open(List<Path> programPaths, List<Path> classpath, OptionalInt release) {
        return open(programPaths, classpath, release, MissingMode.IGNORE);
    }

    /**
     * Reads the program, class path and JDK, and looks for the classes the program references but
     * none of them has ({@link MissingClasses}). With {@link MissingMode#COMPLEMENT} and anything
     * missing, the program is complemented in memory ({@link Complementer#complement(Map, Map,
     * Request)}, lenient: a conflicting constraint set is dropped, not fatal) and the generated
     * classes join it; if the complementer refuses the input (a missing class of a JDK package,
     * say), the program is analysed as it is and {@link #completion()} says why.
     *
     * @throws org.jphantom.JphantomException for unreadable input (exit code 2)
     */
    public static AnalysisInput open(List<Path> programPaths, List<Path> classpath, OptionalInt release,
                                     MissingMode missingMode) {
        JdkImage jdk = JdkImage.open(release);
        LibraryPath library = null;
        try {
            library = LibraryPath.open(classpath, jdk.release());
            ProgramInput input = ProgramInput.read(programPaths, jdk.release(), false);
            Map<String, ClassInfo> programInfo = new HashMap<>();
            Map<String, byte[]> programBytes = new HashMap<>();
            for (ProgramClass pc : input.classes().values()) {
                if (jdk.ownsPackage(ClassWorld.packageOf(pc.internalName()))) {
                    continue; // the JVM never loads it from the program
                }
                programInfo.put(pc.internalName(), ClassInfo.read(pc.bytes()));
                programBytes.put(pc.internalName(), pc.bytes());
            }
            List<String> warnings = new ArrayList<>(input.warnings());
            // class files the program carries as data (a constant array, a resource) join it: a loader may define them
            EmbeddedClasses embedded = EmbeddedClasses.find(programPaths, input, jdk::ownsPackage, jdk.release(), warnings);
            for (Map.Entry<String, byte[]> e : embedded.classes().entrySet()) {
                programInfo.put(e.getKey(), ClassInfo.read(e.getValue()));
                programBytes.put(e.getKey(), e.getValue());
            }
            LoadClock clock = new LoadClock();
            Caching jdkBytes = new Caching(jdk, clock);
            Caching libBytes = new Caching(library, clock);
            ClassWorld scanned = new ClassWorld(programInfo, libBytes, jdkBytes, jdk::ownsPackage);
            SortedSet<String> missing = MissingClasses.find(programBytes, scanned);
            Result complement = null;
            String failure = null;
            if (missingMode == MissingMode.COMPLEMENT && !missing.isEmpty()) {
                try {
                    complement = Complementer.complement(programBytes, libraryClasses(library),
                            Request.inMemory().withRelease(release).withLenient(true));
                    for (Map.Entry<String, byte[]> g : complement.generated().entrySet()) {
                        programInfo.put(g.getKey(), ClassInfo.read(g.getValue()));
                        programBytes.put(g.getKey(), g.getValue());
                    }
                } catch (JphantomException e) {
                    failure = e.getMessage();
                }
            }
            ClassWorld world = complement == null ? scanned
                    : new ClassWorld(programInfo, libBytes, jdkBytes, jdk::ownsPackage);
            Program program = new Program(world, name -> {
                if (world.isPlatformName(name)) {
                    return jdkBytes.find(name);
                }
                byte[] b = programBytes.get(name);
                return b != null ? b : libBytes.find(name);
            }, Set.copyOf(programInfo.keySet()), library.names(), clock);
            if (jdk.release() != Runtime.version().feature()) {
                warnings.add("release " + jdk.release() + ": ct.sym classes have no method bodies, so every JDK method is"
                        + " modelled as returning an abstract object of its declared type; calls back into the program"
                        + " from the JDK are not seen and the result is far from complete");
            }
            Completion completion = new Completion(missingMode, missing, complement, failure);
            return new AnalysisInput(jdk, library, program, warnings, completion, embedded);
        } catch (RuntimeException | Error e) {
            if (library != null) {
                library.close();
            }
            jdk.close();
            throw e;
        }
    }

    /** Reads what {@code request} names, complementing it if its {@link AnalysisRequest#missing()} says so. */
    public static AnalysisInput open(AnalysisRequest request) {
        return open(request.program(), request.classpath(), request.release(), request.missing());
    }

    /** Every class of the class path, by internal name, for the in-memory complementer. */
    private static Map<String, byte[]> libraryClasses(LibraryPath library) {
        Map<String, byte[]> out = new HashMap<>();
        for (String name : library.names()) {
            byte[] b = library.find(name);
            if (b != null) {
                out.put(name, b);
            }
        }
        return out;
    }

    /** What the program lacked and whether it was complemented. */
    public Completion completion() {
        return completion;
    }

    /** The class files the program carries as data, which joined it ({@link EmbeddedClasses}). */
    public EmbeddedClasses embedded() {
        return embedded;
    }

    public Program program() {
        return program;
    }

    /** The program's IR, built once per method and shared by every analysis of this input. */
    public ProgramIR ir() {
        return ir;
    }

    /** What reading the input had to say (skipped entries, a release without method bodies). */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public void close() {
        try {
            library.close();
        } finally {
            jdk.close();
        }
    }

    /**
     * Keeps the bytes of every class read, so declarations and code are read from disk once; a
     * read counts as loading on {@code clock}.
     */
    private static final class Caching implements ClassSource {
        private final ClassSource source;
        private final LoadClock clock;
        private final Map<String, byte[]> cache = new HashMap<>();

        Caching(ClassSource source, LoadClock clock) {
            this.source = source;
            this.clock = clock;
        }

        @Override
        public byte[] find(String internalName) {
            byte[] b = cache.get(internalName);
            if (b == null && !cache.containsKey(internalName)) {
                clock.enter();
                try {
                    b = source.find(internalName);
                } finally {
                    clock.exit();
                }
                cache.put(internalName, b);
            }
            return b;
        }
    }
}
