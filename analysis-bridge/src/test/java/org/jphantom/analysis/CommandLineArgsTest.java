package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jphantom.JphantomException;
import org.jphantom.analysis.pta.entry.EntryPointMode;
import org.jphantom.analysis.pta.entry.EntryPointOptions;
import org.jphantom.analysis.pta.entry.PackageVisibility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --arg} ({@link EntryPointOptions#mainArgs()}) on the fixture {@code cmdline}, a runner that
 * makes and runs the classes its command line names, as JUnitCore does: given the command line,
 * {@code main}'s array holds its strings, so the class it names resolves and the others do not;
 * without it, nothing names a class and nothing is run.
 */
class CommandLineArgsTest {
    private static final String FIRST_CHECK = "<cmdline.Main$First: void check()>";
    private static final String FIRST_RAN = "<cmdline.Main$First: void ran()>";
    private static final String SECOND_CHECK = "<cmdline.Main$Second: void check()>";

    @TempDir
    static Path tmp;
    private static final OwnInputs INPUTS = new OwnInputs();
    private static AnalysisRequest base;

    @BeforeAll
    static void compile() throws IOException {
        Path classes = PtaFixtures.compile("cmdline", Files.createDirectories(tmp.resolve("classes")));
        base = AnalysisRequest.of(List.of(classes)).withMains(List.of("cmdline.Main"));
    }

    @AfterAll
    static void release() {
        INPUTS.close();
    }

    private static AnalysisResult run(List<String> args) {
        return INPUTS.run(base.withEntryPoints(EntryPointOptions.AUTOMATIC.withMainArgs(args)));
    }

    @Test
    void theClassTheCommandLineNamesIsRunAndNoOther() {
        AnalysisResult r = run(List.of("-verbose", "cmdline.Main$First"));
        List<String> reachable = r.reachableMethods();
        assertTrue(reachable.contains(FIRST_CHECK), "the named class's method, called by invoke");
        assertTrue(reachable.contains(FIRST_RAN), "and what it calls");
        assertTrue(reachable.contains("<cmdline.Main$First: void <init>()>"), "its constructor, by newInstance");
        assertFalse(reachable.contains(SECOND_CHECK), "a class the command line does not name");
        assertEquals(List.of("-verbose", "cmdline.Main$First"), r.stats().get("mainArgs"));
    }

    @Test
    void bothNamedClassesAreRun() {
        List<String> reachable = run(List.of("cmdline.Main$Second", "cmdline.Main$First")).reachableMethods();
        assertTrue(reachable.contains(FIRST_CHECK) && reachable.contains(SECOND_CHECK), reachable::toString);
    }

    @Test
    void withoutTheCommandLineNothingNamesAClassAndTheReportSaysWhere() {
        AnalysisResult r = INPUTS.run(base);
        assertFalse(r.reachableMethods().contains(FIRST_RAN), "the unknown string names no class");
        assertNull(r.stats().get("mainArgs"));
        // the command line comes first among the names' origins, before the constant that names nothing
        // (string colouring gives every string that names no class of the closed world one object)
        assertEquals(List.of("the command line (main's arguments; --arg gives them)",
                "<strings: unnamed> (names nothing)"), forName(r).get("unknownNamesFrom"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> forName(AnalysisResult r) {
        for (Map<String, Object> s : (List<Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (s.get("class").equals("cmdline.Main") && s.get("api").equals("Class.forName")) {
                return s;
            }
        }
        throw new AssertionError("no Class.forName in cmdline.Main");
    }

    @Test
    void anEmptyCommandLineRunsNothing() {
        AnalysisResult r = run(List.of());
        assertFalse(r.reachableMethods().contains(FIRST_CHECK));
        assertEquals(List.of(), r.stats().get("mainArgs"));
    }

    @Test
    void aCommandLineGoesOnlyWithMainEntryPoints() {
        AnalysisRequest library = base.withMains(List.of()).withEntryPoints(
                new EntryPointOptions(EntryPointMode.LIBRARY, PackageVisibility.CLOSED, false, List.of("x")));
        JphantomException e = assertThrows(JphantomException.class, () -> INPUTS.run(library));
        assertEquals("command-line arguments (--arg) go with --entry-points main, not library", e.getMessage());
    }
}
