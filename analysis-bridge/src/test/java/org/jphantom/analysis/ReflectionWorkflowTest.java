package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionLimits;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * SOLAR's workflow on the programs of {@code pta/workflow}: the per-site budget on the pattern that
 * makes real applications grow (a generic binder over every bean), PROBE's rules against SOLAR's,
 * and the ranked report with annotation points.
 */
@Order(Integer.MAX_VALUE - 1)
@ResourceLock(PtaFixtures.WORKFLOW_INPUT)
class ReflectionWorkflowTest {
    /**
     * The mains analysed together under {@code solar} without a budget: a test reads one main's
     * facts ({@link MergedMains}: for a {@code Probe} main, of its own class) from the one run,
     * which are those of the main's run alone ({@code MergedMainsTest} checks it). {@code Binder}
     * runs alone (its budgets are the point), and so does every {@code probe} run (PROBE leaves
     * methods unreachable that another main reaches).
     */
    static final List<String> SOLAR_MAINS = List.of("Probe$Constants", "Probe$LazyCast", "Probe$NameToClass",
            "Probe$UnknownMember", "Encapsulation");

    /** The analysis of the fixture's {@code mains} (binary names without the package) under {@code mode} and a site budget. */
    static AnalysisRequest request(List<String> mains, ReflectionMode mode, int budget) {
        return AnalysisRequest.of(List.of(PtaFixtures.classes("workflow")))
                .withMains(mains.stream().map(m -> "workflow." + m).toList()).withReflection(mode)
                .withReflectionOptions(ReflectionOptions.OFF.withLimits(ReflectionLimits.DEFAULT.withSiteClasses(budget)));
    }

    /** Mains, mode and budget -> their analysis, shared by the tests (each analyses the JDK's closure: seconds). */
    private static final Map<String, AnalysisResult> RUNS = new HashMap<>();

    /** Lets the collector have this class's runs once its tests are done: the other classes run on in this JVM. */
    @AfterAll
    static void release() {
        RUNS.clear();
    }

    /** The analysis {@code main} is part of: its own, or (under {@code solar} without a budget) that of {@link #SOLAR_MAINS}. */
    private static AnalysisResult run(String main, ReflectionMode mode, int budget) {
        List<String> mains = mode == ReflectionMode.SOLAR && budget == Integer.MAX_VALUE && SOLAR_MAINS.contains(main)
                ? SOLAR_MAINS : List.of(main);
        return RUNS.computeIfAbsent(mains + " " + mode + " " + budget, k -> analyse(mains, mode, budget));
    }

    /** A run of its own, shared with no other test. */
    private static AnalysisResult analyse(List<String> mains, ReflectionMode mode, int budget) {
        return PtaFixtures.run(request(mains, mode, budget));
    }

    /** Whether a call from {@code main}'s own classes leads to {@code method}. */
    private static boolean calls(AnalysisResult r, String main, String method) {
        return MergedMains.calls(r, MergedMains.ownClasses(PtaFixtures.classes("workflow"), "workflow", main), method);
    }

    private static long settersReached(AnalysisResult r) {
        return r.reachableMethods().stream().filter(m -> m.matches("<workflow\\.Beans\\$B\\d\\d: void setValue\\d\\d\\("
                + "java\\.lang\\.String\\)>")).count();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> site(AnalysisResult r, String api, String method) {
        for (Map<String, Object> s : (List<Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (s.get("api").equals(api) && s.get("method").toString().startsWith(method + "(")) {
                return s;
            }
        }
        throw new AssertionError("no " + api + " site in " + method + ": " + r.reflection().toJson());
    }

    @Test
    void withoutABudgetEveryBeanIsBound() {
        AnalysisResult r = run("Binder", ReflectionMode.SOLAR, Integer.MAX_VALUE);
        assertEquals(12, settersReached(r));
        assertEquals(0, r.reflection().counts().get("limited"));
        assertTrue(r.reachableMethods().stream().noneMatch(m -> m.matches("<workflow\\.Beans\\$B\\d\\d: java\\.lang\\.String"
                        + " getValue\\d\\d\\(\\)>")),
                "invoke passes one argument: the getters, without parameters, are never its callees");
        assertEquals(12, settersReached(run("Binder", ReflectionMode.SOLAR, ReflectionLimits.DEFAULT.siteClasses())),
                "the default budget is far above twelve classes");
    }

    @Test
    void aBudgetLimitsTheSiteAndTheReportSaysWhatItGaveUp() {
        AnalysisResult r = run("Binder", ReflectionMode.SOLAR, 4);
        assertEquals(4, settersReached(r), "the lookup admits four bean classes, so four setters are called");
        Map<String, Object> lookup = site(r, "Class.getDeclaredMethods", "bind");
        assertEquals("limited", lookup.get("status"));
        @SuppressWarnings("unchecked")
        Map<String, Object> budget = (Map<String, Object>) lookup.get("budget");
        assertEquals(4, budget.get("classes"));
        // the other eight beans, and the classes of every object in the JDK's lists: under context
        // insensitivity the beans' ArrayList shares its elements with all of them
        assertTrue((Integer) budget.get("gaveUpClasses") >= 8, budget.toString());
        assertEquals(5, ((List<?>) budget.get("gaveUpFirst")).size(), budget.toString());
        List<String> problems = r.reflection().problems(5);
        assertTrue(problems.get(0).startsWith("limited Class.getDeclaredMethods at workflow.Binder.bind:"), problems.toString());
        assertTrue(problems.get(0).contains("gave up " + budget.get("gaveUpClasses") + " more"), problems.toString());
        // the invoke's Method objects come from the lookup: that is where to annotate it
        Map<String, Object> invoke = site(r, "Method.invoke", "bind");
        assertEquals(List.of("Class.getDeclaredMethods at workflow.Binder.bind:37"), invoke.get("metaObjectsFrom"));
        assertTrue(r.reflection().summary().contains("limited"), r.reflection().summary());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJdkClassesThatCrowdAGenericSiteTakeAtMostEightOfItsBudget() {
        // under context insensitivity the classes of hundreds of the JDK's objects reach bind's lookup
        // through the beans' ArrayList; of a budget of 16, at most 8 go to them, the beans keep theirs
        AnalysisResult r = run("Binder", ReflectionMode.SOLAR, 16);
        assertEquals(12, settersReached(r));
        Map<String, Object> budget = (Map<String, Object>) site(r, "Class.getDeclaredMethods", "bind").get("budget");
        assertEquals(8, budget.get("jdkClasses"), budget.toString());
        assertEquals(8, budget.get("admittedJdkClasses"), budget.toString());
        assertTrue((Integer) budget.get("gaveUpJdkClasses") > 0, budget.toString());
        assertEquals(budget.get("gaveUpClasses"), budget.get("gaveUpJdkClasses"), "only the JDK's classes are given up");
        assertTrue(r.reflection().problems(5).get(0).contains("(8 of the JDK)"), r.reflection().problems(5).toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theClassesTheProgramNamesAreLoadedAndMadeBeyondTheBudget() throws Exception {
        // HotSpot first: the factory makes the modules the command line names
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                PtaFixtures.classes("workflow").toString(), "workflow.Modules", "one", "six").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals("m1\nm6\n4\n", out);
        AnalysisResult r = run("Modules", ReflectionMode.SOLAR, 2);
        for (int i = 1; i <= 6; i++) {
            assertTrue(r.reachableMethods().contains("<workflow.Modules$M" + i + ": java.lang.String run()>"),
                    "module " + i + ": its name is a string constant of the program");
        }
        // make's constructor lookup also meets the four plain classes, which only getClass() brings: two fit
        Map<String, Object> lookup = site(r, "Class.getDeclaredConstructor", "make");
        assertEquals("limited", lookup.get("status"), lookup.toString());
        Map<String, Object> budget = (Map<String, Object>) lookup.get("budget");
        assertEquals(6, budget.get("admittedNamedClasses"), budget.toString());
        assertTrue((Integer) budget.get("admitted") <= 2 + 2, budget.toString());
        List<String> targets = ((List<Map<String, Object>>) lookup.get("targets")).stream()
                .map(t -> t.get("target").toString()).toList();
        assertEquals(6, targets.stream().filter(t -> t.startsWith("<workflow.Modules$M")).count(), targets.toString());
        long plain = targets.stream().filter(t -> t.startsWith("<workflow.Modules$Plain")).count();
        assertTrue(plain >= 1 && plain <= 2, "of the budget's two classes: " + targets);
        // the member lookups stay within the budget whatever the program names: Binder's beans are made by new
        assertEquals(4, settersReached(run("Binder", ReflectionMode.SOLAR, 4)));
    }

    @Test
    void theBudgetIsDeterministic() {
        AnalysisResult a = run("Binder", ReflectionMode.SOLAR, 4);
        AnalysisResult b = analyse(List.of("Binder"), ReflectionMode.SOLAR, 4);
        assertEquals(a.reflection().toJson().toString(), b.reflection().toJson().toString());
        assertEquals(a.reachableMethods(), b.reachableMethods());
    }

    @Test
    void probeAndSolarBothResolveConstantNames() {
        assertTrue(calls(run("Probe$Constants", ReflectionMode.SOLAR, Integer.MAX_VALUE), "Probe$Constants",
                "<workflow.Probe$Impl: void work()>"), "solar");
        assertTrue(run("Probe$Constants", ReflectionMode.PROBE, Integer.MAX_VALUE).reachableMethods()
                .contains("<workflow.Probe$Impl: void work()>"), "probe");
    }

    @Test
    void probeDoesNotTypeLazyObjectsAtCastsButCountsWhatTheCastWouldMake() {
        AnalysisResult solar = run("Probe$LazyCast", ReflectionMode.SOLAR, Integer.MAX_VALUE);
        assertTrue(calls(solar, "Probe$LazyCast", "<workflow.Probe$Other: void <init>()>"));
        assertTrue(calls(solar, "Probe$LazyCast", "<workflow.Probe$Impl: void work()>"));
        AnalysisResult probe = run("Probe$LazyCast", ReflectionMode.PROBE, Integer.MAX_VALUE);
        assertFalse(probe.reachableMethods().contains("<workflow.Probe$Other: void <init>()>"));
        assertFalse(probe.reachableMethods().contains("<workflow.Probe$Impl: void work()>"));
        Map<String, Object> s = site(probe, "Constructor.newInstance", "main");
        assertEquals("unsound", s.get("status"));
        assertTrue(s.get("reasons").toString().contains("PROBE"), s.toString());
        assertEquals(Map.of("cast at workflow.Probe$LazyCast.main:23", 2), s.get("lazyUses"),
                "the cast to Task would type the object as Impl and Other");
    }

    @Test
    void probeInfersNoClassFromAMethodName() {
        assertTrue(calls(run("Probe$NameToClass", ReflectionMode.SOLAR, Integer.MAX_VALUE), "Probe$NameToClass",
                "<workflow.Probe$Statics: void onlyHere()>"), "[I-INVS2T]");
        assertFalse(run("Probe$NameToClass", ReflectionMode.PROBE, Integer.MAX_VALUE).reachableMethods()
                .contains("<workflow.Probe$Statics: void onlyHere()>"));
    }

    @Test
    void probeSearchesNoTargetForAWhollyUnknownMethod() {
        assertTrue(calls(run("Probe$UnknownMember", ReflectionMode.SOLAR, Integer.MAX_VALUE), "Probe$UnknownMember",
                "<workflow.Probe$Impl: void other()>"), "[I-INVTP] on the receiver's class");
        AnalysisResult probe = run("Probe$UnknownMember", ReflectionMode.PROBE, Integer.MAX_VALUE);
        assertFalse(probe.reachableMethods().contains("<workflow.Probe$Impl: void other()>"));
        Map<String, Object> s = site(probe, "Method.invoke", "main");
        assertEquals("unsound", s.get("status"));
        assertTrue(s.get("reasons").toString().contains("PROBE searches no target"), s.toString());
        // its annotation point: the lookup, then the forName whose name came from the command line
        assertTrue(probe.reflection().problems().stream().anyMatch(l -> l.startsWith("    <- Class.forName at"
                + " workflow.Probe$UnknownMember.main:")), probe.reflection().problems().toString());
    }

    /**
     * PROBE's methods and its calls from the main's own classes are SOLAR's too: for the
     * {@code Probe} mains SOLAR's are read from their merged run ({@code MergedMainsTest} checks
     * this on their runs alone).
     */
    @Test
    void probeIsNeverLargerThanSolar() {
        for (String main : List.of("Binder", "Probe$Constants", "Probe$LazyCast", "Probe$NameToClass", "Probe$UnknownMember")) {
            AnalysisResult solar = run(main, ReflectionMode.SOLAR, Integer.MAX_VALUE);
            AnalysisResult probe = run(main, ReflectionMode.PROBE, Integer.MAX_VALUE);
            assertTrue(neverLarger(solar, probe, main), main);
        }
    }

    /** Whether {@code probe}'s reachable methods, and its call edges from {@code main}'s own classes, are {@code solar}'s too. */
    static boolean neverLarger(AnalysisResult solar, AnalysisResult probe, String main) {
        java.util.Set<String> own = MergedMains.ownClasses(PtaFixtures.classes("workflow"), "workflow", main);
        List<String> probeCalls = probe.callEdges().stream().filter(e -> own.contains(e.substring(1, e.indexOf(':')))).toList();
        return !probeCalls.isEmpty() && new HashSet<>(solar.reachableMethods()).containsAll(probe.reachableMethods())
                && new HashSet<>(solar.callEdges()).containsAll(probeCalls);
    }

    @Test
    void reflectionFromTheProgramNeverReachesTheJdksInternals() throws Exception {
        // HotSpot first: the fixture itself, run, makes the exported class and is refused the internal one
        Path classes = PtaFixtures.classes("workflow");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classes.toString(), "workflow.Encapsulation").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals("made java.util.ArrayList\nrefused com.sun.crypto.provider.AESKeyGenerator\n", out);
        AnalysisResult r = run("Encapsulation", ReflectionMode.SOLAR, Integer.MAX_VALUE);
        assertTrue(calls(r, "Encapsulation", "<java.util.ArrayList: void <init>()>"));
        assertFalse(r.reachableMethods().contains("<com.sun.crypto.provider.AESKeyGenerator: void <init>()>"),
                "its constructor is never called: newInstance throws IllegalAccessException");
    }

    @Test
    @SuppressWarnings("unchecked")
    void anInvokeFedByMoreLookupsThanTheReportListsNamesTheFirstInTheCode() {
        AnalysisResult r = run("Lookups", ReflectionMode.SOLAR, Integer.MAX_VALUE);
        Map<String, Object> problems = (Map<String, Object>) r.reflection().toJson().get("problems");
        List<String> points = null;
        for (Object list : problems.values()) {
            for (Map<String, Object> p : (List<Map<String, Object>>) list) {
                if (p.get("site").toString().startsWith("Method.invoke at workflow.Lookups.main:")) {
                    points = (List<String>) p.get("annotationPoints");
                }
            }
        }
        assertTrue(points != null, "the invoke is a problem site: " + problems);
        assertEquals(6, points.size(), points.toString());
        for (int i = 0; i < 6; i++) {
            assertTrue(points.get(i).startsWith("Class.getMethod at workflow.Lookups.h" + (i + 1) + ":"), points.toString());
        }
    }
}
