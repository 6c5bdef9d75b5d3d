package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jphantom analyze --missing complement|ignore|skip} on a program whose library was left
 * out: complementing (the default) reaches what the complemented jar reaches and says how many
 * phantoms it generated; ignore and skip say how many referenced classes are missing.
 */
class AnalyzeMissingTest {
    @TempDir
    Path dir;
    Path partial;

    @BeforeEach
    void setUp() throws IOException {
        partial = CliFixture.partialShapes(dir);
    }

    @Test
    void complementIsTheDefaultAndReachesWhatTheCompletedJarReaches() throws IOException {
        Path out = dir.resolve("out");
        Path report = dir.resolve("report.json");
        CliFixture.Run r = run("analyze", partial.toString(), "--out", out.toString(), "--report", report.toString())
                .expect(Main.OK);
        List<String> err = r.err().lines().toList();
        assertEquals("2 phantom types generated for the analysis; report in " + report, err.get(0), r.err());
        assertTrue(Files.readString(report).contains("\"lib/Shapes\""), "the complement report names the phantoms");

        Path complete = dir.resolve("complete.jar");
        run(partial.toString(), "-o", complete.toString(), "-q").expect(Main.OK);
        Path outComplete = dir.resolve("out-complete");
        r = run("analyze", complete.toString(), "--out", outComplete.toString()).expect(Main.OK);
        assertEquals(1, r.err().lines().count(), "nothing missing, nothing said: " + r.err());
        for (String f : List.of("reachable-methods.txt", "call-edges.txt")) {
            assertEquals(Files.readString(outComplete.resolve(f)), Files.readString(out.resolve(f)), f);
        }
        assertTrue(Files.readAllLines(out.resolve("reachable-methods.txt")).contains("<lib.Shapes: lib.Shape make(int)>"));

        r = run("analyze", partial.toString()).expect(Main.OK);
        assertTrue(r.err().startsWith("2 phantom types generated for the analysis; see --report\n"), r.err());
        assertEquals("", run("analyze", partial.toString(), "-q").expect(Main.OK).err());
    }

    @Test
    void ignoreAndSkipSayHowManyReferencedClassesAreMissing() throws IOException {
        for (String mode : List.of("ignore", "skip")) {
            Path out = dir.resolve("out-" + mode);
            CliFixture.Run r = run("analyze", partial.toString(), "--missing", mode, "--out", out.toString())
                    .expect(Main.OK);
            assertTrue(r.err().startsWith("warning: 2 referenced classes are missing (lib.Shape, lib.Shapes); "),
                    r.err());
            assertTrue(r.err().contains("(--missing " + mode + ")"), r.err());
            assertFalse(Files.readString(out.resolve("reachable-methods.txt")).contains("<lib."), mode);
        }
        run("analyze", partial.toString(), "--missing", "ignore", "--report", dir.resolve("r.json").toString())
                .expect(Main.USAGE).expectOneLineError("--report goes with --missing complement");
        run("analyze", partial.toString(), "--missing", "maybe").expect(Main.USAGE).expectOneLineError("complement, ignore, skip");
        run("analyze", partial.toString(), "--report", partial.toString()).expect(Main.USAGE)
                .expectOneLineError("would replace an input");
    }
}
