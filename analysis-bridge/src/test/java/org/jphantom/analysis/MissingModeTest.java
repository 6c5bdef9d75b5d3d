package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.analysis.missing.MissingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MissingMode}: the fixture {@code pta/phantom} without its library package. Complemented
 * in memory by default, the analysis reaches exactly what it reaches on the jar the complementer
 * writes; ignored or skipped, the result says how many referenced classes are missing.
 */
class MissingModeTest {
    @TempDir
    Path tmp;

    @Test
    void theDefaultComplementsInMemoryAndReachesWhatTheCompletedJarReaches() throws IOException {
        Path partial = PtaFixtures.partialJar("phantom", "phantom/lib/", tmp);
        Path complete = tmp.resolve("complete.jar");
        Result written = Complementer.complement(Request.of(List.of(partial), complete));

        AnalysisResult inMemory = Analysis.run(AnalysisRequest.of(List.of(partial)).withMains(List.of("phantom.Main")));
        AnalysisResult onJar = Analysis.run(AnalysisRequest.of(List.of(complete)).withMains(List.of("phantom.Main")));
        assertEquals(MissingMode.COMPLEMENT, inMemory.completion().mode());
        assertEquals(written.phantoms().keySet(), inMemory.completion().complement().phantoms().keySet());
        assertEquals(written.phantoms().size(), inMemory.completion().phantomTypes());
        assertEquals(onJar.reachableMethods(), inMemory.reachableMethods());
        assertEquals(onJar.callEdges(), inMemory.callEdges());
        assertTrue(inMemory.completion().message().startsWith(written.phantoms().size() + " phantom types generated"),
                inMemory.completion().message());
        // nothing is missing from the completed jar: no complementing, nothing to say
        assertTrue(onJar.completion().missing().isEmpty(), onJar.completion().missing()::toString);
        assertNull(onJar.completion().complement());
        assertNull(onJar.completion().message());
        assertEquals(0, ((java.util.Map<?, ?>) onJar.stats().get("missing")).get("phantomTypes"));
    }

    @Test
    void ignoreAndSkipCountTheMissingClassesAndDoNotComplement() throws IOException {
        Path partial = PtaFixtures.partialJar("phantom", "phantom/lib/", tmp);
        Result written = Complementer.complement(Request.of(List.of(partial), null));
        AnalysisRequest req = AnalysisRequest.of(List.of(partial)).withMains(List.of("phantom.Main"));
        AnalysisResult complemented = Analysis.run(req);
        for (MissingMode mode : List.of(MissingMode.IGNORE, MissingMode.SKIP)) {
            AnalysisResult r = Analysis.run(req.withMissing(mode));
            assertNull(r.completion().complement(), mode::toString);
            assertEquals(written.phantoms().keySet(), r.completion().missing(), mode::toString);
            String message = r.completion().message();
            assertTrue(message.startsWith(written.phantoms().size() + " referenced classes are missing (phantom.lib."),
                    message);
            assertTrue(message.contains("--missing " + mode.label()), message);
            assertFalse(r.reachableMethods().stream().anyMatch(m -> m.startsWith("<phantom.lib.")), mode::toString);
            assertTrue(r.reachableMethods().size() < complemented.reachableMethods().size(), mode::toString);
        }
        assertTrue(complemented.reachableMethods().stream().anyMatch(m -> m.startsWith("<phantom.lib.")));
    }
}
