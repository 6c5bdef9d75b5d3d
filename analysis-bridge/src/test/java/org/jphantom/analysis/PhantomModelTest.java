package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dispatch through classes jphantom generated: the fixture {@code pta/phantom} is compiled, its
 * library package removed, the partial jar complemented by {@link Complementer}, and the completed
 * jar analysed. Calls into generated methods return their abstract object instead of the stubs'
 * {@code null}; overriding program methods are still selected.
 */
class PhantomModelTest {
    @TempDir
    Path tmp;

    @Test
    void callsIntoGeneratedClassesReturnAbstractObjects() throws IOException {
        Path partial = PtaFixtures.partialJar("phantom", "phantom/lib/", tmp);
        Path complete = tmp.resolve("complete.jar");
        Complementer.complement(Request.of(List.of(partial), complete));

        AnalysisResult r = Analysis.run(AnalysisRequest.of(List.of(complete)).withMains(List.of("phantom.Main"))
                .withReflectionOptions(PointsToFixtureTest.READABLE_STRINGS));
        for (PtaFixtures.Expectation e : PtaFixtures.expectations(r, "phantom")) {
            assertEquals(e.expected(), e.actual(), e.where());
        }
        // Button.label on the Button; the generated Factory.create, Widget.draw and Widget.describe;
        // Widget.label only on the abstract Widget that Factory.create returned.
        String edges = String.join("\n", PtaFixtures.applicationEdges(r, "phantom")) + "\n";
        assertEquals(Files.readString(PtaFixtures.resources().resolve("phantom/edges.expected")), edges);
        // generated classes are program classes but not application code
        assertTrue(r.program().isGenerated(r.program().type("phantom/lib/Widget")));
        assertFalse(r.program().isApplication(r.program().type("phantom/lib/Widget")));
        assertTrue(r.program().isApplication(r.program().type("phantom/Button")));
    }
}
