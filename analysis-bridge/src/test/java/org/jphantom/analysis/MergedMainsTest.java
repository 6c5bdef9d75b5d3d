package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The merged runs the tests read stand for the runs alone ({@link MergedMains}): for every main of
 * a merged run, its facts there are those of its own run, and every unsound site of its own run is
 * in its own classes (so a count of unsound sites narrowed to them is the run's whole count). The
 * two tests that compare whole runs of two configurations, which a merged run cannot stand for
 * main by main, run here on each main's runs alone as they did before their classes merged them.
 * Each main is analysed alone here, which is what the merged runs save the default build.
 */
@ResourceLock(PtaFixtures.REFLECTION_INPUT)
@ResourceLock(PtaFixtures.WORKFLOW_INPUT)
@Tag("corpus") // runs with mvn verify -Pcorpus (CI)
class MergedMainsTest {
    /** The merged runs, each shared by the tests of its mains. */
    private static final Map<String, AnalysisResult> MERGED = new HashMap<>();

    /** Mains alone: each analysed once. */
    private static final Map<String, AnalysisResult> ALONE = new HashMap<>();

    /** The reflection options of a group: SOLAR alone ({@code OFF}) or with the defaults added. */
    private static ReflectionOptions options(String group) {
        return group.equals("defaults") ? ReflectionOptions.DEFAULT : ReflectionOptions.OFF;
    }

    private static ReflectionMode mode(String group) {
        return group.equals("constants") ? ReflectionMode.CONSTANTS : ReflectionMode.SOLAR;
    }

    private static List<String> mains(String group) {
        return group.equals("constants") ? ReflectionTest.CONSTANTS_MAINS : ReflectionTest.SOLAR_MAINS;
    }

    private static AnalysisResult merged(String group) {
        return MERGED.computeIfAbsent(group, g -> PtaFixtures.run(ReflectionTest.request(mains(g), mode(g))
                .withReflectionOptions(options(g))));
    }

    private static AnalysisResult alone(String group, String main) {
        return ALONE.computeIfAbsent(group + " " + main, k -> PtaFixtures.run(ReflectionTest.request(List.of(main),
                mode(group)).withReflectionOptions(options(group))));
    }

    /**
     * {@code ReflectionTest}'s groups ({@code solar}, {@code constants}) and the group
     * {@code ReflectionTest.theTechniquesOnlyAddToSolar} reads ({@code defaults}).
     */
    static Stream<Arguments> reflectionMains() {
        return Stream.of(
                ReflectionTest.SOLAR_MAINS.stream().map(m -> Arguments.of("solar", m)),
                ReflectionTest.CONSTANTS_MAINS.stream().map(m -> Arguments.of("constants", m)),
                Stream.of("CastInference", "Invocations", "Creation").map(m -> Arguments.of("defaults", m)))
                .flatMap(s -> s);
    }

    @ParameterizedTest
    @MethodSource("reflectionMains")
    void theMergedRunHasWhatEachMainAloneHas(String group, String main) {
        check(merged(group), alone(group, main), "reflection", PtaFixtures.classes("reflection"), main);
    }

    /** {@code ReflectionWorkflowTest}'s group: SOLAR without a budget. */
    @ParameterizedTest
    @MethodSource("workflowMains")
    void theMergedWorkflowRunHasWhatEachMainAloneHas(String main) {
        AnalysisResult merged = MERGED.computeIfAbsent("workflow", g -> PtaFixtures.run(ReflectionWorkflowTest.request(
                ReflectionWorkflowTest.SOLAR_MAINS, ReflectionMode.SOLAR, Integer.MAX_VALUE)));
        check(merged, workflowAlone(main, ReflectionMode.SOLAR), "workflow", PtaFixtures.classes("workflow"), main);
    }

    static Stream<String> workflowMains() {
        return ReflectionWorkflowTest.SOLAR_MAINS.stream();
    }

    private static AnalysisResult workflowAlone(String main, ReflectionMode mode) {
        return ALONE.computeIfAbsent("workflow " + mode + " " + main, k -> PtaFixtures.run(ReflectionWorkflowTest.request(
                List.of(main), mode, Integer.MAX_VALUE)));
    }

    /** {@code ReflectionWorkflowTest.probeIsNeverLargerThanSolar} on each {@code Probe} main's runs alone. */
    @ParameterizedTest
    @ValueSource(strings = {"Probe$Constants", "Probe$LazyCast", "Probe$NameToClass", "Probe$UnknownMember"})
    void probeIsNeverLargerThanSolarOnEachMainAlone(String main) {
        AnalysisResult solar = workflowAlone(main, ReflectionMode.SOLAR);
        AnalysisResult probe = workflowAlone(main, ReflectionMode.PROBE);
        assertTrue(new java.util.HashSet<>(solar.reachableMethods()).containsAll(probe.reachableMethods()), main);
        assertTrue(ReflectionWorkflowTest.neverLarger(solar, probe, main), main);
    }

    /** {@code ReflectionTest.theTechniquesOnlyAddToSolar} on each main's runs alone. */
    @ParameterizedTest
    @ValueSource(strings = {"CastInference", "Invocations", "Creation"})
    void theTechniquesOnlyAddToSolarOnEachMainAlone(String main) {
        Set<String> lost = ReflectionTest.lost(alone("solar", main), alone("defaults", main));
        assertTrue(lost.isEmpty(), "lost " + lost);
    }

    private static void check(AnalysisResult merged, AnalysisResult alone, String fixture, Path classes, String main) {
        Set<String> own = MergedMains.ownClasses(classes, fixture, main);
        List<String> facts = MergedMains.facts(alone, fixture, own);
        assertEquals(String.join("\n", facts), String.join("\n", MergedMains.facts(merged, fixture, own)), main);
        assertEquals(alone.reflection().counts().get("unsound").longValue(), MergedMains.unsound(alone, own),
                main + ": " + alone.reflection().problems());
    }
}
