package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.analysis.output.Dumps;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The reflection analysis on the tiny programs of {@code pta/reflection}, one per API family and
 * rule: which call edges each reflective site gets under {@code none}, {@code constants}
 * (Livshits et al.) and {@code solar}, and which sites the report calls unsound.
 */
@Order(1)
@ResourceLock(PtaFixtures.REFLECTION_INPUT)
class ReflectionTest {
    @TempDir
    static Path tmp;

    /**
     * The mains analysed together under {@code solar}, and under {@code constants}: a test reads
     * one main's facts ({@link MergedMains}) from the one run, which are those of the main's run
     * alone ({@code MergedMainsTest} checks it). {@code ConstantNames} runs alone: its map's
     * strings meet the other mains' in the JDK's maps, which changes how many unknown names its
     * site counts.
     */
    static final List<String> SOLAR_MAINS = List.of("Initialisation", "CastInference", "Invocations", "Fields",
            "Creation", "UnknownNames", "AbsentNames", "ProxyForward", "Arity");
    static final List<String> CONSTANTS_MAINS = List.of("CastInference", "Invocations", "Fields");

    /** The analysis of the fixture's {@code mains} (simple names) under {@code mode}, SOLAR alone. */
    static AnalysisRequest request(List<String> mains, ReflectionMode mode) {
        return AnalysisRequest.of(List.of(PtaFixtures.classes("reflection")))
                .withReflectionOptions(org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.OFF)
                .withMains(mains.stream().map(m -> "reflection." + m).toList()).withReflection(mode);
    }

    /** The mains analysed together with {@code main} under {@code mode}. */
    private static List<String> group(String main, ReflectionMode mode) {
        List<String> merged = mode == ReflectionMode.SOLAR ? SOLAR_MAINS
                : mode == ReflectionMode.CONSTANTS ? CONSTANTS_MAINS : List.of();
        return merged.contains(main) ? merged : List.of(main);
    }

    /**
     * Mains and mode -> their analysis, shared by the tests of this JVM (each analyses the JDK's
     * closure: seconds).
     */
    private static final Map<String, AnalysisResult> RUNS = new HashMap<>();

    /** Lets the collector have this class's runs once its tests are done: the other classes run on in this JVM. */
    @AfterAll
    static synchronized void release() {
        RUNS.clear();
        defaults = null;
    }

    /** The analysis {@code main} is part of under {@code mode}: its own, or that of its group. */
    static synchronized AnalysisResult run(String main, ReflectionMode mode) {
        List<String> mains = group(main, mode);
        return RUNS.computeIfAbsent(mains + " " + mode, k -> analyse(mains, mode));
    }

    /** A run of its own, shared with no other test. */
    private static AnalysisResult analyse(List<String> mains, ReflectionMode mode) {
        return PtaFixtures.run(request(mains, mode));
    }

    /** The classes the source file of {@code main} declares. */
    private static java.util.Set<String> own(String main) {
        return MergedMains.ownClasses(PtaFixtures.classes("reflection"), "reflection", main);
    }

    /** The call edges from methods of {@code caller} (simple class name) to the fixture's own methods. */
    private static TreeSet<String> edges(AnalysisResult r, String caller) {
        return r.callEdges().stream().filter(e -> e.startsWith("<reflection." + caller + ": ")
                && e.contains("-> <reflection.")).collect(Collectors.toCollection(TreeSet::new));
    }

    private static String edge(String caller, String callerSig, int call, String callee) {
        return "<reflection." + caller + ": " + callerSig + ">/" + call + " -> <reflection." + callee + ">";
    }

    private static final String MAIN = "void main(java.lang.String[])";

    @Test
    void constantClassNamesAreResolvedAndInitialised() {
        AnalysisResult r = run("ConstantNames", ReflectionMode.CONSTANTS);
        assertTrue(edges(r, "ConstantNames").contains(edge("ConstantNames", MAIN, 1, "PluginA: void <init>()")));
        assertTrue(r.reachableMethods().contains("<reflection.PluginA: void <clinit>()>"), "forName initialises");
        Map<String, Object> json = r.reflection().toJson();
        String text = json.toString();
        assertTrue(text.contains("target=reflection.PluginA, how=[constant]"), text);
        assertTrue(text.contains("\"reflection.NoSuchClass\" names no class of the closed world"), text);
        // through a static field and a HashMap: found (among the map's other strings, so imprecise)
        assertTrue(text.contains("target=reflection.PluginB"), text);
        assertTrue(edges(r, "ConstantNames").contains(edge("ConstantNames", MAIN, 7, "PluginB: void <init>()")),
                edges(r, "ConstantNames").toString());
    }

    @Test
    void reflectivelyMadeObjectsInitialiseTheirClass() {
        AnalysisResult r = run("Initialisation", ReflectionMode.SOLAR);
        TreeSet<String> e = edges(r, "Initialisation");
        assertTrue(e.contains(edge("Initialisation", MAIN, 0, "ByLiteral: void <init>()")), e.toString());
        assertTrue(e.contains(edge("Initialisation", MAIN, 2, "ByConstructor: void <init>()")), e.toString());
        assertTrue(e.contains(edge("Initialisation", MAIN, 5, "ByCast: void <init>()")), e.toString());
        for (String made : List.of("ByLiteral", "ByConstructor", "ByCast")) {
            assertTrue(r.reachableMethods().contains("<reflection." + made + ": void <clinit>()>"),
                    made + " is made reflectively, so initialised: " + r.reachableMethods().stream()
                            .filter(m -> m.startsWith("<reflection.By")).toList());
        }
    }

    @Test
    void castInferenceLivshitsInTheSameMethodSolarAnywhere() {
        AnalysisResult none = run("CastInference", ReflectionMode.NONE);
        assertTrue(edges(none, "CastInference").stream().noneMatch(e -> e.contains("<init>")));

        AnalysisResult constants = run("CastInference", ReflectionMode.CONSTANTS);
        TreeSet<String> c = edges(constants, "CastInference");
        assertTrue(c.contains(edge("CastInference", MAIN, 1, "PluginA: void <init>()")), c.toString());
        assertTrue(c.contains(edge("CastInference", MAIN, 1, "PluginB: void <init>()")), c.toString());
        assertTrue(c.stream().noneMatch(e -> e.contains("Unrelated") || e.contains("AbstractPlugin")), c.toString());
        assertTrue(c.stream().noneMatch(e -> e.contains("make(java.lang.String)>/")), "cast is in another method");
        assertTrue(constants.reflection().problems().toString().contains("Constructor.newInstance at"
                + " reflection.CastInference.make:13"), constants.reflection().problems().toString());

        AnalysisResult solar = run("CastInference", ReflectionMode.SOLAR);
        TreeSet<String> s = edges(solar, "CastInference");
        String make = "java.lang.Object make(java.lang.String)";
        assertTrue(s.contains(edge("CastInference", make, 2, "PluginA: void <init>()")), s.toString());
        assertTrue(s.contains(edge("CastInference", make, 2, "PluginB: void <init>()")), s.toString());
        assertTrue(s.contains(edge("CastInference", "void use(java.lang.Object)", 0, "PluginB: void run()")));
        assertTrue(s.stream().noneMatch(e -> e.contains("Unrelated")), s.toString());
        assertEquals(0, MergedMains.unsound(solar, own("CastInference")), solar.reflection().problems().toString());
    }

    @Test
    void invokeKnownInferredAndUnsound() {
        AnalysisResult solar = run("Invocations", ReflectionMode.SOLAR);
        TreeSet<String> s = edges(solar, "Invocations");
        for (String e : List.of(
                edge("Invocations", MAIN, 2, "PluginB: void run()"),                  // Plugin.run on a PluginB
                edge("Invocations", MAIN, 4, "Target: java.lang.Object util(java.lang.String)"), // static
                edge("Invocations", MAIN, 7, "Base: void base()"),                    // inherited public
                edge("Invocations", MAIN, 10, "Sub: void own()"),                     // declared, not public
                edge("Invocations", MAIN, 13, "Target: void takesString(java.lang.String)"), // [I-INVSIG]
                edge("Invocations", MAIN, 15, "HandlerA: void <init>()"),             // [L-INV] via the name
                edge("Invocations", MAIN, 17, "HandlerA: void handle(java.lang.String)"),     // [I-INVS2T]
                edge("Invocations", MAIN, 17, "HandlerB: void handle(java.lang.String)"),
                edge("Invocations", MAIN, 23, "Target: void testTwo()"))) {           // getDeclaredMethods loop
            assertTrue(s.contains(e), e + " in " + s);
        }
        assertFalse(s.contains(edge("Invocations", MAIN, 13, "Target: void takesInteger(java.lang.Integer)")),
                "a String argument does not fit an Integer parameter");
        assertFalse(s.contains(edge("Invocations", MAIN, 17, "HandlerB: void handle(java.lang.Integer)")));
        assertFalse(s.contains(edge("Invocations", MAIN, 2, "PluginA: void run()")), "no PluginA receiver");
        // collective inference by the result's cast: (String) m.invoke(...) of an unknown name
        List<String> byCast = s.stream().filter(x -> x.endsWith("-> <reflection.Target: java.lang.String label()>")
                && !x.contains("/13 ") && !x.contains("/23 ")).toList();
        assertEquals(1, byCast.size(), s.toString());
        String castSite = byCast.get(0).substring(0, byCast.get(0).indexOf(" -> "));
        assertFalse(s.contains(castSite + " -> <reflection.Target: java.lang.Integer count()>"),
                "an Integer result cannot pass the cast to String: " + s);
        assertEquals(0, MergedMains.unsound(solar, own("Invocations")), solar.reflection().problems().toString());
        // the static target receives the argument array's element
        assertTrue(PtaFixtures.expectations(solar, "reflection").stream()
                .filter(x -> x.where().contains("util")).allMatch(x -> x.actual().equals(x.expected())));

        AnalysisResult constants = run("Invocations", ReflectionMode.CONSTANTS);
        TreeSet<String> c = edges(constants, "Invocations");
        assertTrue(c.contains(edge("Invocations", MAIN, 7, "Base: void base()")));
        assertTrue(c.stream().noneMatch(e -> e.contains("/13 ") || e.contains("/17 ")), c.toString());
        String problems = constants.reflection().problems().toString();
        assertTrue(problems.contains("Method.invoke at reflection.Invocations.main:15: the method's name is not known"),
                problems);
        assertTrue(problems.contains("Method.invoke at reflection.Invocations.main:18: the method's class is not known"),
                problems);
    }

    @Test
    void fieldsReadAndWritten() {
        AnalysisResult solar = run("Fields", ReflectionMode.SOLAR);
        List<PtaFixtures.Expectation> checks = fieldsChecks(solar);
        assertEquals(3, checks.size(), checks.toString());
        for (PtaFixtures.Expectation e : checks) {
            assertEquals(e.expected(), e.actual(), e.where());
        }
        AnalysisResult constants = run("Fields", ReflectionMode.CONSTANTS);
        List<PtaFixtures.Expectation> exp = fieldsChecks(constants);
        assertEquals("payload", exp.stream().filter(x -> x.where().endsWith("line 12")).findFirst().orElseThrow().actual());
        assertEquals("", exp.stream().filter(x -> x.where().endsWith("line 18")).findFirst().orElseThrow().actual(),
                "a field of unknown name is not resolved from constants");
    }

    /** The {@code Check.pts} calls of {@code Fields}' classes. */
    private static List<PtaFixtures.Expectation> fieldsChecks(AnalysisResult r) {
        java.util.Set<String> own = own("Fields");
        return PtaFixtures.expectations(r, "reflection").stream()
                .filter(x -> own.contains(x.where().substring(1, x.where().indexOf(':')))).toList();
    }

    @Test
    void constructorsArraysAndUnsoundSites() {
        AnalysisResult solar = run("Creation", ReflectionMode.SOLAR);
        TreeSet<String> s = edges(solar, "Creation");
        assertTrue(s.contains(edge("Creation", MAIN, 1, "PluginA: void <init>(java.lang.String)")), s.toString());
        String json = MergedMains.sites(solar, own("Creation")).toString();
        assertTrue(json.contains("target=java.lang.String[]"), json);
        String problems = solar.reflection().problems().toString();
        assertTrue(problems.contains("unsound Class.newInstance at reflection.Creation.main:12: the object of an unknown"
                + " class it creates is never cast"), problems);
        assertTrue(problems.contains("unsound Method.invoke at reflection.Creation.main:15: a Method object of unknown"
                + " class and name, and a receiver of unknown class"), problems);
        assertEquals(3, MergedMains.unsound(solar, own("Creation")), problems);
        // the String[] from Array.newInstance passes its cast
        assertTrue((Integer) solar.stats().get("mayFailCasts") >= 0);
    }

    /**
     * {@code forName} of a name from {@code main}'s arguments, and of one a builder makes on two
     * branches, each initialising a driver class (the JVM runs their static initialisers, below):
     * SOLAR alone knows neither, and says so at both sites; substring flow finds both branches'
     * classes (and the third driver, whose name the builder's prefix also begins).
     */
    @Test
    void unknownNamesThatInitialiseClassesAreReportedUnsound() {
        AnalysisResult solar = run("UnknownNames", ReflectionMode.SOLAR);
        String problems = solar.reflection().problems().toString();
        for (int line : new int[] {14, 21}) {
            assertTrue(problems.contains("unsound Class.forName at reflection.UnknownNames.main:" + line
                    + ": initialises a class of an unknown name whose class object reaches no other reflective call"),
                    problems);
        }
        assertEquals(2, MergedMains.unsound(solar, own("UnknownNames")), problems);
        assertTrue(solar.reachableMethods().stream().noneMatch(m -> m.startsWith("<reflection.Driver")));
        AnalysisResult substrings = PtaFixtures.run(request(List.of("UnknownNames"), ReflectionMode.SOLAR)
                .withReflectionOptions(org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.OFF.withSubstrings(true)));
        for (String driver : List.of("DriverOne", "DriverTwo")) {
            assertTrue(substrings.reachableMethods().contains("<reflection." + driver + ": void <clinit>()>"), driver);
        }
        // the cheap part (--reflection-strings classes: pieces at forName/loadClass only) finds them too
        AnalysisResult classes = PtaFixtures.run(request(List.of("UnknownNames"), ReflectionMode.SOLAR)
                .withReflectionOptions(org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions.OFF.withClassSubstrings()));
        for (String driver : List.of("DriverOne", "DriverTwo")) {
            assertTrue(classes.reachableMethods().contains("<reflection." + driver + ": void <clinit>()>"), driver);
        }
    }

    /** HotSpot runs the initialisers {@code UnknownNames} names: the argument's, and one branch's each time. */
    @Test
    void theJvmInitialisesTheClassesOfUnknownNames() throws Exception {
        assertEquals(" argument two", ranByTheJvm("reflection.UnknownNames", "reflection.DriverByArgument"));
        assertEquals(" argument one", ranByTheJvm("reflection.UnknownNames", "reflection.DriverByArgument", "x"));
    }

    /**
     * A constant name no class has: through the caller's loader (HotSpot throws
     * ClassNotFoundException) the site lists it under {@code notFound} and stays sound; through a
     * {@code URLClassLoader} the program makes (HotSpot finds the class in the directory it names)
     * the site is unsound, with its reason.
     */
    @Test
    void namesNoClassHasAreUnsoundOnlyThroughLoadersThatMayFindThemElsewhere() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins-dir/plugins"));
        org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(0);
        cw.visit(org.objectweb.asm.Opcodes.V1_8, org.objectweb.asm.Opcodes.ACC_PUBLIC, "plugins/Outside", null,
                "java/lang/Object", null);
        cw.visitEnd();
        Files.write(plugins.resolve("Outside.class"), cw.toByteArray());
        assertEquals(" absent", ranByTheJvm("reflection.AbsentNames"));
        assertEquals(" absent plugins.Outside", ranByTheJvm("reflection.AbsentNames", plugins.getParent().toString()));

        AnalysisResult solar = run("AbsentNames", ReflectionMode.SOLAR);
        Map<String, Map<String, Object>> sites = new java.util.TreeMap<>();
        for (Object o : (List<?>) solar.reflection().toJson().get("sites")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> site = (Map<String, Object>) o;
            if (site.get("class").equals("reflection.AbsentNames")) {
                sites.put((String) site.get("api"), site);
            }
        }
        Map<String, Object> forName = sites.get("Class.forName");
        assertEquals("resolved", forName.get("status"), forName.toString());
        assertEquals(List.of("reflection.NoSuchDriver"), forName.get("notFound"), forName.toString());
        Map<String, Object> loadClass = sites.get("ClassLoader.loadClass");
        assertEquals("unsound", loadClass.get("status"), loadClass.toString());
        assertEquals(List.of("plugins.Outside"), loadClass.get("notFound"), loadClass.toString());
        assertTrue(loadClass.get("reasons").toString().contains("loads a name no class of the closed world has"
                + " (plugins.Outside) through a loader that may find it elsewhere"), loadClass.toString());
    }

    /** Runs {@code main} of class {@code cls} of the fixture in a fresh class loader; its {@code RAN} field's text. */
    static String ranByTheJvm(String cls, String... args) throws Exception {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {PtaFixtures.classes("reflection").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName(cls, true, loader);
            main.getMethod("main", String[].class).invoke(null, (Object) args);
            return main.getDeclaredField("RAN").get(null).toString();
        }
    }

    @Test
    void logTargetsAreAddedAndCoverTheirSites() throws Exception {
        Path log = tmp.resolve("refl.log");
        Files.writeString(log, "Class.forName;reflection.PluginB;reflection.CastInference.main;6;;\n"
                + "Class.newInstance;reflection.PluginB;reflection.CastInference.main;6;;\n");
        AnalysisResult logOnly = PtaFixtures.run(request(List.of("CastInference"), ReflectionMode.NONE)
                .withReflectionLog(log));
        TreeSet<String> e = edges(logOnly, "CastInference");
        assertTrue(e.contains(edge("CastInference", MAIN, 1, "PluginB: void <init>()")), e.toString());
        assertFalse(e.contains(edge("CastInference", MAIN, 1, "PluginA: void <init>()")), e.toString());

        AnalysisResult solarAndLog = PtaFixtures.run(request(List.of("CastInference"), ReflectionMode.SOLAR)
                .withReflectionLog(log));
        e = edges(solarAndLog, "CastInference");
        assertFalse(e.contains(edge("CastInference", MAIN, 1, "PluginA: void <init>()")), "the log covers the site");
        assertTrue(e.contains(edge("CastInference", "java.lang.Object make(java.lang.String)", 2,
                "PluginA: void <init>()")), "other sites still infer: " + e);
    }

    @Test
    void aProxyHandlersMethodObjectIsInvokedOnTheTarget() {
        AnalysisResult r = run("ProxyForward", ReflectionMode.SOLAR);
        TreeSet<String> e = edges(r, "Forwarder");
        assertTrue(e.contains(edge("Forwarder", "java.lang.Object invoke(java.lang.Object,java.lang.reflect.Method,"
                + "java.lang.Object[])", 0, "RealGreeter: void greet()")), e.toString());
    }

    @Test
    void reportIsDeterministic() throws Exception {
        Dumps.write(run("Invocations", ReflectionMode.SOLAR), tmp.resolve("a"));
        Dumps.write(analyse(SOLAR_MAINS, ReflectionMode.SOLAR), tmp.resolve("b"));
        String a = Files.readString(tmp.resolve("a").resolve(Dumps.REFLECTION));
        assertEquals(a, Files.readString(tmp.resolve("b").resolve(Dumps.REFLECTION)));
        assertTrue(a.contains("\"status\" : \"resolved\""), a);
    }

    /**
     * A constant-length Class[] (javac's varargs, {@code getDeclaredConstructor()} included) keeps
     * the members of other arities out; without it every constructor of Bolt was called at lines 6
     * and 7 and every fit was a target at line 8.
     */
    @Test
    void lookupsReadTheLengthOfAConstantClassArray() {
        AnalysisResult r = run("Arity", ReflectionMode.SOLAR);
        TreeSet<String> e = edges(r, "Arity");
        assertFalse(e.stream().anyMatch(x -> x.endsWith("<reflection.Bolt: void <init>(java.lang.String,int)>")), e.toString());
        assertEquals(1, e.stream().filter(x -> x.endsWith("<reflection.Bolt: void <init>()>")).count(), e.toString());
        assertEquals(1, e.stream().filter(x -> x.endsWith("<reflection.Bolt: void <init>(java.lang.String)>")).count(),
                e.toString());
        assertEquals(List.of("<reflection.Bolt: void fit(int,int)>"), targets(r, "Arity", 8, "Class.getMethod"));
        assertEquals(List.of("<reflection.Bolt: void fit()>", "<reflection.Bolt: void fit(int)>",
                "<reflection.Bolt: void fit(int,int)>"), targets(r, "Arity", 10, "Class.getMethod"));
    }

    /** {@link #SOLAR_MAINS} analysed together with the defaults added to SOLAR's rules, shared by the tests. */
    private static AnalysisResult defaults;

    /** The run of {@link #SOLAR_MAINS} together, with {@link ReflectionOptions#DEFAULT} (the same run for every main). */
    static synchronized AnalysisResult defaults() {
        if (defaults == null) {
            defaults = PtaFixtures.run(request(SOLAR_MAINS, ReflectionMode.SOLAR)
                    .withReflectionOptions(ReflectionOptions.DEFAULT));
        }
        return defaults;
    }

    /**
     * On the reflection fixtures (SOLAR's rules), the defaults (string techniques on top of SOLAR)
     * only add call edges to SOLAR's own: in the run of the mains together (the one the other tests
     * read SOLAR's facts from), whole and from the main's own classes. {@code MergedMainsTest}
     * checks the main's facts there against its run alone, and checks this on its runs alone.
     */
    @ParameterizedTest
    @ValueSource(strings = {"CastInference", "Invocations", "Creation"})
    void theTechniquesOnlyAddToSolar(String main) {
        AnalysisResult solarRun = run(main, ReflectionMode.SOLAR);
        assertTrue(solarRun.request().mains().contains("reflection." + main), solarRun.request().mains().toString());
        java.util.Set<String> lost = lost(solarRun, defaults());
        assertTrue(lost.isEmpty(), "lost " + lost);
        java.util.Set<String> own = own(main);
        List<String> ownSolar = solarRun.callEdges().stream()
                .filter(e -> own.contains(e.substring(1, e.indexOf(':')))).toList();
        assertFalse(ownSolar.isEmpty(), main);
        assertTrue(new java.util.HashSet<>(defaults().callEdges()).containsAll(ownSolar), main);
    }

    /** The call edges of {@code solar} that {@code all} lacks. */
    static java.util.Set<String> lost(AnalysisResult solar, AnalysisResult all) {
        java.util.Set<String> lost = new TreeSet<>(solar.callEdges());
        lost.removeAll(new java.util.HashSet<>(all.callEdges()));
        return lost;
    }

    /** The targets the report gives the site of {@code api} at {@code line} of {@code main}'s classes, sorted. */
    @SuppressWarnings("unchecked")
    private static List<String> targets(AnalysisResult r, String main, int line, String api) {
        for (Map<String, Object> site : MergedMains.sites(r, own(main))) {
            if (((Number) site.get("line")).intValue() == line && site.get("api").equals(api)) {
                return ((List<Map<String, Object>>) site.get("targets")).stream().map(t -> (String) t.get("target"))
                        .sorted().toList();
            }
        }
        throw new AssertionError("no " + api + " at line " + line);
    }
}
