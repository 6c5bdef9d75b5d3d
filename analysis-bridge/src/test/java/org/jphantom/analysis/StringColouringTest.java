package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jphantom.analysis.StringsRuns.targets;

import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.UseBased;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * String colouring (seed 000, Section 5.1) on the tiny programs of {@code pta/strings} compiled for
 * Java 17: a colour selects only by its strings that reach a lookup, and colouring keeps the call
 * graph while it merges string objects.
 */
@Order(4)
class StringColouringTest {
    /** This class's analyses of {@code pta/strings}: inputs of its own, so it runs beside the other classes that use the fixture. */
    @RegisterExtension
    static final StringsRuns STRINGS = new StringsRuns();

    /**
     * Seed 000's Section 5.1: "zork" and "baz" share a colour, and a lookup on a class that may be
     * Foob or Info gets only "zork". Taking the colour's object for all its strings there found
     * Foob.baz too (by "baz", which never reaches the lookup); only the strings of the colour that
     * reach the lookup select, so each site finds what it finds without colouring.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aColourSelectsOnlyByItsStringsThatReachTheLookup(boolean substrings) {
        ReflectionOptions options = new ReflectionOptions(substrings, UseBased.OFF, false);
        AnalysisResult plain = STRINGS.run(17, "Colours", options);
        AnalysisResult coloured = STRINGS.run(17, "Colours", options.withColouring(true));
        assertEquals(java.util.Set.of("<strings.Colours$Info: void zork()>"),
                targets(plain, 18, "Class.getMethod").keySet());
        assertEquals(java.util.Set.of("<strings.Colours$Info: void zork()>"),
                targets(coloured, 18, "Class.getMethod").keySet());
        assertEquals(new TreeSet<>(plain.callEdges()), new TreeSet<>(coloured.callEdges()));
        // Foob.baz is called once, where "baz" is looked up on Foob: not by the reflective or the handle call of "zork"
        assertEquals(1, coloured.callEdges().stream().filter(e -> e.startsWith("<strings.Colours: void main(")
                && e.endsWith("-> <strings.Colours$Foob: void baz()>")).count(), coloured.callEdges().toString());
        String dump = coloured.stats().get("stringColouring").toString();
        long before = ((Number) plain.stats().get("stringObjects")).longValue();
        long after = ((Number) coloured.stats().get("stringObjects")).longValue();
        assertTrue(after < before, before + " -> " + after + ", " + dump);
    }

    /**
     * Names only the JDK's code holds (Thread.State's constant names, which select no member of the
     * classes the colouring reads ahead) share one colour object, made as the analysis meets them;
     * where that object reaches a lookup on Thread.State, the names of it that reach select the
     * fields, as each name's own object did without colouring.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void namesOnlyTheJdkHoldsShareAColourAndStillSelect(boolean substrings) {
        ReflectionOptions options = new ReflectionOptions(substrings, UseBased.OFF, false);
        AnalysisResult plain = STRINGS.run(17, "JdkNames", options);
        AnalysisResult coloured = STRINGS.run(17, "JdkNames", options.withColouring(true));
        java.util.Set<String> fields = targets(plain, 15, "Class.getField").keySet();
        assertTrue(fields.contains("<java.lang.Thread$State: java.lang.Thread$State RUNNABLE>"), fields.toString());
        assertEquals(fields, targets(coloured, 15, "Class.getField").keySet());
        assertEquals(new TreeSet<>(plain.callEdges()), new TreeSet<>(coloured.callEdges()));
        long before = ((Number) plain.stats().get("stringObjects")).longValue();
        long after = ((Number) coloured.stats().get("stringObjects")).longValue();
        assertTrue(after < before, before + " -> " + after);
        Map<?, ?> colouring = (Map<?, ?>) coloured.stats().get("stringColouring");
        assertTrue(((Number) colouring.get("metSelectingNothing")).intValue() >= 6, colouring.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Builders", "UseBased", "Colours", "JdkNames"})
    void colouringKeepsTheCallGraphAndMergesStrings(String main) {
        ReflectionOptions all = new ReflectionOptions(true, UseBased.BOTH, false);
        AnalysisResult plain = STRINGS.run(17, main, all);
        AnalysisResult coloured = STRINGS.run(17, main, all.withColouring(true));
        assertEquals(new TreeSet<>(plain.callEdges()), new TreeSet<>(coloured.callEdges()));
        long before = ((Number) plain.stats().get("stringObjects")).longValue();
        long after = ((Number) coloured.stats().get("stringObjects")).longValue();
        assertTrue(after < before, before + " -> " + after);
    }
}
