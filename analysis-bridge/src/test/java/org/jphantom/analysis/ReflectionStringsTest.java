package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionLimits;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.UseBased;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Substring flow and use-based inference (thesis chapter 3) on the tiny programs of
 * {@code pta/strings}, compiled for Java 8 (names built with {@code StringBuilder}) and for Java 17
 * (built with {@code invokedynamic} string concatenation): the call edges each technique adds, the
 * ones it must not add, and the thresholds.
 */
@Order(1)
@ResourceLock(PtaFixtures.REFLECTION_INPUT)
class ReflectionStringsTest {
    private static AnalysisInput java8;
    private static AnalysisInput java17;
    private static AnalysisRequest base8;
    private static AnalysisRequest base17;

    @BeforeAll
    static void compile() throws Exception {
        Path c8 = PtaFixtures.classes("strings", 8);
        Path c17 = PtaFixtures.classes("strings", 17);
        base8 = AnalysisRequest.of(List.of(c8));
        base17 = AnalysisRequest.of(List.of(c17));
        java8 = AnalysisInput.open(base8);
        java17 = AnalysisInput.open(base17);
    }

    @AfterAll
    static void close() {
        java8.close();
        java17.close();
        java8 = null; // the collector may have them, and the runs, once the tests are done
        java17 = null;
        RUNS.clear();
        reflectionDefaults = null;
    }

    private static final java.util.Map<String, AnalysisResult> RUNS = new java.util.HashMap<>();

    /** One analysis per release, main and options, shared by the tests (each takes seconds: the JDK is analysed too). */
    static AnalysisResult run(int release, String main, ReflectionOptions options) {
        return RUNS.computeIfAbsent(release + " " + main + " " + options, k -> analyse(release, main, options));
    }

    private static AnalysisResult analyse(int release, String main, ReflectionOptions options) {
        AnalysisInput in = release == 8 ? java8 : java17;
        AnalysisRequest base = release == 8 ? base8 : base17;
        return Analysis.run(in, base.withMains(List.of("strings." + main)).withReflectionOptions(options));
    }

    static TreeSet<String> edges(AnalysisResult r) {
        return r.callEdges().stream().filter(e -> e.contains("-> <strings."))
                .map(e -> e.substring(e.indexOf("-> ") + 3)).collect(Collectors.toCollection(TreeSet::new));
    }

    private static final ReflectionOptions SUBSTRINGS = ReflectionOptions.OFF.withSubstrings(true);

    /** The targets the report gives the site of {@code api} at {@code line} of the fixture, with how each was found. */
    @SuppressWarnings("unchecked")
    static java.util.Map<String, List<String>> targets(AnalysisResult r, int line, String api) {
        java.util.Map<String, List<String>> out = new java.util.TreeMap<>();
        for (java.util.Map<String, Object> site : (List<java.util.Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (((Number) site.get("line")).intValue() == line && site.get("api").equals(api)) {
                for (java.util.Map<String, Object> t : (List<java.util.Map<String, Object>>) site.get("targets")) {
                    out.put((String) t.get("target"), List.copyOf((java.util.Collection<String>) t.get("how")));
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 17})
    void substringFlowResolvesBuiltNames(int release) {
        AnalysisResult r = run(release, "Builders", SUBSTRINGS);
        TreeSet<String> with = edges(r);
        for (String e : List.of(
                "<strings.Bean: void setName(java.lang.String)>",     // "set" + x
                "<strings.Bean: void setColour(java.lang.String)>",
                "<strings.plugins.Alpha: void <init>()>",             // "strings.plugins." + x
                "<strings.plugins.Beta: void <init>()>",
                "<strings.FileHandler: void <init>()>",               // sb.append(x).append("Handler")
                "<strings.NetHandler: void <init>()>",
                "<strings.Bean: java.lang.String getName()>",         // "get".concat(x)
                "<strings.Bean: java.lang.String getColour()>")) {
            assertTrue(with.contains(e), release + ": " + e + " in " + with);
        }
        assertFalse(with.contains("<strings.Unrelated: void <init>()>"), "Unrelated matches no piece");
        // each site by its own pieces: javac 8's builders stay apart per allocation site
        assertEquals(java.util.Set.of("<strings.Bean: void setColour(java.lang.String)>",
                "<strings.Bean: void setName(java.lang.String)>"), targets(r, 12, "Class.getMethod").keySet());
        assertEquals(List.of("substring"), targets(r, 12, "Class.getMethod")
                .get("<strings.Bean: void setName(java.lang.String)>"));
        assertEquals(java.util.Set.of("strings.plugins.Alpha", "strings.plugins.Beta"),
                targets(r, 14, "Class.forName").keySet());
        assertEquals(java.util.Set.of("strings.FileHandler", "strings.NetHandler"),
                targets(r, 19, "Class.forName").keySet());

        AnalysisResult off = run(release, "Builders", ReflectionOptions.OFF);
        TreeSet<String> without = edges(off);
        for (String e : List.of("<strings.plugins.Alpha: void <init>()>", "<strings.FileHandler: void <init>()>")) {
            assertFalse(without.contains(e), release + ": without substring flow: " + e);
        }
        assertTrue(targets(off, 14, "Class.forName").isEmpty());

        // --reflection-strings classes: the class names' pieces still resolve, the member names' do not
        AnalysisResult classes = run(release, "Builders", ReflectionOptions.OFF.withClassSubstrings());
        assertEquals(java.util.Set.of("strings.plugins.Alpha", "strings.plugins.Beta"),
                targets(classes, 14, "Class.forName").keySet());
        assertEquals(java.util.Set.of("strings.FileHandler", "strings.NetHandler"),
                targets(classes, 19, "Class.forName").keySet());
        assertTrue(targets(classes, 12, "Class.getMethod").values().stream().noneMatch(h -> h.contains("substring")),
                targets(classes, 12, "Class.getMethod").toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 17})
    void theThesisSetterPatternThroughAStringBuffer(int release) {
        AnalysisResult r = run(release, "Builders", SUBSTRINGS);
        // the site of Figure 3.4 finds the setters by the "set" the StringBuffer got in setterName
        assertEquals(java.util.Set.of("<strings.Bean: void setColour(java.lang.String)>",
                "<strings.Bean: void setName(java.lang.String)>"), targets(r, 22, "Class.getMethod").keySet());
        assertTrue(targets(run(release, "Builders", ReflectionOptions.OFF), 22, "Class.getMethod").isEmpty());
    }

    @org.junit.jupiter.api.Test
    void backPropagationFromACastTwoMethodsAway() {
        AnalysisResult off = run(17, "UseBased", SUBSTRINGS);
        // SOLAR alone makes Circle and Square objects at the newInstance (its lazy objects, typed at
        // the cast), which initialises them, but its forName (line 24) returns no class of its own
        assertTrue(off.reachableMethods().contains("<strings.Circle: void <clinit>()>"), "SOLAR's Circle object");
        assertTrue(targets(off, 24, "Class.forName").isEmpty(), targets(off, 24, "Class.forName").toString());
        AnalysisResult r = run(17, "UseBased", SUBSTRINGS.withUseBased(UseBased.PROPAGATE));
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
        AnalysisResult off = run(17, "UseBased", SUBSTRINGS);
        assertFalse(edges(off).contains("<strings.Widget: void draw()>"), edges(off).toString());
        AnalysisResult r = run(17, "UseBased", SUBSTRINGS.withUseBased(UseBased.INVENT));
        assertTrue(edges(r).contains("<strings.Widget: void draw()>"), edges(r).toString());
        assertFalse(r.reachableMethods().contains("<strings.Widget: void <init>()>"), "invented: no constructor runs");
        assertTrue(targets(r, 24, "Class.forName").isEmpty(), "invention is not back-propagation");
    }

    /** The reasons the report gives for the site of {@code api} at {@code line} (none when it is sound). */
    @SuppressWarnings("unchecked")
    static List<String> reasons(AnalysisResult r, int line, String api) {
        for (java.util.Map<String, Object> site : (List<java.util.Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (((Number) site.get("line")).intValue() == line && site.get("api").equals(api)) {
                return (List<String>) site.getOrDefault("reasons", List.of());
            }
        }
        throw new AssertionError("no " + api + " at line " + line);
    }

    private static final List<String> METALS = List.of("<strings.Gold: void <init>()>", "<strings.Iron: void <init>()>",
            "<strings.Lead: void <init>()>");

    /**
     * SOLAR's lazy typing, bounded: the cast to Metal (three classes) types the lazy object of the
     * newInstance at line 9 only when the limit admits three classes; below it the site is
     * reported unsound, naming the cast.
     */
    @org.junit.jupiter.api.Test
    void lazyTypingStopsAtCastsThatMoreClassesThanTheLimitSatisfy() {
        AnalysisResult typed = run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(3)));
        assertTrue(edges(typed).containsAll(METALS), edges(typed).toString());
        assertEquals(List.of(), reasons(typed, 9, "Class.newInstance"));
        AnalysisResult bounded = run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(2)));
        for (String init : METALS) {
            assertFalse(edges(bounded).contains(init), init);
        }
        assertTrue(reasons(bounded, 9, "Class.newInstance").stream().anyMatch(r -> r.contains("cast at strings.Thresholds.main:9"
                + " of strings.Metal, which 3 classes satisfy, beyond the lazy-typing limit 2")),
                reasons(bounded, 9, "Class.newInstance").toString());
        assertTrue(edges(run(17, "Thresholds", ReflectionOptions.OFF)).containsAll(METALS), "the default admits 3");
        // the limit bounds the site, not each use: the object of line 13 meets casts to Metal and to
        // Silver, 4 classes together; with the limit 3 one of the two uses types it, and the site says which did not
        java.util.Set<String> made = targets(typed, 13, "Class.newInstance").keySet();
        assertTrue(made.equals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"))
                || made.equals(java.util.Set.of("strings.Silver")), made.toString());
        assertEquals(1, reasons(typed, 13, "Class.newInstance").size(), reasons(typed, 13, "Class.newInstance").toString());
        AnalysisResult four = run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyTypes(4)));
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
        AnalysisResult one = run(17, "Thresholds", ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withLazyUses(1)));
        java.util.Set<String> made = targets(one, 13, "Class.newInstance").keySet();
        assertTrue(made.equals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"))
                || made.equals(java.util.Set.of("strings.Silver")), made.toString());
        List<String> reasons = reasons(one, 13, "Class.newInstance");
        assertEquals(1, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).contains("after 1 other uses typed it, the most the lazy-use limit lets type one object"),
                reasons.toString());
        assertTrue(edges(one).containsAll(METALS), "line 9's object meets one use: " + edges(one));
        assertEquals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead", "strings.Silver"),
                targets(run(17, "Thresholds", ReflectionOptions.OFF), 13, "Class.newInstance").keySet(),
                "the default lets both uses type it");
    }

    /** The thesis' c and d (Section 3.4.3) as options: the cast to Metal (3 classes), the name polish (2 classes). */
    @org.junit.jupiter.api.Test
    void backPropagationThresholdsAreOptions() {
        ReflectionOptions propagate = SUBSTRINGS.withUseBased(UseBased.PROPAGATE);
        AnalysisResult wide = run(17, "Thresholds", propagate.withLimits(ReflectionLimits.DEFAULT.withUseBased(3, 2)));
        assertEquals(java.util.Set.of("strings.Gold", "strings.Iron", "strings.Lead"), targets(wide, 9, "Class.forName").keySet());
        assertEquals(java.util.Set.of("strings.Brass", "strings.Silver"), targets(wide, 11, "Class.forName").keySet());
        AnalysisResult narrow = run(17, "Thresholds", propagate.withLimits(ReflectionLimits.DEFAULT.withUseBased(2, 1)));
        assertTrue(targets(narrow, 9, "Class.forName").isEmpty(), targets(narrow, 9, "Class.forName").toString());
        assertTrue(targets(narrow, 11, "Class.forName").isEmpty(), targets(narrow, 11, "Class.forName").toString());
    }

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
        AnalysisResult plain = run(17, "Colours", options);
        AnalysisResult coloured = run(17, "Colours", options.withColouring(true));
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

    @ParameterizedTest
    @ValueSource(strings = {"Builders", "UseBased", "Colours"})
    void colouringKeepsTheCallGraphAndMergesStrings(String main) {
        ReflectionOptions all = new ReflectionOptions(true, UseBased.BOTH, false);
        AnalysisResult plain = run(17, main, all);
        AnalysisResult coloured = run(17, main, all.withColouring(true));
        assertEquals(new TreeSet<>(plain.callEdges()), new TreeSet<>(coloured.callEdges()));
        long before = ((Number) plain.stats().get("stringObjects")).longValue();
        long after = ((Number) coloured.stats().get("stringObjects")).longValue();
        assertTrue(after < before, before + " -> " + after);
    }

    /**
     * A reflective call of a method that another model reads the arguments of (arraycopy, a
     * method-handle lookup) binds its values from the Object[]: those models must not read the
     * invoke's own two arguments as the callee's (they once failed with an internal error).
     */
    @org.junit.jupiter.api.Test
    void reflectiveCallsOfModelledMethodsAreBoundCalls() {
        AnalysisResult r = run(17, "BoundCalls", ReflectionOptions.DEFAULT);
        assertTrue(r.callEdges().stream().anyMatch(e -> e.startsWith("<strings.BoundCalls: void main(java.lang.String[])>")
                && e.endsWith("-> <java.lang.System: void arraycopy(java.lang.Object,int,java.lang.Object,int,int)>")),
                "the reflective arraycopy is an edge");
    }

    /** The defaults on {@code ReflectionTest}'s mains analysed together under SOLAR's rules, shared by the tests. */
    private static AnalysisResult reflectionDefaults;

    /** {@code ReflectionTest}'s run of its mains together, with the defaults added to SOLAR (the same run for every main). */
    static synchronized AnalysisResult reflectionDefaults() {
        if (reflectionDefaults == null) {
            reflectionDefaults = PtaFixtures.run(ReflectionTest.request(ReflectionTest.SOLAR_MAINS,
                    org.jphantom.analysis.pta.plugin.reflect.ReflectionMode.SOLAR).withReflectionOptions(ReflectionOptions.DEFAULT));
        }
        return reflectionDefaults;
    }

    /**
     * On the reflection fixtures (SOLAR's rules), the defaults only add call edges to SOLAR's own:
     * in the run of {@code ReflectionTest}'s mains together (the one that test reads SOLAR's facts
     * from), whole and from the main's own classes. {@code MergedMainsTest} checks the main's
     * facts there against its run alone, and checks this on its runs alone.
     */
    @ParameterizedTest
    @ValueSource(strings = {"CastInference", "Invocations", "Creation"})
    void theTechniquesOnlyAddToSolar(String main) {
        AnalysisResult solarRun = ReflectionTest.run(main, org.jphantom.analysis.pta.plugin.reflect.ReflectionMode.SOLAR);
        assertTrue(solarRun.request().mains().contains("reflection." + main), solarRun.request().mains().toString());
        java.util.Set<String> lost = lost(solarRun, reflectionDefaults());
        assertTrue(lost.isEmpty(), "lost " + lost);
        java.util.Set<String> own = MergedMains.ownClasses(PtaFixtures.classes("reflection"), "reflection", main);
        List<String> ownSolar = solarRun.callEdges().stream()
                .filter(e -> own.contains(e.substring(1, e.indexOf(':')))).toList();
        assertFalse(ownSolar.isEmpty(), main);
        assertTrue(new java.util.HashSet<>(reflectionDefaults().callEdges()).containsAll(ownSolar), main);
    }

    /** The call edges of {@code solar} that {@code all} lacks. */
    static java.util.Set<String> lost(AnalysisResult solar, AnalysisResult all) {
        java.util.Set<String> lost = new TreeSet<>(solar.callEdges());
        lost.removeAll(new java.util.HashSet<>(all.callEdges()));
        return lost;
    }
}
