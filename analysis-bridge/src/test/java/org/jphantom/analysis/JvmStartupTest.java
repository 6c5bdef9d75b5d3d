package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.HashSet;
import java.util.Set;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.entry.EntryPointOptions;
import org.jphantom.analysis.util.IntList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM's start-up ({@code pta/entry/JvmStartup}) on the fixture {@code startup}: with it, calls on
 * {@code System.out}, {@code err}, {@code in} and on the main thread's context class loader reach the
 * objects {@code System.initPhase1}/{@code initPhase3} make, and {@code Thread.currentThread()} in a
 * started thread returns that thread; without it (the default, {@code --jvm-startup off}) they reach nothing.
 * The native {@code setOut0} is summarised either way, so the program's own stream is reached in both.
 */
@Order(Integer.MAX_VALUE - 2)
class JvmStartupTest {
    private static final String MAIN = "<startup.Main: void main(java.lang.String[])>";
    private static final String RUN = "<startup.Main$Worker: void run()>";

    @TempDir
    static Path tmp;
    private static AnalysisResult on;
    private static AnalysisResult off;
    /**
     * The class's input of {@code objsens}, its own: the class holds no lock and never waits for the classes that
     * share the feature fixtures' inputs.
     */
    private static final OwnInputs OBJSENS = new OwnInputs();

    /** Lets the collector have this class's runs once its tests are done: the other classes run on in this JVM. */
    @AfterAll
    static void release() {
        on = null;
        off = null;
        OBJSENS.close();
    }

    @BeforeAll
    static void analyse() throws IOException {
        Path classes = PtaFixtures.compile("startup", Files.createDirectories(tmp.resolve("classes")));
        AnalysisRequest request = AnalysisRequest.of(List.of(classes)).withMains(List.of("startup.Main"));
        try (AnalysisInput input = AnalysisInput.open(request)) {
            on = Analysis.run(input, request.withEntryPoints(EntryPointOptions.AUTOMATIC.withJvmStartup(true)));
            off = Analysis.run(input, request);
        }
    }

    /** Edges that only the start-up gives: present with it, absent without. */
    @Test
    void callsOnWhatTheJvmSetsUpReachTheirTargets() {
        Set<String> withEdges = new HashSet<>(on.callEdges()); // each callEdges() formats ~100,000 edges
        Set<String> withoutEdges = new HashSet<>(off.callEdges());
        for (String edge : List.of(
                MAIN + "/0 -> <java.io.PrintStream: void println(java.lang.String)>",
                MAIN + "/1 -> <java.io.PrintStream: void flush()>",
                MAIN + "/2 -> <java.io.BufferedInputStream: int available()>",
                MAIN + "/5 -> <java.lang.ClassLoader: java.lang.Class loadClass(java.lang.String)>",
                RUN + "/1 -> <startup.Main$Worker: void work()>")) {
            assertTrue(withEdges.contains(edge), "with the start-up: " + edge);
            assertFalse(withoutEdges.contains(edge), "without it: " + edge);
        }
    }

    @Test
    void setOutStoresTheProgramsStreamEitherWay() {
        String edge = MAIN + "/10 -> <startup.Main$Tee: void println(java.lang.String)>";
        assertTrue(on.callEdges().contains(edge), edge);
        assertTrue(off.callEdges().contains(edge), edge);
    }

    @Test
    void theStartupMethodsAreReachableAndReported() {
        List<String> reachable = on.reachableMethods();
        assertTrue(reachable.contains("<java.lang.System: void initPhase1()>"));
        assertTrue(reachable.contains("<java.lang.System: void initPhase3()>"));
        assertFalse(off.reachableMethods().contains("<java.lang.System: void initPhase1()>"));
        assertEquals(true, on.stats().get("jvmStartup"));
        assertEquals(false, off.stats().get("jvmStartup"));
    }

    /**
     * Under context sensitivity the start-up is analysed once, in a context of its own
     * ({@code Isolating}), and so are the class initialisers it runs first: every method only the
     * start-up reaches has one context, and the program's own points-to sets are those of the
     * analysis without it. (Unisolated, a 2-object-sensitive analysis of this fixture took minutes.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"2cfa", "2obj", "2type", "s-2cfa"})
    void underContextsTheStartupIsAnalysedOnce(String context) throws IOException {
        AnalysisRequest request = AnalysisRequest.of(List.of(PtaFixtures.classes("objsens")))
                .withMains(List.of("objsens.Main")).withSelector(Selectors.named(context));
        AnalysisResult with = OBJSENS.run(request.withEntryPoints(EntryPointOptions.AUTOMATIC.withJvmStartup(true)));
        AnalysisResult without = OBJSENS.run(request);
        Set<String> programOnly = new HashSet<>(without.reachableMethods());
        IntList reachable = with.solver().callGraph().reachableMethods();
        int startupOnly = 0;
        for (int i = 0; i < reachable.size(); i++) {
            JMethod m = with.program().method(reachable.get(i));
            if (!programOnly.contains(m.signature(with.program()))) {
                startupOnly++;
                int contexts = 0;
                for (int c = 0; c < with.solver().cs().csMethodCount(m); c++) {
                    if (with.solver().callGraph().isReachableCs(with.solver().cs().csMethodOf(m, c))) {
                        contexts++;
                    }
                }
                assertEquals(1, contexts, context + ": contexts of " + m.signature(with.program()));
            }
        }
        assertTrue(startupOnly > 1000, context + ": the start-up reaches " + startupOnly + " methods");
        assertTrue(with.reachableMethods().contains("<java.lang.System: void initPhase1()>"));
        assertEquals(without.applicationPointsTo(), with.applicationPointsTo(), context);
    }
}
