package org.jphantom;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ForkJoinPool;
import org.jphantom.discover.Discovery;
import org.jphantom.discover.KnownGenerics;
import org.jphantom.discover.MemberTypeArguments;
import org.jphantom.discover.Names;
import org.jphantom.discover.ReferenceScanner;
import org.jphantom.discover.SharedStrings;
import org.jphantom.extract.ConstraintExtractor;
import org.jphantom.extract.ConstraintSet;
import org.jphantom.generate.ClassGenerator;
import org.jphantom.generate.CompletedHierarchy;
import org.jphantom.generate.MemberPlanner;
import org.jphantom.generate.PlannedMember;
import org.jphantom.generate.ProgramView;
import org.jphantom.io.ClassParser;
import org.jphantom.io.DeclarationReader;
import org.jphantom.io.JarOutput;
import org.jphantom.io.JdkImage;
import org.jphantom.io.LibraryPath;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.jphantom.model.Constraint;
import org.jphantom.solve.EvidentAnnotations;
import org.jphantom.solve.EvidentSupers;
import org.jphantom.solve.HierarchyProblem;
import org.jphantom.solve.HierarchySolver;
import org.jphantom.solve.LenientSolver;
import org.jphantom.solve.OpenKindReasons;
import org.jphantom.solve.PhantomShape;
import org.jphantom.solve.Solution;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.ReadDeclarations;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * The library entry point: reads the program, finds its phantom types and members, extracts the
 * constraints the bytecode places on them, solves the hierarchy, generates the phantom classes
 * and writes the completed jar. No global state: two calls in one JVM never interfere.
 */
public final class Complementer {
    private Complementer() {
    }

    /**
     * Runs the whole pipeline.
     *
     * @throws JphantomException for bad input ({@linkplain JphantomException#exitCode() exit code} 2)
     *         and unsatisfiable constraints (exit code 1); nothing is written then
     */
    public static Result complement(Request request) {
        checkOutput(request);
        return complement(request, release -> LibraryPath.open(request.classpath(), release),
                (release, deferCode, declarations) -> ProgramInput.read(request.inputs(), release, request.skipBroken(),
                        deferCode, declarations));
    }

    /**
     * The in-memory API: complements a program given as class file bytes, reading no file but the
     * JDK's own image and writing none. {@code program} and {@code classpath} map internal names
     * ({@code "a/b/C"}) to class files (both are copied first; the caller may reuse its arrays
     * afterwards). The generated phantoms are {@link Result#generated()}, by internal name; the
     * program's own classes are unchanged, so the completed program is {@code program} plus those.
     * Calls share nothing: several may run at once in parallel threads.
     *
     * @param options the release, skip-broken, lenient and search-bound settings; it must name no
     *     input, class path, output jar or class file directory ({@link Request#inMemory()} is such a request)
     * @throws JphantomException as {@link #complement(Request)}; messages name {@code <program>} or
     *     {@code <classpath>} and the class's entry name ({@code a/b/C.class})
     * @throws IllegalArgumentException if {@code options} names files
     */
    public static Result complement(Map<String, byte[]> program, Map<String, byte[]> classpath, Request options) {
        if (!options.inputs().isEmpty() || !options.classpath().isEmpty() || options.output() != null
                || options.saveClassFiles() != null) {
            throw new IllegalArgumentException("the in-memory API reads and writes no files: options must name no"
                    + " input, class path, output or class file directory");
        }
        Map<String, byte[]> programCopy = Map.copyOf(program);
        Map<String, byte[]> classpathCopy = Map.copyOf(classpath);
        return complement(options, release -> LibraryPath.ofClasses("<classpath>", classpathCopy, release),
                (release, deferCode, declarations) -> ProgramInput.readClasses("<program>", programCopy, release,
                        options.skipBroken(), deferCode, declarations));
    }

    /** Opens the library path at a release. */
    private interface LibraryOpener {
        LibraryPath open(int release);
    }

    /**
     * Reads the program at a release, with or without the code check deferred, handing the
     * declarations of the classes it checks to {@code declarations}.
     */
    private interface InputReader {
        ProgramInput read(int release, boolean deferCode, DeclarationReader declarations);
    }

    private static Result complement(Request request, LibraryOpener libraryOpener, InputReader inputReader) {
        long t0 = System.nanoTime();
        try (JdkImage jdk = JdkImage.open(request.release());
             LibraryPath library = libraryOpener.open(jdk.release())) {
            // Two parses per program class: the input is read with the code part of the format
            // check deferred to the analysis, whose parse of each class checks it on the way; the
            // read's parse of the declarations gives the world its ClassInfos. The world's names
            // are the instances the scanned trees will share (SharedStrings).
            SharedStrings shared = new SharedStrings();
            ReadDeclarations declarations = new ReadDeclarations(shared::of);
            ProgramInput input = inputReader.read(jdk.release(), true, declarations);
            try {
                return run(request, jdk, library, input, false, t0, shared, declarations);
            } catch (DeferredCheckFailed e) {
                // Rare: a program class is broken in its code. Reading again with the complete
                // check reports it (or, with --skip-broken, skips it) exactly as a complete check
                // up front would have, and the run starts over without it.
                declarations.clear();
                ProgramInput checked = inputReader.read(jdk.release(), false, declarations);
                return run(request, jdk, library, checked, true, t0, shared, declarations);
            }
        }
    }

    /** A program class failed the code check that {@link ProgramInput} deferred to the analysis. */
    private static final class DeferredCheckFailed extends RuntimeException {
        DeferredCheckFailed() {
            super(null, null, false, false);
        }
    }

    /**
     * Parses a program class (checking its code on the way, see {@link ClassParser}). A class
     * that fails: {@link DeferredCheckFailed} if the input was read with the check deferred, else
     * (only possible for a parse with other flags than the complete check's) an input error.
     */
    private static ClassNode parse(ProgramClass pc, ClassReader reader, int flags, boolean checked) {
        try {
            return ClassParser.parseRead(reader, flags);
        } catch (ClassParser.BrokenClass e) {
            if (!checked) {
                throw new DeferredCheckFailed();
            }
            throw JphantomException.input(ClassParser.message(pc, e.getMessage()));
        }
    }

    /**
     * Program classes parsed at once: enough to keep two cores busy, few enough to hold their trees
     * (two batches are held: the one scanned and the one parsed ahead).
     */
    private static final int PARSE_BATCH = 128;

    /** A program class parsed with the code check, or the reason it failed. */
    private record Parsed(ClassNode parsed, String failure) {
        /** The node; a failure as {@link #parse(ProgramClass, ClassReader, int, boolean)} reports it. */
        ClassNode node(ProgramClass pc, boolean checked) {
            if (failure == null) {
                return parsed;
            }
            if (!checked) {
                throw new DeferredCheckFailed();
            }
            throw JphantomException.input(ClassParser.message(pc, failure));
        }
    }

    /**
     * Starts parsing the batch of {@code program} that begins at {@code from} on the common pool's
     * workers (an empty batch past the end); the scan, when it reaches a class not parsed yet,
     * parses the next unclaimed ones itself instead of waiting ({@link AheadBatch}). What a parse
     * throws (not a broken class: a bug, or out of memory) is thrown when its class is taken.
     */
    private static AheadBatch<Parsed> parseAhead(List<ProgramClass> program, int from, SharedStrings shared) {
        List<ProgramClass> batch = from >= program.size() ? List.of()
                : program.subList(from, Math.min(program.size(), from + PARSE_BATCH));
        return AheadBatch.start(batch.size(), i -> parse(batch.get(i), shared), ForkJoinPool.commonPool(),
                ForkJoinPool.getCommonPoolParallelism());
    }

    /**
     * Parses {@code pc} as the analysis does (no expanded frames), its strings shared for the scan,
     * keeping a failure for later.
     */
    private static Parsed parse(ProgramClass pc, SharedStrings shared) {
        try {
            return new Parsed(shared.shareDeclarations(ClassParser.parseRead(shared.reader(pc.bytes()), 0)), null);
        } catch (ClassParser.BrokenClass e) {
            return new Parsed(null, e.getMessage());
        }
    }

    private static Result run(Request request, JdkImage jdk, LibraryPath library, ProgramInput input, boolean checked,
                              long t0, SharedStrings shared, ReadDeclarations declarations) {
        Sources sources = new Sources(request.output() == null ? List.of() : input.entries());
        try {
            return run(request, jdk, library, input, checked, t0, sources, shared, declarations);
        } finally {
            sources.close();
        }
    }

    /**
     * The jars the output copies from, opened on a thread of their own once the analysis is done
     * (their central directories are then read while the hierarchy is solved and the phantoms are
     * generated; opened before the analysis, they would add to its peak memory).
     */
    private static final class Sources {
        private final List<org.jphantom.io.InputEntry> entries;
        private JarOutput.Sources opened;

        Sources(List<org.jphantom.io.InputEntry> entries) {
            this.entries = entries;
        }

        void openAhead() {
            if (opened == null && !entries.isEmpty()) {
                opened = JarOutput.openAhead(entries);
            }
        }

        JarOutput.Sources get() {
            openAhead();
            return opened;
        }

        void close() {
            if (opened != null) {
                opened.close();
            }
        }
    }

    private static Result run(Request request, JdkImage jdk, LibraryPath library, ProgramInput input, boolean checked,
                              long t0, Sources sources, SharedStrings shared, ReadDeclarations declarations) {
        Map<String, Long> timings = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>(input.warnings());
        Map<String, ClassInfo> programInfo = new HashMap<>();
        List<ProgramClass> program = new ArrayList<>();
        for (ProgramClass pc : input.classes().values()) {
            if (jdk.ownsPackage(ClassWorld.packageOf(pc.internalName()))) {
                parse(pc, new ClassReader(pc.bytes()), 0, checked); // not analysed, but copied: checked all the same
                warnings.add(pc.entryName() + " (" + pc.source() + "): " + Names.javaName(pc.internalName())
                        + " is in a package of the JDK; the JVM never loads it from the program, so it is ignored");
                continue;
            }
            program.add(pc);
        }
        for (ProgramClass pc : program) {
            programInfo.put(shared.of(pc.internalName()), declarations.of(pc.bytes()));
        }
        declarations.clear();
        InputChecks.warnNewerThanRelease(program, programInfo, jdk.release(), warnings);
        ClassWorld world = new ClassWorld(programInfo, library, jdk, jdk::ownsPackage);
        InputChecks.checkCycles(world, program);
        InputChecks.warnWrongSuperKinds(world, program, warnings);
        long t1 = lap(timings, "read", t0);

        Discovery discovery = new Discovery();
        ReferenceScanner scanner = new ReferenceScanner(world, discovery, name -> world.isPlatformName(name)
                && !jdk.exports(ClassWorld.packageOf(name)) && world.isKnown(name), shared);
        ConstraintSet constraintSet = new ConstraintSet(world, scanner);
        ConstraintExtractor extractor = new ConstraintExtractor(constraintSet);
        int analysed = 0;
        int methods = 0;
        // The parses run ahead of the scan, a batch at a time, on other threads (each class alone,
        // sharing only the strings of its tree, SharedStrings), and the scan parses the next ones
        // itself when it would otherwise wait; the scan, which builds the discovery, takes them in
        // program order, so the output is the same whoever parsed them.
        AheadBatch<Parsed> ahead = parseAhead(program, 0, shared);
        for (int from = 0; from < program.size(); from += PARSE_BATCH) {
            List<ProgramClass> batch = program.subList(from, Math.min(program.size(), from + PARSE_BATCH));
            AheadBatch<Parsed> parsed = ahead;
            ahead = parseAhead(program, from + PARSE_BATCH, shared);
            for (int i = 0; i < batch.size(); i++) {
                ProgramClass pc = batch.get(i);
                ClassNode cn = parsed.take(i).node(pc, checked);
                BitSet relevant = scanner.scan(cn);
                methods += cn.methods.size();
                analysed += relevant.cardinality();
                if (!relevant.isEmpty()) {
                    // Scanning needs the frames' types but not their expansion; most classes never
                    // mention a phantom, so only those that do are read again with expanded frames.
                    cn = parse(pc, new ClassReader(pc.bytes()), ClassReader.EXPAND_FRAMES, checked);
                }
                extractor.extract(cn, relevant);
            }
        }
        InputChecks.checkPlatformPhantoms(world, discovery, jdk.release());
        InputChecks.warnConcealedUses(discovery, input, warnings);
        InputChecks.warnPrivateAccesses(discovery, input, warnings);
        long t2 = lap(timings, "analyse", t1);
        sources.openAhead();

        List<Constraint> constraints = constraintSet.constraints();
        SortedMap<String, String> annotationLike = discovery.annotationEvidence().annotations(discovery, world);
        SortedSet<String> interfaceLike = discovery.kindEvidence().interfaceLike(discovery.phantomTypes().keySet());
        interfaceLike.addAll(annotationLike.keySet());
        HierarchyProblem problem = new HierarchyProblem(new TreeSet<>(discovery.phantomTypes().keySet()),
                constraints, world, interfaceLike, new TreeSet<>(programInfo.keySet()));
        Solution solution = request.lenient() ? LenientSolver.solve(problem, request.maxSearchSteps(), warnings)
                : HierarchySolver.solve(problem, request.maxSearchSteps());
        solution = EvidentAnnotations.apply(solution, annotationLike);
        SortedMap<String, String> steps = discovery.kindEvidence().steps(discovery.phantomTypes().keySet());
        annotationLike.keySet().forEach(a -> steps.put(a, "read as an annotation")); // it joined interfaceLike above
        solution = OpenKindReasons.apply(solution, steps);
        solution = EvidentSupers.apply(solution, discovery.superClassEvidence().enums(), discovery.superClassEvidence().named(),
                discovery.superClassEvidence().thrownUndeclared());
        InputChecks.warnInaccessibleSupers(world, solution, discovery, warnings);
        long t3 = lap(timings, "solve", t2);

        CompletedHierarchy hierarchy = new CompletedHierarchy(world, solution);
        MemberPlanner planner = new MemberPlanner(world, hierarchy);
        SortedMap<String, SortedSet<PlannedMember>> plan = planner.plan(discovery, solution.phantoms().keySet(),
                programInfo.keySet().stream().sorted().toList());
        warnings.addAll(planner.warnings());
        List<String> classes = new ArrayList<>(programInfo.keySet());
        classes.addAll(solution.phantoms().keySet());
        KnownGenerics generics = new KnownGenerics(world);
        ProgramView view = new ProgramView(discovery.genericArity().arities(), discovery.innerClasses(),
                discovery.annotationUses().uses(), discovery.caughtExceptions().throwsByMethod(),
                MemberTypeArguments.mergeReturns(discovery.memberSignatures().signatures(discovery.genericArity().arities()),
                        discovery.memberTypeArguments().returnSignatures(generics)),
                MemberTypeArguments.mergeFields(discovery.fieldSignatures().signatures(),
                        discovery.memberTypeArguments().fieldSignatures(generics)),
                ProgramView.abstractMethods(discovery.memberSignatures().functionalMethods(), classes, hierarchy));
        SortedMap<String, byte[]> generated = new ClassGenerator(world, hierarchy, view)
                .generate(plan, discovery.nestMembersByHost());
        long t4 = lap(timings, "generate", t3);

        Set<String> drop = InputChecks.signatureFilesToDrop(input, generated.keySet(), warnings);
        if (request.output() != null) {
            JarOutput.write(request.output(), input.entries(), generated, drop, sources.get());
        }
        if (request.saveClassFiles() != null) {
            try {
                JarOutput.writeClassFiles(request.saveClassFiles(), generated);
            } catch (RuntimeException | Error e) {
                deleteQuietly(request.output()); // a failing run leaves no half of its output
                throw e;
            }
        }
        lap(timings, "write", t4);
        timings.put("total", (System.nanoTime() - t0) / 1_000_000);

        SortedMap<String, Result.Phantom> phantoms = new TreeMap<>();
        for (PhantomShape s : solution.phantoms().values()) {
            phantoms.put(s.name(), new Result.Phantom(s.name(), s.kind(), s.superName(), s.interfaces(), s.reason(),
                    discovery.phantomTypes().get(s.name()), plan.get(s.name())));
        }
        List<Integer> occurrences = constraintSet.occurrences();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < constraints.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> constraints.get(a).compareTo(constraints.get(b)));
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("programClasses", program.size());
        counts.put("methods", methods);
        counts.put("methodsAnalysed", analysed);
        counts.put("phantoms", phantoms.size());
        counts.put("phantomClasses", (int) phantoms.values().stream().filter(p -> !p.kind().isInterface()).count());
        counts.put("phantomInterfaces", (int) phantoms.values().stream().filter(p -> p.kind().isInterface()).count());
        counts.put("phantomMembers", plan.values().stream().mapToInt(Set::size).sum());
        counts.put("constraints", constraints.size());
        return new Result(phantoms, order.stream().map(constraints::get).toList(),
                order.stream().map(occurrences::get).toList(), generated, warnings, input.shadowedEntries(), counts,
                timings);
    }

    /** Removes a file this run wrote; used when a later step of the same run fails. */
    public static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // nothing more to do: the caller reports the original failure
        }
    }

    private static long lap(Map<String, Long> timings, String stage, long since) {
        long now = System.nanoTime();
        timings.put(stage, (now - since) / 1_000_000);
        return now;
    }

    private static void checkOutput(Request request) {
        if (request.inputs().isEmpty()) {
            throw JphantomException.input("no input jar or class directory given");
        }
        if (request.saveClassFiles() != null && Files.exists(request.saveClassFiles())
                && !Files.isDirectory(request.saveClassFiles())) {
            throw JphantomException.input("the class file directory " + request.saveClassFiles()
                    + " is an existing file; give a directory");
        }
        if (request.output() == null) {
            return;
        }
        Path out = request.output().toAbsolutePath().normalize();
        if (out.getParent() == null || !Files.isDirectory(out.getParent())) {
            throw JphantomException.input("cannot write " + request.output() + ": no such directory " + out.getParent());
        }
        for (Path in : request.inputs()) {
            Path abs = in.toAbsolutePath().normalize();
            boolean same = abs.equals(out);
            try {
                same |= Files.exists(out) && Files.exists(abs) && Files.isSameFile(abs, out);
            } catch (IOException e) {
                // unreadable: the input reader will say so
            }
            if (same) {
                throw JphantomException.input("the output " + request.output() + " is also an input; choose another -o");
            }
        }
        if (Files.isDirectory(out)) {
            throw JphantomException.input("the output " + request.output() + " is a directory; give a jar file name");
        }
    }
}
