package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Every fixture of {@code src/test/resources/pta}, analysed context-insensitively (and the
 * context-sensitivity fixtures under every selector), against its in-source expectations and, where
 * present, its sorted golden call edges {@code edges.expected}.
 */
@Order(Integer.MAX_VALUE - 3)
@ResourceLock(PtaFixtures.FEATURE_INPUTS)
class PointsToFixtureTest {
    /**
     * String colouring merges constants (seed 000): the fixtures' expectations name string constants
     * by value, so they run without it.
     */
    static final org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions READABLE_STRINGS = org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.DEFAULT.withColouring(false);

    static final List<String> FEATURES = List.of("alloc", "assign", "fields", "statics", "arrays", "casts",
            "dispatch", "defaults", "lambdas", "exceptions", "clinit", "natives", "cycles", "receivers");
    static final List<String> CONTEXTS = List.of("ci", "1cfa", "2cfa", "1obj", "2obj", "1type", "2type");

    @TestFactory
    Stream<DynamicTest> features() {
        return FEATURES.stream().map(f -> DynamicTest.dynamicTest(f, () -> check(f, "ci")));
    }

    @TestFactory
    Stream<DynamicTest> contextSensitivity() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String f : List.of("fig1", "objsens")) {
            for (String c : CONTEXTS) {
                tests.add(DynamicTest.dynamicTest(f + " " + c, () -> check(f, c)));
            }
        }
        return tests.stream();
    }

    /** Containers kept apart: the fixture's expectations under ci+containers, and the arrays' (zero-length ones hold nothing). */
    @TestFactory
    Stream<DynamicTest> containersKeptApart() {
        return Stream.of("containers", "arrays").map(f -> DynamicTest.dynamicTest(f, () -> check(f, "ci+containers")));
    }

    /**
     * String colouring (seed 000) on each fixture: the call graph is the one without it, and there
     * are fewer string objects (the selections at lookups are exact: StringOrigins).
     */
    @TestFactory
    Stream<DynamicTest> colouringKeepsEachCallGraph() {
        List<String> fixtures = new ArrayList<>(FEATURES);
        fixtures.addAll(List.of("fig1", "objsens"));
        return fixtures.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
            AnalysisRequest req = AnalysisRequest.of(List.of(PtaFixtures.classes(f))).withMains(List.of(f + ".Main"));
            AnalysisResult plain = insensitive(f);
            AnalysisResult coloured = PtaFixtures.run(req.withReflectionOptions(READABLE_STRINGS.withColouring(true)));
            org.junit.jupiter.api.Assertions.assertEquals(new java.util.TreeSet<>(plain.callEdges()),
                    new java.util.TreeSet<>(coloured.callEdges()), f);
            long before = ((Number) plain.stats().get("stringObjects")).longValue();
            long after = ((Number) coloured.stats().get("stringObjects")).longValue();
            org.junit.jupiter.api.Assertions.assertTrue(after < before, f + ": " + before + " -> " + after);
        }));
    }

    /** Fixtures whose expectations other tests check: the phantom model's, the plugin API's, ReflectionTest's and SelectxTest's. */
    static final List<String> ELSEWHERE = List.of("phantom", "plugins", "reflection", "fig3", "fig7", "wrap", "shared",
            "nullarg", "typed", "rethrow", "stored");

    @org.junit.jupiter.api.Test
    void everyFixtureWithExpectationsIsChecked() throws IOException {
        List<String> covered = new ArrayList<>(FEATURES);
        covered.addAll(List.of("fig1", "objsens", "containers"));
        covered.addAll(ELSEWHERE);
        covered.addAll(DynamicModelsTest.FIXTURES);
        try (Stream<Path> dirs = Files.list(PtaFixtures.resources())) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                String f = d.getFileName().toString();
                if (!f.equals("check") && !PtaFixtures.sourceChecks(f, false).isEmpty()) {
                    org.junit.jupiter.api.Assertions.assertTrue(covered.contains(f), f + " has Check.pts calls no test checks");
                }
            }
        }
    }

    /** As {@link #analyze(String, String)}: fixtures are compiled once per test JVM, so {@code tmp} is not used. */
    static AnalysisResult analyze(Path tmp, String fixture, String context) {
        return analyze(fixture, context);
    }

    static AnalysisResult analyze(String fixture, String context) {
        return PtaFixtures.run(request(fixture, context));
    }

    /** The analysis of {@code fixture.Main} under {@code context}, string constants by their text. */
    static AnalysisRequest request(String fixture, String context) {
        return AnalysisRequest.of(List.of(PtaFixtures.classes(fixture))).withMains(List.of(fixture + ".Main"))
                .withReflectionOptions(READABLE_STRINGS)
                .withContext(context);
    }

    /** Fixture -> its analysis under {@code ci}, shared by the fixture's checks and its colouring test. */
    private static final java.util.Map<String, AnalysisResult> INSENSITIVE = new java.util.HashMap<>();

    /** Lets the collector have this class's runs once its tests are done: the other classes run on in this JVM. */
    @org.junit.jupiter.api.AfterAll
    static void release() {
        INSENSITIVE.clear();
    }

    /** {@link #analyze(String, String)} under {@code ci}, the request of {@link #colouringKeepsEachCallGraph}'s plain run too. */
    private static AnalysisResult insensitive(String fixture) {
        return INSENSITIVE.computeIfAbsent(fixture, f -> analyze(f, "ci"));
    }

    private void check(String fixture, String context) throws IOException {
        AnalysisResult r = context.equals("ci") ? insensitive(fixture) : analyze(fixture, context);
        List<PtaFixtures.Expectation> exp = PtaFixtures.expectations(r, fixture);
        assertFalse(exp.isEmpty(), "no Check.pts reached in " + fixture);
        // Every expectation in the sources must be checked: one whose code became unreachable fails.
        SortedSet<String> reached = new TreeSet<>();
        exp.forEach(e -> reached.add(e.source()));
        assertEquals(PtaFixtures.sourceChecks(fixture, false), reached, "Check.pts calls reached in " + fixture);
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (PtaFixtures.Expectation e : exp) {
            expected.append(e.where()).append(": ").append(e.expected()).append('\n');
            actual.append(e.where()).append(": ").append(e.actual()).append('\n');
        }
        assertEquals(expected.toString(), actual.toString(), fixture + " under " + context);
        Path golden = PtaFixtures.resources().resolve(fixture).resolve("edges.expected");
        if (Files.exists(golden)) {
            assertEquals(Files.readString(golden), String.join("\n", PtaFixtures.applicationEdges(r, fixture)) + "\n");
        }
    }
}
