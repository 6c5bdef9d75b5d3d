package org.jphantom.analysis.lang;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Class files the program carries as data, which a class loader of the program may define
 * ({@code defineClass}): a constant {@code byte[]} initialiser in a method of the program whose
 * elements are a class file (javac's {@code dup, index, value, bastore} sequence), and a resource
 * of the program's jars or directories whose content is one (a {@code .class} entry under a path no
 * class can have, {@code BOOT-INF/classes/...}, or any other entry starting with the magic
 * {@code CAFEBABE}). Found by a pass over the program before the analysis; each one that the
 * program's own class reader accepts ({@link ProgramInput#readClasses}, the format check of every
 * program class) and whose name no program class has joins the program. Not found: class files
 * in nested jars, encoded in strings (Base64), computed or read from outside the program.
 *
 * <p>Cost: a class's bytes are searched for the initialiser of the magic number (20 bytes) before
 * any of its methods is read; a resource's first four bytes are read.
 */
public final class EmbeddedClasses {
    /** None found. */
    public static final EmbeddedClasses NONE = new EmbeddedClasses(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());

    /** {@code dup, iconst_0, bipush 0xCA, bastore, dup, iconst_1, bipush 0xFE, ... bipush 0xBE, bastore}. */
    private static final byte[] MAGIC_INITIALISER = {
        0x59, 0x03, 0x10, (byte) 0xCA, 0x54, 0x59, 0x04, 0x10, (byte) 0xFE, 0x54,
        0x59, 0x05, 0x10, (byte) 0xBA, 0x54, 0x59, 0x06, 0x10, (byte) 0xBE, 0x54};
    private static final byte[] MAGIC = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE};
    private static final String VERSIONS = "META-INF/versions/";

    private final SortedMap<String, byte[]> classes;
    private final SortedMap<String, String> origins;
    private final Map<String, SortedSet<String>> byMethod;

    private EmbeddedClasses(SortedMap<String, byte[]> classes, SortedMap<String, String> origins,
                            Map<String, SortedSet<String>> byMethod) {
        this.classes = Collections.unmodifiableSortedMap(classes);
        this.origins = Collections.unmodifiableSortedMap(origins);
        this.byMethod = byMethod;
    }

    /**
     * Finds the class files that {@code input} (read from {@code paths}) carries as data.
     *
     * @param jdkOwns whether a package (internal name) is the JDK's: a class of it is never defined
     *                from the program
     * @param release the release whose view of multi-release jars the program's reader took
     * @param warnings receives one line per class file found but refused by the reader
     */
    public static EmbeddedClasses find(List<Path> paths, ProgramInput input, Predicate<String> jdkOwns, int release,
                                       List<String> warnings) {
        Map<String, ProgramClass> program = input.classes();
        Set<String> programEntries = new TreeSet<>();
        for (ProgramClass pc : program.values()) {
            programEntries.add(pc.source() + "!" + pc.entryName());
        }
        List<Found> found = new ArrayList<>();
        for (ProgramClass pc : program.values()) {
            if (indexOf(pc.bytes(), MAGIC_INITIALISER) >= 0) {
                arrays(pc, found);
            }
        }
        for (Path p : paths) {
            resources(p, programEntries, found);
        }
        SortedMap<String, byte[]> classes = new TreeMap<>();
        SortedMap<String, String> origins = new TreeMap<>();
        Map<String, SortedSet<String>> byMethod = new TreeMap<>();
        for (Found f : found) {
            String name = nameOf(f.bytes);
            if (name == null || jdkOwns.test(packageOf(name))) {
                continue;
            }
            if (program.containsKey(name)) {
                if (f.method != null) {
                    byMethod.computeIfAbsent(f.method, m -> new TreeSet<>()).add(name); // defined again: still the program's class
                }
                continue;
            }
            if (!classes.containsKey(name)) {
                ProgramInput checked = ProgramInput.readClasses(f.origin, Map.of(name, f.bytes), release, true, false);
                if (!checked.classes().containsKey(name)) {
                    warnings.add(f.origin + ": holds a class file of " + name + " that the class reader refuses ("
                            + String.join("; ", checked.warnings()) + "); a loader defining it is not followed");
                    continue;
                }
                classes.put(name, f.bytes);
                origins.put(name, f.origin);
            }
            if (f.method != null) {
                byMethod.computeIfAbsent(f.method, m -> new TreeSet<>()).add(name);
            }
        }
        return new EmbeddedClasses(classes, origins, byMethod);
    }

    /** The class files found, by internal name (none of them a class of the program). */
    public SortedMap<String, byte[]> classes() {
        return classes;
    }

    /** Where a class found came from: {@code array in a/b/C.m(...)} or {@code jar!entry}. */
    public String origin(String internalName) {
        return origins.get(internalName);
    }

    /**
     * The classes whose class files the constant {@code byte[]} initialisers of a method hold
     * (internal names; a program class defined again from its own bytes included), empty if none.
     */
    public SortedSet<String> inMethod(String owner, String name, String desc) {
        SortedSet<String> s = byMethod.get(methodKey(owner, name, desc));
        return s == null ? Collections.emptySortedSet() : s;
    }

    private static String methodKey(String owner, String name, String desc) {
        return owner + "." + name + desc;
    }

    private record Found(byte[] bytes, String origin, String method) {
    }

    /** The constant byte arrays of {@code pc}'s methods that start with the class file magic. */
    private static void arrays(ProgramClass pc, List<Found> found) {
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(pc.bytes()).accept(cn, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return; // the program's reader has refused it already
        }
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
                if (i.getOpcode() == Opcodes.NEWARRAY && ((IntInsnNode) i).operand == Opcodes.T_BYTE) {
                    byte[] b = initialiser(i);
                    if (b != null) {
                        found.add(new Found(b, "array in " + cn.name + "." + m.name + m.desc,
                                methodKey(cn.name, m.name, m.desc)));
                    }
                }
            }
        }
    }

    /**
     * The elements javac stores into the array {@code newarray} made, when its length is a
     * constant and each element is stored in order as a constant, starting with the magic number;
     * else null.
     */
    private static byte[] initialiser(AbstractInsnNode newArray) {
        Integer length = constant(newArray.getPrevious());
        if (length == null || length < 8) {
            return null;
        }
        byte[] out = new byte[length];
        int n = 0;
        AbstractInsnNode i = newArray.getNext();
        while (n < length && i != null && i.getOpcode() == Opcodes.DUP) {
            AbstractInsnNode index = i.getNext();
            AbstractInsnNode value = index == null ? null : index.getNext();
            AbstractInsnNode store = value == null ? null : value.getNext();
            Integer ix = constant(index);
            Integer v = constant(value);
            if (ix == null || ix != n || v == null || store == null || store.getOpcode() != Opcodes.BASTORE) {
                return null;
            }
            out[n++] = (byte) (int) v;
            i = store.getNext();
        }
        return n == length && startsWith(out, MAGIC) ? out : null;
    }

    private static Integer constant(AbstractInsnNode i) {
        if (i == null) {
            return null;
        }
        int op = i.getOpcode();
        if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
            return op - Opcodes.ICONST_0;
        }
        if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) {
            return ((IntInsnNode) i).operand;
        }
        if (i instanceof org.objectweb.asm.tree.LdcInsnNode ldc && ldc.cst instanceof Integer v) {
            return v;
        }
        return null;
    }

    /** The resources of one input (a jar or a class directory) that are class files. */
    private static void resources(Path input, Set<String> programEntries, List<Found> found) {
        String source = input.toString();
        try {
            if (Files.isDirectory(input)) {
                try (Stream<Path> files = Files.walk(input)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        String entry = input.relativize(f).toString().replace('\\', '/');
                        if (candidate(source, entry, programEntries)) {
                            try (InputStream in = Files.newInputStream(f)) {
                                read(in, source + "!" + entry, found);
                            }
                        }
                    }
                }
                return;
            }
            try (ZipFile zip = new ZipFile(input.toFile())) {
                List<ZipEntry> entries = new ArrayList<>();
                for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                    ZipEntry z = e.nextElement();
                    if (!z.isDirectory() && z.getSize() != 0 && candidate(source, z.getName(), programEntries)) {
                        entries.add(z);
                    }
                }
                entries.sort(java.util.Comparator.comparing(ZipEntry::getName));
                for (ZipEntry z : entries) {
                    try (InputStream in = zip.getInputStream(z)) {
                        read(in, source + "!" + z.getName(), found);
                    }
                }
            }
        } catch (IOException e) {
            // the program's reader has read this input already; what cannot be read again holds nothing here
        }
    }

    private static boolean candidate(String source, String entry, Set<String> programEntries) {
        return !entry.startsWith(VERSIONS) && !entry.endsWith("/") && !programEntries.contains(source + "!" + entry);
    }

    private static void read(InputStream in, String origin, List<Found> found) throws IOException {
        byte[] head = in.readNBytes(MAGIC.length);
        if (Arrays.equals(head, MAGIC)) {
            byte[] rest = in.readAllBytes();
            byte[] all = Arrays.copyOf(head, head.length + rest.length);
            System.arraycopy(rest, 0, all, head.length, rest.length);
            found.add(new Found(all, origin, null));
        }
    }

    /** The internal name a class file declares, or null when ASM cannot read its header. */
    private static String nameOf(byte[] bytes) {
        try {
            return new ClassReader(bytes).getClassName();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
