package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.jphantom.JphantomException;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.output.ConcurrentOutputs;
import org.jphantom.analysis.output.Dumps;
import org.jphantom.analysis.output.OutputFormat;
import org.jphantom.analysis.output.WrittenFiles;
import org.jphantom.analysis.report.AnalysisHtml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --out} files and the HTML report written at once: the same bytes as written one after
 * the other, and all or nothing: when either writer fails, neither leaves a file behind.
 */
class ConcurrentOutputsTest {
    @TempDir
    Path tmp;

    private static AnalysisResult analyse(Path tmp) throws IOException {
        return Analysis.run(AnalysisRequest.of(List.of(AnalysisHtmlTest.hostileProgram(tmp))).withMains(List.of("h.Main")));
    }

    /** Both outputs of {@code r} at once, as the CLI writes them: the statistics first, the index shared. */
    private static void writeAtOnce(AnalysisResult r, Path out, Path html) {
        r.stats();
        MethodGraph graph = MethodGraph.of(r);
        Dumps dumps = Dumps.prepare(r, true, EnumSet.allOf(OutputFormat.class), graph);
        ConcurrentOutputs.run(List.of(files -> dumps.write(out, files), files -> AnalysisHtml.write(r, graph, html, files)));
    }

    @Test
    void atOnceGivesTheBytesOfOneAfterTheOther() throws IOException {
        AnalysisResult r = analyse(tmp);
        writeAtOnce(r, tmp.resolve("out"), tmp.resolve("html"));
        Dumps.write(r, tmp.resolve("out1"), true, EnumSet.allOf(OutputFormat.class));
        AnalysisHtml.write(r, tmp.resolve("html1"));
        Map<String, String> out = files(tmp.resolve("out"));
        assertEquals(List.of(Dumps.DOT, Dumps.EDGES, Dumps.JCG, Dumps.POINTS_TO, Dumps.REACHABLE,
                Dumps.REFLECTION, Dumps.STATS),
                List.copyOf(out.keySet()));
        assertEquals(files(tmp.resolve("out1")), out);
        Map<String, String> html = files(tmp.resolve("html"));
        assertTrue(html.containsKey("index.html") && html.keySet().stream().anyMatch(p -> p.startsWith("method/")),
                html.keySet()::toString);
        Map<String, String> html1 = files(tmp.resolve("html1"));
        html.remove("timings.html");
        html1.remove("timings.html");
        assertEquals(html1, html);
    }

    @Test
    void aFailingHtmlReportTakesTheOutFilesWithIt() throws IOException {
        AnalysisResult r = analyse(tmp);
        Path out = tmp.resolve("out");
        Path html = Files.createDirectories(tmp.resolve("html"));
        Files.writeString(html.resolve("method"), "in the way"); // the report cannot make its method/ directory
        JphantomException e = assertThrows(JphantomException.class, () -> writeAtOnce(r, out, html));
        assertTrue(e.getMessage().contains("cannot write the HTML report to " + html), e.getMessage());
        assertEquals(Map.of(), files(out), "no --out file left");
        assertEquals(Map.of("method", "in the way"), files(html), "the user's file is left alone");
    }

    @Test
    void aFailingOutTakesTheHtmlReportWithIt() throws IOException {
        AnalysisResult r = analyse(tmp);
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.createDirectories(out.resolve(Dumps.STATS).resolve("in the way")); // stats.json cannot be written
        Path html = tmp.resolve("html");
        JphantomException e = assertThrows(JphantomException.class, () -> writeAtOnce(r, out, html));
        assertTrue(e.getMessage().contains("cannot write to " + out), e.getMessage());
        assertFalse(Files.exists(html), "the report's directories, made by it, are removed too");
        try (Stream<Path> left = Files.walk(out)) {
            assertEquals(List.of(out, out.resolve(Dumps.STATS), out.resolve(Dumps.STATS).resolve("in the way")),
                    left.sorted().toList(), "nothing but what was there");
        }
    }

    @Test
    void theOthersStopAndTheFirstFailureIsThrownWithTheRestSuppressed() throws InterruptedException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        CountDownLatch bWrote = new CountDownLatch(1);
        RuntimeException first = new IllegalStateException("first");
        RuntimeException second = new IllegalArgumentException("second");
        // b writes a file and fails; a, still running, is stopped at its next file; both outputs' files are removed
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> ConcurrentOutputs.run(List.of(
                files -> {
                    write(files, a.resolve("1"));
                    await(bWrote);
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (System.nanoTime() < deadline) {
                        files.add(a.resolve("2")); // throws Stopped once b's failure is seen
                        Thread.onSpinWait();
                    }
                    throw first; // never stopped
                },
                files -> {
                    write(files, b.resolve("1"));
                    bWrote.countDown();
                    throw second;
                })));
        assertSame(second, thrown, "a's stop is no failure of its own");
        assertEquals(0, thrown.getSuppressed().length);
        assertFalse(Files.exists(a) || Files.exists(b), "every file and directory the outputs made is removed");

        // both fail on their own: the first in the list's order is thrown, the other suppressed
        thrown = assertThrows(RuntimeException.class, () -> ConcurrentOutputs.run(List.of(
                files -> {
                    throw first;
                },
                files -> {
                    throw second;
                })));
        assertSame(first, thrown);
        assertEquals(List.of(second), List.of(thrown.getSuppressed()));
    }

    private static void write(WrittenFiles files, Path f) {
        try {
            files.createDirectories(f.getParent());
            files.add(f);
            Files.writeString(f, "x");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The regular files under {@code dir} by relative path, with their text (empty if none). */
    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        if (!Files.exists(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(f).toString().replace('\\', '/'), Files.readString(f));
            }
        }
        return out;
    }
}
