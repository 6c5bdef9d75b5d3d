package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jphantom.analysis.StringsRuns.edges;
import static org.jphantom.analysis.StringsRuns.reasons;
import static org.jphantom.analysis.StringsRuns.targets;

import java.util.List;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionLimits;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.UseBased;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Use-based inference (thesis chapter 3: back-propagation from casts and member names, invention at
 * the cast of an unresolved invoke) and the thresholds of SOLAR's lazy typing and of back-propagation,
 * on the tiny programs of {@code pta/strings} ({@code UseBased}, {@code Thresholds}) compiled for Java 17.
 */
@Order(3)
class UseBasedInferenceTest {
    /** This class's analyses of {@code pta/strings}: inputs of its own, so it runs beside the other classes that use the fixture. */
    @RegisterExtension
    static final StringsRuns STRINGS = new StringsRuns();

    private static final ReflectionOptions SUBSTRINGS = ReflectionOptions.OFF.withSubstrings(true);

    private static final List<String> METALS = List.of("<strings.Gold: void <init>()>", "<strings.Iron: void <init>()>",
            "<strings.Lead: void <init>()>");

    @org.junit.jupiter.api.Test
    void backPropagationFromACastTwoMethodsAway() {
        AnalysisResult off = STRINGS.run(17, "UseBased", SUBSTRINGS);
        // SOLAR alone makes Circle and Square objects at the newInstance (its lazy objects, typed at
        // the cast), which initialises them, but its forName (line 24) returns no class of its own
        assertTrue(off.reachableMethods().contains("<strings.Circle: void <clinit>()>"), "SOLAR's Circle object");
        assertTrue(targets(off, 24, "Class.forName").isEmpty(), targets(off, 24, "Class.forName").toString());
        AnalysisResult r = STRINGS.run(17, "UseBased", SUBSTRINGS.withUseBased(UseBased.PROPAGATE));
        String text = r.reflection().toJson().toString();
        java.util.Map<String, List<String>> loaded = targets(r, 24, "Class.forName");
        assertEquals(java.util.Set.of("strings.Circle", "strings.Square"), loaded.keySet(), loaded.toString());
        assertTrue(loaded.get("strings.Circle").get(0).startsWith("back-propagated from cast at strings.UseBased.main"),
                loaded.toString());
        assertTrue(r.reachableMethods().contains("<strings.Circle: void <clinit>()>"), "forName initialises Circle");
        assertTrue(r.reachableMethods().contains("<strings.Square: void <clinit>()>"));
        assertTrue(text.contains("back-propagated from cast at strings.UseBased.main"), text);
        // by a member name: only Gadget declares frobnicate
        assertTrue(r.reachableMethods().contains("<strings.Gadget: void <clinit>()>"));
        assertTrue(text.contains("back-propagated from Class.getMethod \"frobnicate\""), text);
        // the threshold: a cast to Runnable (6 classes here, more than 5) propagates nothing back (SOLAR
        // still makes the six Task objects at the newInstance, so their classes are initialised)
        assertTrue(targets(r, 28, "Class.forName").isEmpty(), targets(r, 28, "Class.forName").toString());
    }

    @org.junit.jupiter.api.Test
    void inventionAtTheCastOfAnUnresolvedInvoke() {
        AnalysisResult off = STRINGS.run(17, "UseBased", SUBSTRINGS);
        assertFalse(edges(off).contains("<strings.Widget: void draw()>"), edges(off).toString());
        AnalysisResult r = STRINGS.run(17, "UseBased", SUBSTRINGS.withUseBased(UseBased.INVENT));
        assertTrue(edges(r).contains("<strings.Widget: void draw()>"), edges(r).toString());
        assertFalse(r.reachableMethods().contains("<strings.Widget: void <init>()>"), "invented: no constructor runs");
        assertTrue(targets(r, 24, "Class.forName").isEmpty(), "invention is not back-propagation");
    }

    /**
     * SOLAR's lazy typing, bounded: the cast to Metal (three classes) types the lazy object of the
     * newInstance at line 9 only when the limit admits three classes; below it the site is
     * reported unsound, naming the cast.
     */
    @org.junit.jupiter.api.Test
    void lazyTypingStopsAtCastsThatMoreClassesThanTheLimitSatisfy() {
        AnalysisResult typed = STRINGS.run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(3)));
        assertTrue(edges(typed).containsAll(METALS), edges(typed).toString());
        assertEquals(List.of(), reasons(typed, 9, "Class.newInstance"));
        AnalysisResult bounded = STRINGS.run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(2)));
        for (String init : METALS) {
            assertFalse(edges(bounded).contains(init), init);
        }
        assertTrue(reasons(bounded, 9, "Class.newInstance").stream().anyMatch(r -> r.contains("cast at strings.Thresholds.main:9"
                + " of strings.Metal, which 3 classes satisfy, beyond the lazy-typing limit 2")),
                reasons(bounded, 9, "Class.newInstance").toString());
        assertTrue(edges(STRINGS.run(17, "Thresholds", ReflectionOptions.OFF)).containsAll(METALS), "the default admits 3");
        // the limit bounds the site, not each use: the object of line 13 meets casts to Metal and to
        // Silver, 4 classes together; with the limit 3 one of the two uses types it, and the site says which did not
        java.util.Set<String> made = targets(typed, 13, "Class.newInstance").keySet();
        assertTrue(made.equals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"))
                || made.equals(java.util.Set.of("strings.Silver")), made.toString());
        assertEquals(1, reasons(typed, 13, "Class.newInstance").size(), reasons(typed, 13, "Class.newInstance").toString());
        AnalysisResult four = STRINGS.run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(4)));
        assertEquals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead", "strings.Silver"),
                targets(four, 13, "Class.newInstance").keySet());
        assertEquals(List.of(), reasons(four, 13, "Class.newInstance"));
    }

    /**
     * The lazy-use limit: the object of line 13 meets two casts (Metal, Silver); with at most one use
     * typing it, one of them does (the solver's order says which) and the site names the other.
     */
    @org.junit.jupiter.api.Test
    void lazyTypingStopsAtTheUsesPastTheLimit() {
        AnalysisResult one = STRINGS.run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyUses(1)));
        java.util.Set<String> made = targets(one, 13, "Class.newInstance").keySet();
        assertTrue(made.equals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"))
                || made.equals(java.util.Set.of("strings.Silver")), made.toString());
        List<String> reasons = reasons(one, 13, "Class.newInstance");
        assertEquals(1, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).contains("after 1 other uses typed it, the most the lazy-use limit lets type one object"),
                reasons.toString());
        assertTrue(edges(one).containsAll(METALS), "line 9's object meets one use: " + edges(one));
        assertEquals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead", "strings.Silver"),
                targets(STRINGS.run(17, "Thresholds", ReflectionOptions.OFF), 13, "Class.newInstance").keySet(),
                "the default lets both uses type it");
    }

    /** The thesis' c and d (Section 3.4.3) as options: the cast to Metal (3 classes), the name polish (2 classes). */
    @org.junit.jupiter.api.Test
    void backPropagationThresholdsAreOptions() {
        ReflectionOptions propagate = SUBSTRINGS.withUseBased(UseBased.PROPAGATE);
        AnalysisResult wide = STRINGS.run(17, "Thresholds", propagate.withLimits(ReflectionLimits.DEFAULT.withUseBased(3, 2)));
        assertEquals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"), targets(wide, 9, "Class.forName").keySet());
        assertEquals(java.util.Set.of("strings.Brass", "strings.Silver"), targets(wide, 11, "Class.forName").keySet());
        AnalysisResult narrow = STRINGS.run(17, "Thresholds", propagate.withLimits(ReflectionLimits.DEFAULT.withUseBased(2, 1)));
        assertTrue(targets(narrow, 9, "Class.forName").isEmpty(), targets(narrow, 9, "Class.forName").toString());
        assertTrue(targets(narrow, 11, "Class.forName").isEmpty(), targets(narrow, 11, "Class.forName").toString());
    }
}
