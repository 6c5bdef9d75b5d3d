package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jphantom analyze}: dumps, the summary line, and one-line errors for bad options. */
class AnalyzeCommandTest {
    @TempDir
    Path dir;
    Path jar;

    @BeforeEach
    void setUp() throws IOException {
        Map<String, byte[]> classes = CliFixture.compile(dir, Map.of("app/Main.java", """
                package app;
                public class Main {
                    interface Shape { Object area(); }
                    static class Square implements Shape { public Object area() { return new Object(); } }
                    static class Circle implements Shape { public Object area() { return new Object(); } }
                    public static void main(String[] args) {
                        Shape s = args.length > 0 ? new Square() : new Circle();
                        s.area();
                    }
                }
                """));
        jar = CliFixture.jar(dir.resolve("app.jar"), classes);
    }

    @Test
    void runningOutOfMemoryIsOneClearLineAndExitCodeFourWithNothingWritten() throws Exception {
        // A child JVM whose heap cannot hold the analysis of a program that formats and hashes
        // (thousands of JDK methods): a resource limit, not a bug.
        Path big = CliFixture.jar(dir.resolve("big.jar"), CliFixture.compile(dir.resolve("big"), Map.of("big/Main.java", """
                package big;
                public class Main {
                    public static void main(String[] args) {
                        java.util.Map<String, Object> m = new java.util.HashMap<>();
                        m.put(String.format("%d %s", args.length, java.time.LocalDate.now()), new java.util.ArrayList<>());
                        System.out.println(m);
                    }
                }
                """)));
        Path out = dir.resolve("out");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx16m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "analyze", big.toString(),
                "--out", out.toString(), "-q")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(Main.OUT_OF_MEMORY, p.waitFor(), output);
        List<String> lines = output.lines().toList();
        assertEquals(1, lines.size(), output);
        assertTrue(lines.get(0).startsWith("jphantom: out of memory (the JVM's maximum heap is "), output);
        assertTrue(lines.get(0).contains("JAVA_OPTS=-Xmx"), output);
        assertFalse(Files.exists(out.resolve("reachable-methods.txt")), "no output after running out of memory");
    }

    @Test
    void writesSortedDumpsAndASummary() throws IOException {
        Path out = dir.resolve("out");
        CliFixture.Run r = run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString(),
                "--dump-points-to", "--dot", "-q").expect(Main.OK);
        assertEquals("", r.err());
        List<String> pts = Files.readAllLines(out.resolve("points-to.txt"));
        assertEquals(pts.stream().sorted().toList(), pts);
        assertTrue(pts.stream().anyMatch(l -> l.startsWith("<app.Main: void main(java.lang.String[])>/v")
                && l.contains("new app.Main$Square") && l.contains("new app.Main$Circle")), pts::toString);
        String dot = Files.readString(out.resolve("app-call-graph.dot"));
        assertTrue(dot.contains("\"<app.Main: void main(java.lang.String[])>\" -> \"<app.Main$Circle: java.lang.Object area()>\";"),
                dot);
        r = run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString()).expect(Main.OK);
        List<String> err = r.err().lines().toList();
        assertEquals(1, err.size(), r.err());
        assertTrue(err.get(0).startsWith("analyze (ci): "), r.err());
        List<String> edges = Files.readAllLines(out.resolve("call-edges.txt"));
        assertEquals(edges.stream().sorted().toList(), edges);
        assertTrue(edges.contains("<app.Main: void main(java.lang.String[])>/2 -> <app.Main$Circle: java.lang.Object area()>"),
                edges::toString);
        assertTrue(edges.contains("<app.Main: void main(java.lang.String[])>/2 -> <app.Main$Square: java.lang.Object area()>"),
                edges::toString);
        assertTrue(Files.readAllLines(out.resolve("reachable-methods.txt"))
                .contains("<app.Main$Square: java.lang.Object area()>"));
        String stats = Files.readString(out.resolve("stats.json"));
        assertTrue(stats.contains("\"polymorphicCallSites\" : "), stats);
        assertTrue(stats.contains("\"applicationReachableMethods\" : 5"), stats);
        assertTrue(stats.contains("\"reflection\" : \"solar\""), stats);
        assertTrue(stats.contains("\"useBased\" : \"off\"") && stats.contains("\"stringVarPointsTo\""), stats);
        String reflection = Files.readString(out.resolve("reflection.json"));
        assertTrue(reflection.contains("\"mode\" : \"solar\"") && reflection.contains("\"sites\" : [ ]"), reflection);
        assertTrue(stats.contains("\"jvmStartup\" : false"), stats);
        run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString(), "--reflection", "none",
                "--jvm-startup", "on", "-q").expect(Main.OK);
        assertFalse(Files.exists(out.resolve("reflection.json")), "--reflection none leaves no stale report");
        assertTrue(Files.readString(out.resolve("stats.json")).contains("\"jvmStartup\" : true"));
    }

    @Test
    void complementThenAnalyze() throws IOException {
        Path out = dir.resolve("done.jar");
        CliFixture.Run r = run(jar.toString(), "-o", out.toString(), "--analyze").expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("analyze (ci): 6 reachable methods")), r.err());
        assertTrue(Files.exists(out));
        run(jar.toString(), "--report", dir.resolve("r.json").toString(), "--analyze").expect(Main.USAGE)
                .expectOneLineError("--analyze needs -o");
    }

    @Test
    void complementThenAnalyzeTakesTheAnalysisOptions() throws IOException {
        Path out = dir.resolve("done2.jar");
        Path results = dir.resolve("results");
        CliFixture.Run r = run(jar.toString(), "-o", out.toString(), "--analyze", "--main", "app.Main",
                "--context", "1cfa", "--analysis-out", results.toString()).expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("analyze (1cfa): 6 reachable methods")), r.err());
        assertTrue(Files.readAllLines(results.resolve("call-edges.txt"))
                .contains("<app.Main: void main(java.lang.String[])>/2 -> <app.Main$Circle: java.lang.Object area()>"));
        assertTrue(Files.readString(results.resolve("stats.json")).contains("\"applicationReachableMethods\" : 5"));

        // The aliases jphantom analyze accepts are accepted here too.
        run(jar.toString(), "-o", out.toString(), "--analyze", "--context", "1CS").expect(Main.OK);

        // Analysis options are checked before anything is written.
        Path never = dir.resolve("never.jar");
        run(jar.toString(), "-o", never.toString(), "--analyze", "--context", "3obj").expect(Main.USAGE)
                .expectOneLineError("unknown context sensitivity '3obj'");
        run(jar.toString(), "-o", never.toString(), "--main", "app.Main").expect(Main.USAGE)
                .expectOneLineError("--main needs --analyze");
        run(jar.toString(), "-o", never.toString(), "--analyze", "--analysis-out", out.toString()).expect(Main.USAGE)
                .expectOneLineError("is a file; give a directory");
        assertFalse(Files.exists(never));
    }

    @Test
    void everyContextSensitivityRuns() {
        for (String c : List.of("ci", "1cfa", "2cfa", "1obj", "2obj", "1type", "2type")) {
            CliFixture.Run r = run("analyze", jar.toString(), "--context", c, "-q").expect(Main.OK);
            assertEquals("", r.err());
        }
    }

    @Test
    void reflectionLimitsAreAccepted() {
        run("analyze", jar.toString(), "--reflection-lazy-limit", "none", "--reflection-lazy-uses", "none",
                "--reflection-use-based-limits", "3,7", "-q").expect(Main.OK);
        run("analyze", jar.toString(), "--reflection-lazy-limit", "10", "-q").expect(Main.OK);
    }

    @Test
    void badOptionsAreOneLineErrors() throws IOException {
        run("analyze").expect(Main.USAGE).expectOneLineError("no program given");
        run("analyze", jar.toString(), "--context", "9obj").expect(Main.USAGE).expectOneLineError("9obj");
        run("analyze", jar.toString(), "--main", "app.Nope").expect(Main.USAGE).expectOneLineError("app.Nope");
        run("analyze", jar.toString(), "--missing", "maybe").expect(Main.USAGE).expectOneLineError("--missing");
        run("analyze", jar.toString(), "--dynamic-models", "maybe").expect(Main.USAGE)
                .expectOneLineError("--dynamic-models");
        run("analyze", jar.toString(), "--jvm-startup", "maybe").expect(Main.USAGE)
                .expectOneLineError("--jvm-startup takes on or off, not 'maybe'");
        run("analyze", jar.toString(), "--dot").expect(Main.USAGE).expectOneLineError("--out");
        run("analyze", jar.toString(), "--reflection", "guess").expect(Main.USAGE).expectOneLineError("guess");
        run("analyze", jar.toString(), "--reflection-strings", "prefix").expect(Main.USAGE).expectOneLineError("prefix");
        run("analyze", jar.toString(), "--reflection-use-based", "guess").expect(Main.USAGE)
                .expectOneLineError("off, invent, propagate or both");
        run("analyze", jar.toString(), "--reflection-lazy-limit", "0").expect(Main.USAGE)
                .expectOneLineError("--reflection-lazy-limit takes a positive number or none, not '0'");
        run("analyze", jar.toString(), "--reflection-lazy-uses", "few").expect(Main.USAGE)
                .expectOneLineError("--reflection-lazy-uses takes a positive number or none, not 'few'");
        run("analyze", jar.toString(), "--reflection-use-based-limits", "5").expect(Main.USAGE)
                .expectOneLineError("--reflection-use-based-limits takes C,D");
        run("analyze", jar.toString(), "--reflection-use-based-limits", "5,x").expect(Main.USAGE)
                .expectOneLineError("not 'x'");
        run("analyze", jar.toString(), "--string-colouring", "maybe").expect(Main.USAGE).expectOneLineError("maybe");
        run("analyze", jar.toString(), "--reflection-log", dir.resolve("no.log").toString()).expect(Main.USAGE)
                .expectOneLineError("no.log");
        run("analyze", dir.resolve("none.jar").toString()).expect(Main.USAGE).expectOneLineError("none.jar");
        Path file = Files.writeString(dir.resolve("file"), "x");
        run("analyze", jar.toString(), "--out", file.toString()).expect(Main.USAGE).expectOneLineError("is a file");
        assertFalse(Files.exists(dir.resolve("out")));
    }
}
