import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipFile;

/**
 * The dynamic call graph of a run against a static one, as the thesis measures empirical soundness
 * (Section 3.5, Figures 3.8 and 3.9): the dynamic edges whose caller is a method of the program's
 * jars (application-to-application and application-to-library), how many of them the static call
 * graph lacks, and the size of the static call graph next to the dynamic one (the thesis' precision
 * guard: on average 4.5 times the dynamic edges for its most imprecise technique).
 *
 * <p>Usage: {@code java bench/EdgeRecall.java DYNAMIC.txt CALL-EDGES.txt REACHABLE.txt JAR...}.
 * DYNAMIC.txt is what {@code bench/jvmti/edges.c} writes (one "caller -> callee" per line, JVM
 * spelling, every callee) or what {@code jphantom record --calls} writes (the analysis' spelling;
 * callees in the program's classes only, so no application-to-library edges); CALL-EDGES.txt and REACHABLE.txt are {@code jphantom analyze --out}'s. Edges are
 * compared at method granularity (the static edges' call-site ordinals are dropped: the dynamic
 * graph has no ordinals), so both totals count distinct (caller, callee) pairs. As in the thesis,
 * some dynamic edges count as covered: to a {@code <clinit>} the static analysis reaches (it
 * models initialisation, not who triggers it), to {@code ClassLoader.loadClass} and
 * {@code checkPackageAccess} (the VM's class loading), and from or to classes generated at run
 * time (lambda and proxy classes, {@code $$}, {@code $Proxy}). Prints the counts and the missed
 * application-to-application edges, sorted.
 */
public final class EdgeRecall {
    private EdgeRecall() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: java EdgeRecall.java DYNAMIC.txt CALL-EDGES.txt REACHABLE.txt JAR...");
            System.exit(2);
        }
        Set<String> app = new TreeSet<>();
        for (int i = 3; i < args.length; i++) {
            try (ZipFile z = new ZipFile(args[i])) {
                z.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                        .forEach(n -> app.add(n.substring(0, n.length() - 6).replace('/', '.')));
            }
        }
        Set<String> reachable = new TreeSet<>(Files.readAllLines(Path.of(args[2])));
        Set<String> staticPairs = new TreeSet<>();
        long staticSiteEdges = 0;
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            int arrow = line.indexOf(" -> ");
            int slash = line.lastIndexOf(">/", arrow);
            if (arrow < 0 || slash < 0 || !app.contains(owner(line.substring(0, slash + 1)))) {
                continue;
            }
            staticSiteEdges++;
            staticPairs.add(line.substring(0, slash + 1) + " -> " + line.substring(arrow + 4));
        }
        Map<String, Set<String>> missed = new TreeMap<>();
        int dynamic = 0;
        int appToApp = 0;
        int missedAppToApp = 0;
        int missedAppToLib = 0;
        boolean libraryRecorded = true;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] sides = line.split(" -> ", 2);
            if (sides.length != 2 || sides[1].equals("?")) {
                continue;
            }
            boolean recorded = sides[0].startsWith("<"); // jphantom record --calls: the program's callees only
            libraryRecorded &= !recorded;
            String caller = recorded ? sides[0] : soot(sides[0]);
            String callee = recorded ? sides[1] : soot(sides[1]);
            if (caller == null || callee == null || !app.contains(owner(caller)) || generated(caller) || generated(callee)) {
                continue;
            }
            String name = callee.substring(callee.indexOf(' ', callee.indexOf(": ") + 2) + 1);
            if (name.startsWith("loadClass(") || name.startsWith("checkPackageAccess(")
                    || name.startsWith("<clinit>(") && reachable.contains(callee)) {
                continue;
            }
            dynamic++;
            boolean toApp = app.contains(owner(callee));
            if (toApp) {
                appToApp++;
            }
            if (!staticPairs.contains(caller + " -> " + callee)) {
                if (toApp) {
                    missedAppToApp++;
                    missed.computeIfAbsent(callee, k -> new TreeSet<>()).add(caller);
                } else {
                    missedAppToLib++;
                }
            }
        }
        System.out.printf("dynamic edges from the program's methods: %,d (%,d to the program, %,d to the library)%n",
                dynamic, appToApp, dynamic - appToApp);
        System.out.printf("missed by the static call graph: %,d application-to-application, %s application-to-library%n",
                missedAppToApp, libraryRecorded ? String.format("%,d", missedAppToLib) : "(not recorded)");
        if (libraryRecorded) {
            System.out.printf("static edges from the program's methods: %,d (caller, callee) pairs, %,d call-site edges;"
                    + " %.1fx the dynamic pairs (the thesis' guard: 4.5x)%n", staticPairs.size(), staticSiteEdges,
                    dynamic == 0 ? 0.0 : staticPairs.size() / (double) dynamic);
        } else { // only edges into the program were recorded: compare like with like
            long toApp = staticPairs.stream().filter(e -> app.contains(owner(e.substring(e.indexOf(" -> ") + 4)))).count();
            System.out.printf("static edges from the program's methods: %,d (caller, callee) pairs into the program;"
                    + " %.1fx the dynamic pairs (the thesis' guard: 4.5x)%n", toApp,
                    dynamic == 0 ? 0.0 : toApp / (double) dynamic);
        }
        System.out.println("missed application-to-application edges, by callee:");
        for (Map.Entry<String, Set<String>> e : missed.entrySet()) {
            System.out.println("  " + e.getKey() + " <- " + String.join(", ", e.getValue()));
        }
    }

    private static boolean generated(String sig) {
        return sig.contains("$$") || sig.contains("$Proxy") || sig.contains(".Generated");
    }

    /** {@code <a.B: void m(int)>} -> {@code a.B}. */
    private static String owner(String sig) {
        int colon = sig.indexOf(':');
        return colon < 1 ? "" : sig.substring(1, colon);
    }

    /** {@code La/B; m (I)V} -> {@code <a.B: void m(int)>}, or null if malformed. */
    static String soot(String jvm) {
        String[] p = jvm.trim().split(" ");
        if (p.length != 3 || !p[0].startsWith("L") || !p[0].endsWith(";")) {
            return null;
        }
        String cls = p[0].substring(1, p[0].length() - 1).replace('/', '.');
        String desc = p[2];
        int close = desc.indexOf(')');
        List<String> params = new ArrayList<>();
        int i = 1;
        while (i < close) {
            int[] end = {i};
            params.add(type(desc, end));
            i = end[0];
        }
        int[] r = {close + 1};
        return "<" + cls + ": " + type(desc, r) + " " + p[1] + "(" + String.join(",", params) + ")>";
    }

    /** The Java spelling of the descriptor type at {@code pos[0]}, advancing it past the type. */
    private static String type(String d, int[] pos) {
        int dims = 0;
        while (d.charAt(pos[0]) == '[') {
            dims++;
            pos[0]++;
        }
        char c = d.charAt(pos[0]++);
        String base = switch (c) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'V' -> "void";
            default -> {
                int semi = d.indexOf(';', pos[0]);
                String n = d.substring(pos[0], semi).replace('/', '.');
                pos[0] = semi + 1;
                yield n;
            }
        };
        return base + "[]".repeat(dims);
    }
}
