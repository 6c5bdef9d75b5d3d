package org.jphantom.analysis;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;

/**
 * The points-to fixtures under {@code src/test/resources/pta/NAME}: compiled at test time with
 * javax.tools (together with {@code check/Check.java}), analysed, and their in-source
 * expectations ({@code Check.pts(value, "labels")}) read back.
 */
final class PtaFixtures {
    private static final Pattern TAG = Pattern.compile("(?://|/\\*)\\s*@([\\w.-]+)");
    private static final Pattern SITE = Pattern.compile("/(\\w+) (\\S+)@L(\\d+)#\\d+$");

    /**
     * The {@link org.junit.jupiter.api.parallel.ResourceLock}s of the test classes that share inputs
     * of {@link #run}: those of {@code pta/reflection}, of {@code pta/workflow}, and of the small
     * feature fixtures ({@code fig1}, {@code objsens}, ...). Classes holding one never run at once.
     */
    static final String REFLECTION_INPUT = "pta/reflection input";
    static final String WORKFLOW_INPUT = "pta/workflow input";
    static final String FEATURE_INPUTS = "pta feature fixtures' inputs";

    private PtaFixtures() {
    }

    static Path resources() {
        try {
            return Path.of(PtaFixtures.class.getResource("/pta").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> sources(String fixture) {
        try (Stream<Path> s = Files.walk(resources().resolve(fixture))) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fixture and release -> its classes, compiled once per JVM under {@link #sharedDirectory()}. */
    private static final Map<String, Path> COMPILED = new HashMap<>();
    private static Path shared;
    /** How many inputs {@link #run} keeps open: tests analyse one fixture several times in a row. */
    private static final int INPUTS_KEPT = 3;
    /** Program, class path and release -> the input read for them, least recently used first. */
    private static final LinkedHashMap<String, SharedInput> INPUTS = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * The fixture's classes compiled for Java 17, shared by every test of this JVM: compiled on
     * first use, never written to afterwards (a test that changes classes compiles its own copy
     * with {@link #compile(String, Path)}).
     */
    static Path classes(String fixture) {
        return classes(fixture, 17);
    }

    /** {@link #classes(String)} compiled for Java {@code release}. */
    static synchronized Path classes(String fixture, int release) {
        String key = fixture + "-" + release;
        Path out = COMPILED.get(key);
        if (out == null) {
            try {
                out = compile(fixture, Files.createDirectories(sharedDirectory().resolve(key)), release);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            COMPILED.put(key, out);
        }
        return out;
    }

    /**
     * Runs {@code request} over an input shared with the other runs of this JVM that read the same
     * program, class path and release (the last {@value #INPUTS_KEPT} such inputs stay open): its
     * results are those of {@link Analysis#run(AnalysisRequest)}, as {@code SolverApiTest} checks,
     * without reading the JDK and building its methods' IR again for every run. Safe from test
     * classes that run at once: the runs over one input go one after another (the program model is
     * not thread-safe), the runs over different inputs side by side. A test class that reads the
     * results of a shared input while another class may analyse it holds that input's
     * {@link org.junit.jupiter.api.parallel.ResourceLock} (its result's lazy parts read the model).
     */
    static AnalysisResult run(AnalysisRequest request) {
        String key = request.program() + " " + request.classpath() + " " + request.release();
        while (true) {
            SharedInput shared;
            List<SharedInput> evicted = new ArrayList<>();
            synchronized (INPUTS) {
                shared = INPUTS.computeIfAbsent(key, k -> new SharedInput());
                for (var it = INPUTS.values().iterator(); INPUTS.size() > INPUTS_KEPT; ) {
                    evicted.add(it.next());
                    it.remove();
                }
            }
            evicted.forEach(SharedInput::evict);
            AnalysisResult r = shared.run(request);
            if (r != null) {
                return r;
            }
            // evicted and closed between the look-up and the run: read it again
        }
    }

    /**
     * An input of {@link #run}: read by its first run, analysed by one run at a time, closed once it
     * has been evicted and no run is using it (an evicting thread never waits for another's analysis).
     */
    private static final class SharedInput {
        /** Held while analysing: one run at a time over the input. */
        private final Object analysing = new Object();
        /** Read under {@link #analysing}; closed under {@code this} once no run uses it. */
        private AnalysisInput input;
        private int users;
        private boolean evicted;
        private boolean closed;

        /** The run's result, or null if the input was closed before the run began. */
        AnalysisResult run(AnalysisRequest request) {
            synchronized (this) {
                if (closed) {
                    return null;
                }
                users++;
            }
            try {
                synchronized (analysing) {
                    if (input == null) {
                        input = AnalysisInput.open(request);
                    }
                    return Analysis.run(input, request);
                }
            } finally {
                release();
            }
        }

        private synchronized void release() {
            users--;
            closeIfUnused();
        }

        synchronized void evict() {
            evicted = true;
            closeIfUnused();
        }

        private void closeIfUnused() {
            if (evicted && users == 0 && !closed) {
                closed = true;
                if (input != null) {
                    input.close();
                }
            }
        }
    }

    /** A directory of this JVM's own for the shared compiled fixtures, removed when the JVM exits. */
    private static Path sharedDirectory() throws IOException {
        if (shared == null) {
            Path dir = Files.createTempDirectory("pta-fixtures");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            shared = dir;
        }
        return shared;
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }

    /** Compiles the fixture and {@code Check} into {@code out}; returns {@code out}. */
    static Path compile(String fixture, Path out) {
        return compile(fixture, out, 17);
    }

    /** Compiles the fixture and {@code Check} for Java {@code release} into {@code out}; returns {@code out}. */
    static Path compile(String fixture, Path out, int release) {
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-g", "--release", String.valueOf(release),
                "-nowarn", "-proc:none"));
        sources(fixture).forEach(p -> args.add(p.toString()));
        args.add(resources().resolve("check/Check.java").toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, args.toArray(new String[0]));
        if (rc != 0) {
            throw new IllegalStateException("javac failed on fixture " + fixture);
        }
        return out;
    }

    /** (source file's class, line) -> label, from {@code // @label} comments. */
    /**
     * The classes of {@code fixture}, compiled under {@code dir}, in a jar without those under
     * {@code missingPrefix} (entry names, e.g. {@code "phantom/lib/"}): a partial program.
     */
    static Path partialJar(String fixture, String missingPrefix, Path dir) throws IOException {
        Path classes = compile(fixture, Files.createDirectories(dir.resolve("classes")));
        Path partial = dir.resolve("partial.jar");
        try (OutputStream os = Files.newOutputStream(partial); ZipOutputStream zip = new ZipOutputStream(os);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (!name.startsWith(missingPrefix)) {
                    zip.putNextEntry(new ZipEntry(name));
                    zip.write(Files.readAllBytes(f));
                    zip.closeEntry();
                }
            }
        }
        return partial;
    }

    static Map<String, String> tags(String fixture) {
        Map<String, String> tags = new HashMap<>();
        Path root = resources().resolve(fixture);
        for (Path src : sources(fixture)) {
            String cls = fixture + "/" + root.relativize(src).toString().replace(".java", "");
            try {
                List<String> lines = Files.readAllLines(src);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = TAG.matcher(lines.get(i));
                    if (m.find()) {
                        tags.put(cls + ":" + (i + 1), m.group(1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tags;
    }

    /** The label of an abstract object, as Check expectations spell it. */
    static String label(AnalysisResult r, int obj, Map<String, String> tags) {
        String d = r.describe(obj);
        if (d.startsWith("\"") || d.startsWith("<main-") || d.equals("<string constants>")) {
            return d;
        }
        if (d.startsWith("<merged ")) {
            String t = d.substring("<merged ".length(), d.length() - 1);
            return "merged:" + t.substring(t.lastIndexOf('.') + 1);
        }
        if (d.startsWith("class ")) {
            return "class:" + d.substring("class ".length());
        }
        Matcher m = SITE.matcher(d);
        if (!m.find()) {
            return d;
        }
        String type = m.group(2);
        String simple = type.substring(type.lastIndexOf('.') + 1);
        if (m.group(1).equals("abstract")) {
            return "abstract:" + simple;
        }
        int method = r.heap().methodOf(obj);
        if (method >= 0) {
            String cls = r.program().typeName(r.program().method(method).declaringType());
            int dollar = cls.indexOf('$');
            String outer = dollar < 0 ? cls : cls.substring(0, dollar);
            String tag = tags.get(outer + ":" + m.group(3));
            if (tag == null) {
                // a top-level class declared in another class's source file
                for (Map.Entry<String, String> e : tags.entrySet()) {
                    if (e.getKey().endsWith(":" + m.group(3)) && outer.startsWith(e.getKey().substring(0,
                            e.getKey().lastIndexOf('/') + 1))) {
                        tag = e.getValue();
                    }
                }
            }
            if (tag != null) {
                return tag;
            }
        }
        return simple;
    }

    /** One reachable {@code Check.pts} call: where it is, what it expects, what the analysis found. */
    record Expectation(String where, String source, String expected, String actual) {
    }

    /** The expectation of a check that must stay unreachable (code the JVM would never run). */
    static final String NEVER = "never reached";

    /**
     * Every {@code Check.pts} call in the fixture's sources, as {@code fixture/File:line}, sorted:
     * those expecting {@value #NEVER} if {@code unreachable}, else the others.
     */
    static SortedSet<String> sourceChecks(String fixture, boolean unreachable) {
        SortedSet<String> out = new TreeSet<>();
        Path root = resources().resolve(fixture);
        for (Path src : sources(fixture)) {
            String file = fixture + "/" + root.relativize(src).toString().replace(".java", "");
            try {
                List<String> lines = Files.readAllLines(src);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).contains("Check.pts(")
                            && lines.get(i).contains("\"" + NEVER + "\"") == unreachable) {
                        out.add(file + ":" + (i + 1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /**
     * The source position {@code fixture/File:line} of a call on {@code line} in class {@code cls}:
     * the file of its outermost class, or of the file in its package that has a check on that line
     * (a top-level class declared in another class's source file).
     */
    private static String sourceOf(String cls, int line, SortedSet<String> checks) {
        int dollar = cls.indexOf('$');
        String outer = dollar < 0 ? cls : cls.substring(0, dollar);
        String key = outer + ":" + line;
        if (checks.contains(key)) {
            return key;
        }
        String pkg = outer.substring(0, outer.lastIndexOf('/') + 1);
        for (String c : checks) {
            if (c.startsWith(pkg) && c.endsWith(":" + line) && c.indexOf('/', pkg.length()) < 0) {
                return c;
            }
        }
        return key;
    }

    static List<Expectation> expectations(AnalysisResult r, String fixture) {
        Map<String, String> tags = tags(fixture);
        SortedSet<String> checks = new TreeSet<>(sourceChecks(fixture, false));
        checks.addAll(sourceChecks(fixture, true));
        String context = r.solver().selector().name();
        List<Expectation> out = new ArrayList<>();
        List<Invoke> sites = r.solver().callSites();
        for (int id = 0; id < sites.size(); id++) {
            Invoke inv = sites.get(id);
            if (!inv.owner.equals("check/Check") || !inv.name.equals("pts")) {
                continue;
            }
            JMethod caller = r.solver().callGraph().callerOf(id);
            String raw = "?";
            for (Stmt st : r.solver().ir(caller).stmts) {
                if (st instanceof New n && n.lhs == inv.args[1] && n.constant != null) {
                    raw = n.constant;
                }
            }
            String expected = select(raw, context);
            TreeSet<String> actual = new TreeSet<>();
            BitSet pt = r.pointsTo(caller, inv.args[0]);
            for (int o = pt.nextSetBit(0); o >= 0; o = pt.nextSetBit(o + 1)) {
                actual.add(label(r, o, tags));
            }
            out.add(new Expectation(caller.signature(r.program()) + " line " + inv.line,
                    sourceOf(r.program().typeName(caller.declaringType()), inv.line, checks),
                    String.join(" ", new TreeSet<>(Arrays.asList(expected.trim().split("\\s+"))).stream()
                            .filter(s -> !s.isEmpty()).toList()),
                    String.join(" ", actual)));
        }
        return out;
    }

    /** {@code "a b | 1cfa,2cfa: a"}: the labels expected under {@code context}. */
    static String select(String raw, String context) {
        String[] parts = raw.split("\\|");
        for (int i = 1; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            for (String c : parts[i].substring(0, colon).split(",")) {
                if (c.trim().equals(context)) {
                    return parts[i].substring(colon + 1);
                }
            }
        }
        return parts[0];
    }

    /** Call edges whose caller is in the fixture's package, without the calls of Check. */
    static List<String> applicationEdges(AnalysisResult r, String fixture) {
        String prefix = "<" + fixture + ".";
        return r.callEdges().stream().filter(e -> e.startsWith(prefix) && !e.contains("<check.Check")).toList();
    }
}
