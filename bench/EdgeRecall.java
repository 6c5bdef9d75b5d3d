import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipFile;

/**
 * Edge recall of a static call graph against a real run, as the thesis' Figure 3.8 counts it: the
 * dynamic application-to-application call edges (caller and callee both in the program's jars) of
 * {@code jphantom record --calls}, and which of them {@code jphantom analyze}'s
 * {@code call-edges.txt} has (call sites dropped: an edge is a caller-callee pair). Also the
 * precision guard of the thesis (Section 3.5): the static app-to-app edges per dynamic one (it
 * keeps its call graphs within 4.5 times the dynamic edges).
 *
 * <p>Usage: {@code java bench/EdgeRecall.java CALLS.txt CALL-EDGES.txt JAR...}. Edges into class
 * initialisers are counted apart: the analysis makes {@code <clinit>} reachable without an edge. A
 * reflective call's edge starts at the method that called {@code invoke}/{@code newInstance} on both
 * sides. Prints the counts, the recall, the ratio, and the missed edges grouped by callee class (20
 * largest groups, 5 edges each). Output is sorted, so the same inputs print the same text.
 */
public final class EdgeRecall {
    private static final int GROUPS = 20;

    private EdgeRecall() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: java EdgeRecall.java CALLS.txt CALL-EDGES.txt JAR...");
            System.exit(2);
        }
        Set<String> app = new TreeSet<>();
        for (int i = 2; i < args.length; i++) {
            try (ZipFile zip = new ZipFile(args[i])) {
                zip.stream().map(e -> e.getName().replaceFirst("^META-INF/versions/\\d+/", ""))
                        .filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class"))
                        .forEach(n -> app.add(n.substring(0, n.length() - 6).replace('/', '.')));
            }
        }
        Set<String> dynamic = new TreeSet<>();
        int initialisers = 0;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] e = line.split(" -> ", 2);
            if (e.length == 2 && app.contains(owner(e[0])) && app.contains(owner(e[1]))) {
                if (e[1].endsWith(" <clinit>()>")) {
                    initialisers++;
                } else {
                    dynamic.add(e[0] + " -> " + e[1]);
                }
            }
        }
        Set<String> statics = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            String[] e = line.split(" -> ", 2);
            if (e.length == 2) {
                String caller = e[0].substring(0, e[0].lastIndexOf('/'));
                if (app.contains(owner(caller)) && app.contains(owner(e[1]))) {
                    statics.add(caller + " -> " + e[1]);
                }
            }
        }
        if (dynamic.isEmpty()) {
            System.err.println("edge recall: no application-to-application edges in " + args[0]
                    + " (was it written by jphantom record --calls for a run of these jars?)");
            System.exit(2);
        }
        Map<String, List<String>> missed = new TreeMap<>();
        int hit = 0;
        for (String e : dynamic) {
            if (statics.contains(e)) {
                hit++;
            } else {
                missed.computeIfAbsent(owner(e.substring(e.indexOf(" -> ") + 4)), k -> new ArrayList<>()).add(e);
            }
        }
        System.out.printf("dynamic app-to-app call edges: %d (and %d into class initialisers, not counted)%n",
                dynamic.size(), initialisers);
        System.out.printf("in the static call graph: %d%n", hit);
        System.out.printf("edge recall: %.1f%%%n", 100.0 * hit / dynamic.size());
        System.out.printf("static app-to-app call edges: %d, %.2f per dynamic edge (the thesis' guard: at most 4.5)%n",
                statics.size(), (double) statics.size() / dynamic.size());
        System.out.printf("missed edges by callee class (largest %d groups):%n", GROUPS);
        List<Map.Entry<String, List<String>>> groups = new ArrayList<>(missed.entrySet());
        groups.sort(Comparator.comparing((Map.Entry<String, List<String>> g) -> -g.getValue().size())
                .thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, List<String>> g : groups.subList(0, Math.min(GROUPS, groups.size()))) {
            System.out.printf("%5d  %s%n", g.getValue().size(), g.getKey());
            for (String e : g.getValue().subList(0, Math.min(5, g.getValue().size()))) {
                System.out.println("         " + e);
            }
        }
    }

    /** The class of a signature {@code <a.B: void m()>}. */
    private static String owner(String signature) {
        int colon = signature.indexOf(':');
        return colon < 1 ? "" : signature.substring(1, colon);
    }
}
