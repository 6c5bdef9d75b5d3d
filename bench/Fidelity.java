import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

/**
 * Kind fidelity of phantoms (bench/fidelity.sh): compares the classes jphantom generated for a
 * jar complemented alone with the real classes of the dependencies that were left out.
 *
 * <pre>java -cp ASM:classes Fidelity LABEL PHANTOM_DIR PROGRAM.jar REMOVED.jar...</pre>
 *
 * A phantom is compared when a removed jar defines a class of the same name. Its kind (class,
 * interface, annotation; enums, records and abstract classes count as classes) agrees when it is
 * the real one's. Its supertypes are consistent when each supertype it declares (super class other
 * than Object, super interfaces) is a real ancestor of the real class. A declared supertype cannot be
 * judged, and is not counted, when the real world (program, removed jars, JDK) does not define it,
 * or when it is not among the real ancestors found but some real ancestor lies outside that world.
 * That checks that what a phantom declares is real, not that what is real is declared; the recall
 * does the second: of the real ancestors of each compared phantom that the output itself defines
 * (another phantom, a program class), how many are its ancestors in the output too (counted per
 * phantom and ancestor; JDK ancestors are left out, as the program rarely shows them).
 * Prints one line: {@code LABEL compared N kinds A/N supertypes C/J recall K/W}, then one line per
 * disagreement ({@code   kind NAME phantom K real R}, {@code   super NAME S}). With
 * {@code -Dcompared=FILE} it also writes one line per compared phantom, {@code NAME<tab>PHANTOM_KIND<tab>REAL_KIND}
 * (sorted by name), for bench/fidelity_reasons.py; with {@code -Dlost=FILE}, one line per real
 * ancestor the recall misses, {@code NAME<tab>ANCESTOR}.
 */
public final class Fidelity {
    record Info(String kind, String superName, List<String> interfaces) {
    }

    private final Map<String, Info> real = new HashMap<>();

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: Fidelity LABEL PHANTOM_DIR PROGRAM.jar REMOVED.jar...");
            System.exit(2);
        }
        Fidelity f = new Fidelity();
        Map<String, Info> removed = new TreeMap<>();
        for (int i = 3; i < args.length; i++) {
            f.readJar(Path.of(args[i]), removed);
        }
        f.real.putAll(removed);
        Map<String, Info> program = new HashMap<>();
        f.readJar(Path.of(args[2]), program);
        program.forEach(f.real::putIfAbsent);

        Map<String, Info> phantoms = new TreeMap<>();
        Path dir = Path.of(args[1]);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".class")).sorted().toList()) {
                Info info = read(Files.readAllBytes(p));
                String name = dir.relativize(p).toString().replace('\\', '/').replaceAll("\\.class$", "");
                phantoms.put(name, info);
            }
        }
        int compared = 0, agree = 0, judged = 0, consistent = 0, wanted = 0, kept = 0;
        List<String> lost = new ArrayList<>();
        List<String> misses = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, Info> e : phantoms.entrySet()) {
            Info r = removed.get(e.getKey());
            if (r == null) {
                continue;
            }
            compared++;
            Info ph = e.getValue();
            rows.add(e.getKey() + "\t" + ph.kind + "\t" + r.kind);
            if (ph.kind.equals(r.kind)) {
                agree++;
            } else {
                misses.add("  kind  " + e.getKey() + " phantom " + ph.kind + " real " + r.kind);
            }
            List<String> sups = new ArrayList<>(ph.interfaces);
            if (ph.superName != null && !ph.superName.equals("java/lang/Object")) {
                sups.add(0, ph.superName);
            }
            Set<String> ancestors = f.ancestors(e.getKey());
            boolean complete = ancestors.stream().allMatch(a -> f.info(a) != null);
            boolean any = false, ok = true;
            for (String s : sups) {
                if (f.info(s) == null || !complete && !ancestors.contains(s)) {
                    continue; // not judged: the real world does not define s, or a real ancestor
                }
                any = true;
                if (!ancestors.contains(s)) {
                    ok = false;
                    misses.add("  super " + e.getKey() + " " + s + " is not a real ancestor");
                }
            }
            if (any) {
                judged++;
                if (ok) {
                    consistent++;
                }
            }
            // recall: the real ancestors that the output itself defines (another phantom, a program
            // class) must be ancestors of the phantom in the output too
            Set<String> output = outputAncestors(e.getKey(), phantoms, program);
            for (String a : new java.util.TreeSet<>(ancestors)) {
                if (!a.equals(e.getKey()) && (phantoms.containsKey(a) || program.containsKey(a))) {
                    wanted++;
                    if (output.contains(a)) {
                        kept++;
                    } else {
                        lost.add(e.getKey() + "\t" + a);
                    }
                }
            }
        }
        System.out.printf("%-24s phantoms %4d  compared %4d  kinds %4d/%-4d %6.1f%%  supertypes %4d/%-4d %6.1f%%"
                + "  recall %4d/%-4d %6.1f%%%n",
                args[0], phantoms.size(), compared, agree, compared, pct(agree, compared), consistent, judged,
                pct(consistent, judged), kept, wanted, pct(kept, wanted));
        misses.forEach(System.out::println);
        String comparedFile = System.getProperty("compared");
        if (comparedFile != null) {
            Files.write(Path.of(comparedFile), rows);
        }
        String lostFile = System.getProperty("lost");
        if (lostFile != null) {
            Files.write(Path.of(lostFile), lost);
        }
    }

    private static double pct(int a, int b) {
        return b == 0 ? 100.0 : 100.0 * a / b;
    }

    /** The strict ancestors of real {@code name}, as far as the real world defines them. */
    private Set<String> ancestors(String name) {
        return ancestors(name, this::info);
    }

    /**
     * The strict ancestors of phantom {@code name} in the output, through the phantoms and the
     * program's classes (a JDK class has no supertype among them, so the walk ends there).
     */
    private static Set<String> outputAncestors(String name, Map<String, Info> phantoms, Map<String, Info> program) {
        return ancestors(name, x -> phantoms.containsKey(x) ? phantoms.get(x) : program.get(x));
    }

    /** The strict ancestors of {@code name}, as far as {@code lookup} (null: unknown) defines classes. */
    private static Set<String> ancestors(String name, java.util.function.Function<String, Info> lookup) {
        Set<String> seen = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        work.add(name);
        while (!work.isEmpty()) {
            Info i = lookup.apply(work.poll());
            if (i == null) {
                continue;
            }
            List<String> next = new ArrayList<>(i.interfaces);
            if (i.superName != null) {
                next.add(i.superName);
            }
            for (String s : next) {
                if (seen.add(s)) {
                    work.add(s);
                }
            }
        }
        return seen;
    }

    /** A class of the program or the removed jars, else of the JDK (through the platform loader). */
    private Info info(String name) {
        Info i = real.get(name);
        if (i != null || real.containsKey(name)) {
            return i;
        }
        try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(name + ".class")) {
            i = in == null ? null : read(in.readAllBytes());
        } catch (IOException e) {
            i = null;
        }
        real.put(name, i);
        return i;
    }

    private void readJar(Path jar, Map<String, Info> into) throws IOException {
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                String n = e.getName();
                if (!n.endsWith(".class") || n.startsWith("META-INF/") || n.endsWith("module-info.class")) {
                    continue;
                }
                try (InputStream in = z.getInputStream(e)) {
                    into.put(n.substring(0, n.length() - 6), read(in.readAllBytes()));
                }
            }
        }
    }

    private static Info read(byte[] bytes) {
        ClassReader cr = new ClassReader(bytes);
        int acc = cr.getAccess();
        String kind = (acc & Opcodes.ACC_ANNOTATION) != 0 ? "annotation"
                : (acc & Opcodes.ACC_INTERFACE) != 0 ? "interface" : "class";
        return new Info(kind, cr.getSuperName(), List.of(cr.getInterfaces()));
    }
}
