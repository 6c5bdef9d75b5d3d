package org.jphantom.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.JphantomException;

/**
 * The program under complementation, read completely from its input jars and class directories.
 *
 * <p>Contract of {@link #read}:
 * <ul>
 *   <li>Inputs are read in the given order and never modified. A directory is a class directory
 *       (its regular files, sorted by relative path); anything else must be a zip/jar.
 *   <li>{@link #entries()} lists every entry to copy, input order then entry order. Across inputs
 *       the first entry of a name wins; a later class entry of the same name is ignored with a
 *       warning, later non-class entries with one summary warning for all of them (each listed in
 *       {@link #shadowedEntries()}).
 *   <li>A name stored more than once in one jar is read as the JVM's class loader reads it (the
 *       copy {@link java.util.zip.ZipFile#getEntry} returns, the last one) and copied once; one
 *       warning per name gives the number of copies and whether they differ.
 *   <li>{@link #classes()} holds the effective program classes. Every one of them was parsed
 *       completely by ASM and passed the format check of {@link ClassFiles#check} (constant pool
 *       kinds, modified UTF-8, attribute lengths, every name and descriptor); read with the code
 *       check deferred, everything but their method bodies, which the caller's single parse with
 *       {@link ClassParser} checks. {@code module-info.class}
 *       (also versioned) is copied but is not a program class. A class file whose entry path does not
 *       match its name is broken (see below) when the path is a name a Java class can have; under
 *       other paths ({@code WEB-INF/classes/...}, {@code META-INF/...}) it is copied as a resource,
 *       with a warning.
 *   <li>In a multi-release jar ({@code Multi-Release: true}) the effective class for a name is the
 *       one under the highest {@code META-INF/versions/N/} with {@code N <= targetRelease}, else the
 *       base entry; versioned entries above the target are copied without being parsed. In other
 *       jars {@code META-INF/versions/} is plain resources. Across inputs the first input that
 *       defines a class wins.
 *   <li>User errors throw {@link JphantomException} (exit code 2) with one line naming the file and
 *       entry: missing input, not a zip, truncated zip, an input with no class file, and, unless
 *       {@code skipBroken}, a broken class file (one failing the format check, or stored under another
 *       class's name) or an unsafe entry name (absolute, {@code ..}, backslash, NUL). With
 *       {@code skipBroken} those entries are left out of the analysis and the output and reported in
 *       {@link #warnings()} instead.
 * </ul>
 * Instances are immutable.
 */
public final class ProgramInput {
    private final List<InputEntry> entries;
    private final SortedMap<String, ProgramClass> classes;
    private final List<String> warnings;
    private final List<String> shadowed;
    private final boolean signed;
    private final SortedSet<String> signedPackages;

    private ProgramInput(List<InputEntry> entries, SortedMap<String, ProgramClass> classes,
            List<String> warnings, List<String> shadowed, boolean signed, SortedSet<String> signedPackages) {
        this.entries = Collections.unmodifiableList(entries);
        this.shadowed = List.copyOf(shadowed);
        this.classes = Collections.unmodifiableSortedMap(classes);
        this.warnings = Collections.unmodifiableList(warnings);
        this.signed = signed;
        this.signedPackages = Collections.unmodifiableSortedSet(signedPackages);
    }

    /**
     * Reads {@code inputs} in order.
     *
     * @param inputs jar files or class directories, at least one
     * @param targetRelease the Java release whose multi-release view to take (8 or more)
     * @param skipBroken whether to skip broken class entries and unsafe entry names with a warning
     *     instead of failing
     * @throws JphantomException on any input error, see the class comment
     */
    public static ProgramInput read(List<Path> inputs, int targetRelease, boolean skipBroken) {
        return read(inputs, targetRelease, skipBroken, false);
    }

    /**
     * Reads {@code inputs} in order, as {@link #read(List, int, boolean)} does, but with
     * {@code deferCode} the program classes of {@link #classes()} are checked only as far as
     * {@link ClassFiles.Depth#DECLARATIONS} (everything but method bodies), so that the caller's
     * own parse checks the rest: the caller must parse every program class with
     * {@link ClassParser#parse} before it uses the class's code, and when one fails, read the
     * inputs again without {@code deferCode} (that read reports, or with {@code skipBroken} skips,
     * the broken classes exactly as a read that checks everything would). Every other class entry
     * (module-info, classes copied as resources, versions and duplicates that are not the effective
     * class) is still checked completely here; when one of those fails the code check, this method
     * itself falls back to the complete read.
     */
    public static ProgramInput read(List<Path> inputs, int targetRelease, boolean skipBroken, boolean deferCode) {
        return read(inputs, targetRelease, skipBroken, deferCode, null);
    }

    /**
     * {@link #read(List, int, boolean, boolean)}, handing the declarations of the class files it
     * checks to {@code declarations} (may be {@code null}) in the check's own parse.
     */
    public static ProgramInput read(List<Path> inputs, int targetRelease, boolean skipBroken, boolean deferCode,
                                    DeclarationReader declarations) {
        Objects.requireNonNull(inputs, "inputs");
        if (inputs.isEmpty()) {
            throw JphantomException.input("no input jar or class directory given");
        }
        return readOpened(inputs.stream().<java.util.function.Supplier<Archive>>map(p -> () -> Archive.open(p)).toList(),
                targetRelease, skipBroken, deferCode, declarations);
    }

    /**
     * Reads {@code inputs} again for a report on a run that has already read them: as
     * {@link #read(List, int, boolean)} with {@code skipBroken}, but each class file is checked as
     * far as its header only (magic, version, names), so a user of a class's code must check it
     * itself ({@link ClassParser#parse}). Cheap: no parse of any class here.
     */
    public static ProgramInput readAgain(List<Path> inputs, int targetRelease) {
        Objects.requireNonNull(inputs, "inputs");
        return readAll(inputs.stream().<java.util.function.Supplier<Archive>>map(p -> () -> Archive.open(p)).toList(),
                new Reader(targetRelease, true, ClassFiles.Depth.HEADER, null));
    }

    /**
     * Reads a program held in memory (the in-memory API) as {@link #read(List, int, boolean, boolean)}
     * reads one input: {@code classes} maps internal names ({@code "a/b/C"}) to class file bytes
     * (copied); {@code source} names the program in messages and in {@link InputEntry#source()}.
     */
    public static ProgramInput readClasses(String source, Map<String, byte[]> classes, int targetRelease,
                                           boolean skipBroken, boolean deferCode) {
        return readClasses(source, classes, targetRelease, skipBroken, deferCode, null);
    }

    /**
     * {@link #readClasses(String, Map, int, boolean, boolean)}, handing the declarations of the class
     * files it checks to {@code declarations} (may be {@code null}) in the check's own parse.
     */
    public static ProgramInput readClasses(String source, Map<String, byte[]> classes, int targetRelease,
                                           boolean skipBroken, boolean deferCode, DeclarationReader declarations) {
        Objects.requireNonNull(classes, "classes");
        List<java.util.function.Supplier<Archive>> openers = List.of(() -> Archive.ofClasses(source, classes));
        return readOpened(openers, targetRelease, skipBroken, deferCode, declarations);
    }

    private static ProgramInput readOpened(List<java.util.function.Supplier<Archive>> openers, int targetRelease,
                                     boolean skipBroken, boolean deferCode, DeclarationReader declarations) {
        if (deferCode) {
            try {
                return readAll(openers, new Reader(targetRelease, skipBroken, ClassFiles.Depth.DECLARATIONS, declarations));
            } catch (NeedsFullCheck e) {
                // a class outside the analysis is broken in its code: let the complete check report it
            }
        }
        return readAll(openers, new Reader(targetRelease, skipBroken, ClassFiles.Depth.FULL, declarations));
    }

    private static ProgramInput readAll(List<java.util.function.Supplier<Archive>> openers, Reader reader) {
        for (java.util.function.Supplier<Archive> opener : openers) {
            try (Archive archive = opener.get()) {
                reader.readArchive(archive);
            }
        }
        noClassFiles(reader, openers.size());
        if (!reader.shadowed.isEmpty()) {
            reader.warnings.add(reader.shadowed.size() + " non-class entr" + (reader.shadowed.size() == 1 ? "y" : "ies")
                    + " of later inputs left out, an earlier input having the same name (e.g. "
                    + reader.shadowed.get(0) + "); -v and the JSON report list them");
        }
        return new ProgramInput(new ArrayList<>(reader.entries.values()), reader.classes, reader.warnings,
                reader.shadowed, reader.signed, reader.signedPackages);
    }

    /**
     * An input without class files among inputs with classes is a warning (a real closure holds
     * such jars: Guava's {@code listenablefuture-9999.0-empty-to-avoid-conflict-with-guava.jar});
     * when no input has one, nothing is a program and that is the error.
     */
    private static void noClassFiles(Reader reader, int inputs) {
        if (reader.withoutClasses.size() == inputs) {
            String which = inputs == 1 ? reader.withoutClasses.get(0) + ": holds no class file"
                    : "no input holds a class file (" + String.join(", ", reader.withoutClasses) + ")";
            throw JphantomException.input(which + "; give the program's jars or class directories (libraries go to -cp)");
        }
        for (String source : reader.withoutClasses) {
            reader.warnings.add(source + ": holds no class file; only its other entries are read");
        }
    }

    /** Every entry to copy unchanged, input order then entry order, first wins across inputs. */
    public List<InputEntry> entries() {
        return entries;
    }

    /** The effective program classes by internal name. */
    public SortedMap<String, ProgramClass> classes() {
        return classes;
    }

    /** One line per skipped entry, ignored duplicate or misplaced class, in reading order. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * One line per non-class entry of a later input left out because an earlier input has the
     * same name ({@link #warnings()} has one summary line for them all).
     */
    public List<String> shadowedEntries() {
        return shadowed;
    }

    /** Whether any input holds jar signature files ({@code META-INF/*.SF|*.RSA|*.DSA|*.EC}). */
    public boolean signed() {
        return signed;
    }

    /**
     * Internal names of the packages that have classes in a signed input jar ({@code ""} for the
     * unnamed package). A class added to such a package would fail the JVM's signer check.
     */
    public SortedSet<String> signedPackages() {
        return signedPackages;
    }

    /** The mutable state of one {@link #read} call. */
    private static final class Reader {
        private final int targetRelease;
        private final boolean skipBroken;
        final Map<String, InputEntry> entries = new LinkedHashMap<>();
        final SortedMap<String, ProgramClass> classes = new TreeMap<>();
        final List<String> warnings = new ArrayList<>();
        /** The inputs without a class file entry, in input order: an error only if every input is one. */
        final List<String> withoutClasses = new ArrayList<>();
        final List<String> shadowed = new ArrayList<>();
        final SortedSet<String> signedPackages = new TreeSet<>();
        boolean signed;

        private final ClassFiles.Depth depth;
        private final DeclarationReader declarations;

        Reader(int targetRelease, boolean skipBroken, ClassFiles.Depth depth, DeclarationReader declarations) {
            this.targetRelease = targetRelease;
            this.skipBroken = skipBroken;
            this.depth = depth;
            this.declarations = declarations;
        }

        /**
         * With the code check deferred, completes it for a class entry that is not (or no longer)
         * an effective program class, whose code nobody else will parse.
         */
        private void checkCodeOfNonProgramClass(byte[] bytes) {
            if (depth != ClassFiles.Depth.DECLARATIONS) {
                return; // checked completely already, or (HEADER) not checked beyond the header at all
            }
            try {
                ClassFiles.checkCode(new org.objectweb.asm.ClassReader(bytes), null, 0, true); // checked to DECLARATIONS
            } catch (ClassFiles.BrokenClassException e) {
                throw new NeedsFullCheck();
            }
        }

        void readArchive(Archive archive) {
            List<String> names = archive.names();
            duplicates(archive);
            boolean anyClass = false;
            boolean multiRelease = archive.multiRelease();
            boolean hasSignature = false;
            // internal name -> the best candidate so far in this archive (highest version <= target);
            // hashed, and sorted once at the end (a sorted map compared long common prefixes of
            // names a few dozen times per class)
            Map<String, Candidate> candidates = new HashMap<>();
            Set<String> packages = new HashSet<>();
            // Inflating and checking the class entries is most of the work: done ahead, on every
            // core, for the entries the walk below reads as classes (safe names, not shadowed).
            ClassEntries classEntries = ClassEntries.read(archive, names,
                    name -> name.endsWith(".class") && EntryNames.unsafeReason(name) == null && entries.get(name) == null,
                    name -> !name.startsWith(EntryNames.VERSIONS) || inView(name, multiRelease), depth, declarations);

            for (String name : names) {
                String unsafe = EntryNames.unsafeReason(name);
                if (unsafe != null) {
                    broken(archive, name, unsafe);
                    continue;
                }
                boolean directory = name.endsWith("/");
                InputEntry previous = entries.get(name);
                if (!directory && name.endsWith(".class")) {
                    anyClass = true;
                }
                if (previous != null) {
                    if (!directory) {
                        String message = archive.entryMessage(name, "ignored, " + previous.source() + " has it first");
                        if (name.endsWith(".class")) {
                            warnings.add(message); // a shadowed class can change behaviour
                        } else {
                            shadowed.add(message);
                        }
                    }
                    continue;
                }
                InputEntry.StoredEntry stored = archive.storedOnce(name);
                if (stored != null && (directory || !name.endsWith(".class"))) {
                    // a resource is only copied: its stored bytes are copied when the output is written
                    hasSignature |= EntryNames.isSignatureFile(name);
                    entries.put(name, InputEntry.stored(name, archive.source, stored));
                    continue;
                }
                ClassEntries.Entry ahead = directory ? null : classEntries.get(name);
                byte[] bytes = ahead != null ? ahead.read() : archive.read(name);
                if (directory) {
                    entries.put(name, new InputEntry(name, bytes, archive.source));
                    continue;
                }
                if (EntryNames.isSignatureFile(name)) {
                    hasSignature = true;
                }
                if (name.endsWith(".class")) {
                    int version = 0;
                    String path = name;
                    boolean versioned = name.startsWith(EntryNames.VERSIONS);
                    if (versioned) {
                        version = multiRelease ? EntryNames.version(name) : 0;
                        if (version == 0 || version > targetRelease) {
                            // Not part of the view at the target release: a resource to copy only.
                            entries.put(name, entry(archive, name, bytes, stored));
                            continue;
                        }
                        path = EntryNames.unversioned(name);
                    }
                    String internalName;
                    if (ahead != null && ahead.brokenReason() != null) {
                        broken(archive, name, ahead.brokenReason());
                        continue;
                    } else if (ahead != null && ahead.internalName() != null) {
                        internalName = ahead.internalName();
                    } else {
                        try {
                            internalName = ClassFiles.check(bytes, depth, declarations);
                        } catch (ClassFiles.BrokenClassException e) {
                            broken(archive, name, e.getMessage());
                            continue;
                        }
                    }
                    String expected = path.substring(0, path.length() - ".class".length());
                    boolean moduleInfo = expected.equals("module-info");
                    if (moduleInfo || !internalName.equals(expected)) {
                        checkCodeOfNonProgramClass(bytes);
                    }
                    if (!moduleInfo && !internalName.equals(expected)) {
                        if (isJavaBinaryName(expected)) {
                            // The JVM loading `expected` from here fails (NoClassDefFoundError: wrong
                            // name), and a phantom of that name could not be added beside it.
                            broken(archive, name, "holds class " + EntryNames.printable(internalName)
                                    + ", not " + EntryNames.printable(expected) + " as its name says");
                            continue;
                        }
                        // a class stored under a path no class can have (WEB-INF/classes/..., META-INF/...)
                        warnings.add(archive.entryMessage(name, "holds class " + EntryNames.printable(internalName)
                                + ", copied as a resource"));
                    } else if (!moduleInfo) {
                        packages.add(ClassFiles.packageOf(internalName));
                        ProgramClass pc = new ProgramClass(internalName, name, archive.source, bytes);
                        Candidate old = candidates.get(internalName);
                        if (old == null || old.version < version) {
                            candidates.put(internalName, new Candidate(version, pc));
                            if (old != null) {
                                checkCodeOfNonProgramClass(old.programClass.bytes());
                            }
                        } else {
                            checkCodeOfNonProgramClass(bytes);
                        }
                    }
                }
                entries.put(name, entry(archive, name, bytes, stored));
            }

            if (!anyClass) {
                withoutClasses.add(archive.source);
            }
            List<Candidate> sorted = new ArrayList<>(candidates.values());
            sorted.sort(Comparator.comparing(c -> c.programClass.internalName()));
            for (Candidate candidate : sorted) {
                ProgramClass pc = candidate.programClass;
                ProgramClass first = classes.putIfAbsent(pc.internalName(), pc);
                if (first != null) {
                    checkCodeOfNonProgramClass(pc.bytes());
                    warnings.add(archive.entryMessage(pc.entryName(), "class " + pc.internalName()
                            + " ignored, " + first.source() + " defines it first"));
                }
            }
            if (hasSignature) {
                signed = true;
                signedPackages.addAll(packages);
            }
        }

        /** Whether versioned entry {@code name} is part of the view at the target release. */
        private boolean inView(String name, boolean multiRelease) {
            int version = multiRelease ? EntryNames.version(name) : 0;
            return version != 0 && version <= targetRelease;
        }

        /**
         * The entry to copy for a class file read from {@code archive}: copied from where the jar
         * stores it when it is stored once (its bytes belong to the analysis alone), else held.
         */
        private static InputEntry entry(Archive archive, String name, byte[] bytes, InputEntry.StoredEntry stored) {
            return stored != null ? InputEntry.stored(name, archive.source, stored)
                    : new InputEntry(name, bytes, archive.source);
        }

        /**
         * Names stored more than once in one jar: the JVM's copy is read (see {@link Archive}); one
         * warning per name says how many copies there are and whether they differ.
         */
        private void duplicates(Archive archive) {
            archive.duplicates().forEach((name, count) -> {
                if (name.endsWith("/")) {
                    return;
                }
                if (archive.identicalCopies(name)) {
                    warnings.add(archive.entryMessage(name, "stored " + count + " times (identical copies); copied once"));
                } else {
                    warnings.add(archive.entryMessage(name, "stored " + count + " times with different contents;"
                            + " the copy the JVM's class loader reads (the last) is used"));
                }
            });
        }

        /** Whether every segment of {@code name} is a Java identifier: a name a class can have in source. */
        private static boolean isJavaBinaryName(String name) {
            for (String segment : name.split("/", -1)) {
                if (segment.isEmpty() || !Character.isJavaIdentifierStart(segment.codePointAt(0))) {
                    return false;
                }
                for (int i = 0; i < segment.length(); i = segment.offsetByCodePoints(i, 1)) {
                    if (!Character.isJavaIdentifierPart(segment.codePointAt(i))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private void broken(Archive archive, String name, String reason) {
            if (!skipBroken) {
                throw archive.entryError(name, reason);
            }
            warnings.add(archive.entryMessage(name, reason + "; skipped"));
        }
    }

    private record Candidate(int version, ProgramClass programClass) {
    }

    /** A class outside the analysis failed the deferred code check: read again, checking everything. */
    private static final class NeedsFullCheck extends RuntimeException {
        NeedsFullCheck() {
            super(null, null, false, false);
        }
    }
}
