package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.analysis.output.Dumps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The library API: class initialisation, determinism, dumps, incomplete programs, user errors. */
@ResourceLock(PtaFixtures.FEATURE_INPUTS)
class AnalysisTest {
    @TempDir
    Path tmp;

    @Test
    void classInitialisersRunOnlyWhenTheJvmWouldRunThem() throws IOException {
        AnalysisResult r = PointsToFixtureTest.analyze("clinit", "ci");
        List<String> reach = r.reachableMethods();
        for (String c : List.of("Main", "Parent", "Child", "Registry", "Used", "WithDefault")) {
            assertTrue(reach.contains("<clinit." + c + ": void <clinit>()>"), c);
        }
        assertFalse(reach.stream().anyMatch(m -> m.startsWith("<clinit.NeverUsed")), reach::toString);
        assertFalse(reach.contains("<clinit.Plain: void <clinit>()>"), reach::toString);
    }

    @Test
    void twoRunsGiveTheSameDumps() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        // two runs of their own: each compiles the fixture and reads the program and the JDK itself
        Dumps.write(alone(tmp.resolve("1"), "lambdas", "2obj"), a);
        Dumps.write(alone(tmp.resolve("2"), "lambdas", "2obj"), b);
        for (String f : List.of(Dumps.REACHABLE, Dumps.EDGES)) {
            assertEquals(Files.readString(a.resolve(f)), Files.readString(b.resolve(f)), f);
        }
        String stats = Files.readString(a.resolve(Dumps.STATS));
        assertTrue(stats.contains("\"reachableMethods\""), stats);
        assertTrue(stats.contains("\"mayFailCasts\""), stats);
        List<String> lines = Files.readAllLines(a.resolve(Dumps.REACHABLE));
        assertEquals(lines.stream().sorted().toList(), lines);
    }

    @Test
    void anIncompleteProgramIsAnalysedWithoutFailingAndSkipModeLeavesOutWhatReferencesMissingTypes()
            throws IOException {
        Path partial = PtaFixtures.partialJar("phantom", "phantom/lib/", tmp);
        AnalysisRequest req = AnalysisRequest.of(List.of(partial)).withMains(List.of("phantom.Main"))
                .withMissing(org.jphantom.analysis.missing.MissingMode.IGNORE);
        AnalysisResult ignore = Analysis.run(req);
        assertTrue(ignore.reachableMethods().contains("<phantom.Main: void main(java.lang.String[])>"));
        assertTrue(ignore.callEdges().stream().anyMatch(e -> e.contains("-> <phantom.Button: void <init>()>")));

        AnalysisResult skip = Analysis.run(req.withSkipMissing(true));
        assertTrue(skip.warnings().stream().anyMatch(w -> w.startsWith("<phantom.Main: void main(java.lang.String[])>: skipped")),
                skip.warnings()::toString);
        assertFalse(skip.callEdges().stream().anyMatch(e -> e.startsWith("<phantom.Main:")));
    }

    @Test
    void userErrorsAreOneLine() throws IOException {
        Path classes = PtaFixtures.compile("alloc", Files.createDirectories(tmp.resolve("c")));
        AnalysisRequest req = AnalysisRequest.of(List.of(classes));
        JphantomException e = assertThrows(JphantomException.class, () -> Analysis.run(req.withContext("3obj")));
        assertTrue(e.getMessage().contains("unknown context sensitivity"), e.getMessage());
        e = assertThrows(JphantomException.class, () -> Analysis.run(req.withMains(List.of("no.Such"))));
        assertTrue(e.getMessage().contains("no.Such"), e.getMessage());
        e = assertThrows(JphantomException.class, () -> Analysis.run(req.withMains(List.of("alloc.Main$A"))));
        assertTrue(e.getMessage().contains("declares no static main"), e.getMessage());
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
    }

    private static AnalysisResult alone(Path dir, String fixture, String context) throws IOException {
        Path classes = PtaFixtures.compile(fixture, Files.createDirectories(dir));
        return Analysis.run(AnalysisRequest.of(List.of(classes)).withMains(List.of(fixture + ".Main"))
                .withReflectionOptions(PointsToFixtureTest.READABLE_STRINGS).withContext(context));
    }
}
