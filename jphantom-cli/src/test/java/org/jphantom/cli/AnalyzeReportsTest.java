package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jphantom analyze} with {@code --format}, {@code --html} and {@code --explain} on a program
 * whose library was left out (so complemented first): the files each option promises, the
 * explanation on stdout, the same bytes on a second run, one-line usage errors, and nothing left
 * behind when one of the outputs fails.
 */
class AnalyzeReportsTest {
    @TempDir
    Path dir;
    Path partial;

    @BeforeEach
    void setUp() throws IOException {
        partial = CliFixture.partialShapes(dir);
    }

    private CliFixture.Run analyze(Path out, Path html) {
        return run("analyze", partial.toString(), "--out", out.toString(), "--format", "jcg,dot", "--html",
                html.toString(), "--explain", "lib.Shapes.make", "--explain", "<app.Main: void main(java.lang.String[])>",
                "-q").expect(Main.OK);
    }

    @Test
    void formatsHtmlAndExplainFromTheCommandLine() throws IOException {
        // CliFixture compiles with -g:none: no line numbers, so "@L?" and JCG's line -1
        Path out = dir.resolve("out");
        Path html = dir.resolve("html");
        CliFixture.Run r = analyze(out, html);
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(List.of(
                "explain <lib.Shapes: lib.Shape make(int)>: reachable in 1 step",
                "  <app.Main: void main(java.lang.String[])>  [entry point]",
                "  <app.Main: void main(java.lang.String[])> @L? pc 2 -> <lib.Shapes: lib.Shape make(int)>  [static call]",
                "explain <app.Main: void main(java.lang.String[])>: reachable in 0 steps",
                "  <app.Main: void main(java.lang.String[])>  [entry point]"), lines, r.out());

        // --format jcg,dot: those two, no text dumps; the JCG file has main's call of the phantom
        assertTrue(Files.exists(out.resolve("call-graph.jcg.json")) && Files.exists(out.resolve("app-call-graph.dot")));
        assertFalse(Files.exists(out.resolve("call-edges.txt")) || Files.exists(out.resolve("reachable-methods.txt")));
        JsonNode main = null;
        for (JsonNode m : new ObjectMapper().readTree(out.resolve("call-graph.jcg.json").toFile()).get("reachableMethods")) {
            if (m.get("method").get("declaringClass").asText().equals("Lapp/Main;")) {
                main = m;
            }
        }
        assertTrue(main != null, "app.Main.main in the JCG file");
        JsonNode make = main.get("callSites").get(0);
        assertEquals("make", make.get("declaredTarget").get("name").asText(), make::toString);
        assertEquals("Llib/Shapes;", make.get("targets").get(0).get("declaringClass").asText(), make::toString);
        assertEquals(-1, make.get("line").asInt());
        assertEquals(2, make.get("pc").asInt());
        String dot = Files.readString(out.resolve("app-call-graph.dot"));
        assertTrue(dot.startsWith("digraph ") && dot.contains("\"<app.Main: void main(java.lang.String[])>\";"), dot);

        // --html: the index, the call graph, and main's page with its explain chain
        String index = Files.readString(html.resolve("index.html"));
        assertTrue(index.contains("<img class=\"graph\" src=\"callgraph.svg\""), index);
        assertTrue(Files.readString(html.resolve("callgraph.svg")).startsWith("<?xml"));
        String mainPage = Files.readString(html.resolve("method/m0.html"));
        assertTrue(mainPage.contains("<h1>&lt;app.Main: void main(java.lang.String[])&gt;</h1>"), mainPage);
        assertTrue(mainPage.contains("[entry point]") && mainPage.contains("lib.Shapes.make(I)Llib/Shape;"), mainPage);

        // a second run: the same bytes but for the timings page and the metrics' times
        Path out2 = dir.resolve("out2");
        Path html2 = dir.resolve("html2");
        assertEquals(r.out(), analyze(out2, html2).out());
        for (String f : List.of("call-graph.jcg.json", "app-call-graph.dot")) {
            assertEquals(Files.readString(out.resolve(f)), Files.readString(out2.resolve(f)), f);
        }
        Map<String, String> a = pages(html);
        assertTrue(a.size() > 5, a.keySet()::toString);
        assertEquals(a, pages(html2));
    }

    @Test
    void aFailingHtmlReportLeavesNoOutputBehind() throws IOException {
        // --out and --html are written at once; the report cannot make its method/ directory
        Path out = dir.resolve("out");
        Path html = Files.createDirectories(dir.resolve("html"));
        Files.writeString(html.resolve("method"), "in the way");
        Path report = dir.resolve("complement.json");
        CliFixture.Run r = run("analyze", partial.toString(), "--out", out.toString(), "--format", "text,jcg,dot",
                "--html", html.toString(), "--report", report.toString(), "-q");
        r.expect(Main.USAGE).expectOneLineError("cannot write the HTML report to " + html);
        assertFalse(Files.exists(out), "no --out file, nor the directory made for them");
        assertFalse(Files.exists(report), "no --report file");
        try (Stream<Path> left = Files.list(html)) {
            assertEquals(List.of(html.resolve("method")), left.toList());
        }
        assertEquals("in the way", Files.readString(html.resolve("method")));
    }

    /** The report's files but the timings page, by relative path, with their text. */
    private static Map<String, String> pages(Path html) throws IOException {
        Map<String, String> pages = new TreeMap<>();
        try (Stream<Path> files = Files.walk(html)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.endsWith("timings.html")) {
                    pages.put(html.relativize(f).toString(), Files.readString(f));
                }
            }
        }
        return pages;
    }

    @Test
    void badReportOptionsAreOneLineUsageErrors() throws IOException {
        run("analyze", partial.toString(), "--format", "jcg").expect(Main.USAGE).expectOneLineError("--format", "--out DIR");
        run("analyze", partial.toString(), "--out", dir.resolve("o").toString(), "--format", "text,svg")
                .expect(Main.USAGE).expectOneLineError("'svg'", "text, jcg, dot");
        run("analyze", partial.toString(), "--explain", "not a method").expect(Main.USAGE).expectOneLineError("not a method");
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        CliFixture.Run r = run("analyze", partial.toString(), "--html", file.toString());
        assertTrue(r.exit() != Main.OK, r.err());
        r.expectOneLineError("--html", "is a file");
        assertEquals("x", Files.readString(file));
        assertFalse(Files.exists(dir.resolve("o")), "nothing written after a usage error");
    }
}
