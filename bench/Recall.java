import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * Recall of a static call graph against a real run: which of the methods HotSpot executed
 * ({@code -XX:+LogTouchedMethods -XX:+PrintTouchedMethodsAtExit}) in the classes of the
 * program's own jars are reachable in {@code jphantom analyze}'s {@code reachable-methods.txt}.
 *
 * <p>Usage: {@code java bench/Recall.java [--log refl.log] TOUCHED.txt CLASSLOAD.txt REACHABLE.txt JAR...}.
 * With {@code --log} (a TamiFlex-format log of the same run, as {@code jphantom record} writes it),
 * each missed group also lists the recorded reflective calls whose targets are its methods or its class.
 * TOUCHED.txt is the run's standard output (lines that are not touched-method lines, such as the
 * program's own output, are skipped; abstract and native methods, which HotSpot marks when it
 * resolves a call to them, are left out: they have no code to run); CLASSLOAD.txt is {@code -Xlog:class+load=info:file=...}.
 * Prints the executed methods, how many are reachable, the recall, the loaded program classes
 * without any reachable method, and the missed methods grouped by class (30 largest groups).
 * Output is sorted, so the same inputs print the same text.
 */
public final class Recall {
    /** HotSpot's touched-method line: {@code java/lang/Object.<init>:()V}. */
    private static final Pattern TOUCHED = Pattern.compile("^([\\w/$]+)\\.([\\w$<>]+):(\\(.*\\).+)$");
    private static final Pattern LOADED = Pattern.compile("\\] (\\S+) source: ");
    private static final int GROUPS = 30;

    private Recall() {
    }

    public static void main(String[] args) throws IOException {
        Path reflectionLog = null;
        if (args.length >= 2 && args[0].equals("--log")) {
            reflectionLog = Path.of(args[1]);
            args = java.util.Arrays.copyOfRange(args, 2, args.length);
        }
        if (args.length < 4) {
            System.err.println("usage: java Recall.java [--log refl.log] TOUCHED.txt CLASSLOAD.txt REACHABLE.txt JAR...");
            System.exit(2);
        }
        // What the recorded run reached reflectively: member signature or class name -> "KIND at CALLER:LINE".
        Map<String, Set<String>> reflective = new TreeMap<>();
        if (reflectionLog != null) {
            for (String line : Files.readAllLines(reflectionLog)) {
                String[] col = line.split(";", -1);
                if (col.length >= 4) {
                    String target = col[1].startsWith("<") ? col[1] : col[1].replace("[]", "");
                    reflective.computeIfAbsent(target, k -> new TreeSet<>())
                            .add(col[0] + " at " + col[2] + (col[3].isEmpty() ? "" : ":" + col[3]));
                }
            }
        }
        Set<String> appClasses = new TreeSet<>();
        Set<String> bodiless = new TreeSet<>(); // abstract and native methods: touched at resolution, never run
        for (int i = 3; i < args.length; i++) {
            try (ZipFile zip = new ZipFile(args[i])) {
                for (var e : zip.stream().toList()) {
                    String n = e.getName().replaceFirst("^META-INF/versions/\\d+/", "");
                    if (n.endsWith(".class") && !n.endsWith("module-info.class")) {
                        String owner = n.substring(0, n.length() - 6).replace('/', '.');
                        appClasses.add(owner);
                        try (InputStream in = zip.getInputStream(e)) {
                            bodilessMethods(owner, new DataInputStream(in), bodiless);
                        }
                    }
                }
            }
        }
        Set<String> executed = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            Matcher m = TOUCHED.matcher(line.strip());
            if (m.matches()) {
                String owner = m.group(1).replace('/', '.');
                String sig = signature(owner, m.group(2), m.group(3));
                if (appClasses.contains(owner) && !bodiless.contains(sig)) {
                    executed.add(sig);
                }
            }
        }
        Set<String> loaded = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            Matcher m = LOADED.matcher(line);
            if (m.find() && appClasses.contains(m.group(1))) {
                loaded.add(m.group(1));
            }
        }
        Set<String> reachable = new TreeSet<>(Files.readAllLines(Path.of(args[2])));
        Set<String> reachedClasses = new TreeSet<>();
        reachable.forEach(s -> reachedClasses.add(owner(s)));

        Map<String, List<String>> missedByClass = new TreeMap<>();
        Map<String, Integer> executedByClass = new TreeMap<>();
        int hit = 0;
        for (String s : executed) {
            executedByClass.merge(owner(s), 1, Integer::sum);
            if (reachable.contains(s)) {
                hit++;
            } else {
                missedByClass.computeIfAbsent(owner(s), k -> new ArrayList<>()).add(s);
            }
        }
        if (executed.isEmpty()) {
            System.err.println("recall: no touched methods of the program's classes in " + args[0]
                    + " (was the run made with -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods"
                    + " -XX:+PrintTouchedMethodsAtExit?)");
            System.exit(2);
        }
        List<String> loadedUnreached = loaded.stream().filter(c -> !reachedClasses.contains(c)).toList();
        System.out.printf("executed methods of the program's classes: %d (in %d classes; %d program classes loaded)%n",
                executed.size(), executedByClass.size(), loaded.size());
        System.out.printf("reachable of them: %d%n", hit);
        System.out.printf("recall: %.1f%%%n", 100.0 * hit / executed.size());
        System.out.printf("missed: %d methods in %d classes; loaded program classes without any reachable method: %d%n",
                executed.size() - hit, missedByClass.size(), loadedUnreached.size());
        System.out.printf("missed methods by class (largest %d groups; 'unreached' = no method of the class"
                + " is reachable):%n", GROUPS);
        List<Map.Entry<String, List<String>>> groups = new ArrayList<>(missedByClass.entrySet());
        groups.sort(Comparator.comparing((Map.Entry<String, List<String>> e) -> -e.getValue().size())
                .thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, List<String>> g : groups.subList(0, Math.min(GROUPS, groups.size()))) {
            String c = g.getKey();
            System.out.printf("%5d of %-4d %s%s%n", g.getValue().size(), executedByClass.get(c), c,
                    reachedClasses.contains(c) ? "" : "  (unreached)");
            List<String> names = g.getValue().stream().map(Recall::shortName).toList();
            System.out.println("             " + String.join(" ", names.subList(0, Math.min(8, names.size())))
                    + (names.size() > 8 ? " ..." : ""));
            if (reflectionLog != null) {
                Map<String, Integer> why = new TreeMap<>();
                for (String m : g.getValue()) {
                    for (String call : reflective.getOrDefault(m, Set.of())) {
                        why.merge(call, 1, Integer::sum);
                    }
                }
                for (String call : reflective.getOrDefault(c, Set.of())) {
                    why.merge(call + " (the class)", 0, Integer::sum);
                }
                why.forEach((call, n) -> System.out.println("             recorded: " + call
                        + (n > 0 ? " (" + n + " of these methods)" : "")));
            }
        }
    }

    /** Adds the signatures of the abstract and native methods of one class file. */
    private static void bodilessMethods(String owner, DataInputStream in, Set<String> out) throws IOException {
        in.readInt();
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++;
                }
                default -> throw new IOException(owner + ": unknown constant pool tag " + tag);
            }
        }
        in.skipNBytes(6);
        in.skipNBytes(2L * in.readUnsignedShort());
        skipMembers(in, in.readUnsignedShort());
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            int access = in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            String desc = utf8[in.readUnsignedShort()];
            if ((access & 0x0500) != 0) { // ACC_NATIVE | ACC_ABSTRACT
                out.add(signature(owner, name, desc));
            }
            skipAttributes(in);
        }
    }

    private static void skipMembers(DataInputStream in, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            in.skipNBytes(6);
            skipAttributes(in);
        }
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
            in.readUnsignedShort();
            in.skipNBytes(in.readInt() & 0xffffffffL);
        }
    }

    private static String owner(String signature) {
        return signature.substring(1, signature.indexOf(':'));
    }

    private static String shortName(String signature) {
        String rest = signature.substring(signature.indexOf(':') + 2, signature.length() - 1);
        return rest.substring(rest.indexOf(' ') + 1);
    }

    /** {@code <a.b.C: ret name(p1,p2)>}, the format of reachable-methods.txt. */
    static String signature(String owner, String name, String descriptor) {
        int close = descriptor.indexOf(')');
        List<String> params = new ArrayList<>();
        int i = 1;
        while (i < close) {
            int end = typeEnd(descriptor, i);
            params.add(javaName(descriptor.substring(i, end)));
            i = end;
        }
        return "<" + owner + ": " + javaName(descriptor.substring(close + 1)) + " " + name + "("
                + String.join(",", params) + ")>";
    }

    private static int typeEnd(String d, int i) {
        while (d.charAt(i) == '[') {
            i++;
        }
        return d.charAt(i) == 'L' ? d.indexOf(';', i) + 1 : i + 1;
    }

    private static String javaName(String d) {
        if (d.startsWith("[")) {
            return javaName(d.substring(1)) + "[]";
        }
        return switch (d) {
            case "V" -> "void";
            case "Z" -> "boolean";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            default -> d.substring(1, d.length() - 1).replace('/', '.');
        };
    }
}
