package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dynamic models ({@code pta/plugin/dynamic}), one fixture per feature: with the models, the
 * fixture's {@code Check.pts} expectations hold and the call edges and reachable methods its
 * {@code dynamic.expected} lists are there (or absent); with the models off, the edges and methods
 * marked {@code !} are missing, so each expectation tests the model and not the plain analysis.
 */
@Order(Integer.MAX_VALUE)
class DynamicModelsTest {
    static final List<String> FIXTURES = List.of("dyncallbacks", "dynserial", "dynproxy", "dynservice", "dynunsafe",
            "dynmh", "dynloader", "dynunreflect", "dynldc", "dynindy", "dynmhproxy", "dynmhtype", "dynserlambda", "dynmhlookup", "dynxml",
            "dynproxyitf", "dynmhspecial", "dynloaderfind", "dynloaderbytes");

    @TempDir
    static Path tmp;
    private static AnalysisResult on;
    private static AnalysisResult off;

    /** Lets the collector have this class's runs once its tests are done: the other classes run on in this JVM. */
    @AfterAll
    static void release() {
        on = null;
        off = null;
    }

    /**
     * All fixtures compiled together and analysed from all their mains at once, with and without
     * the models, over one input: two analyses of the JDK instead of two per fixture.
     */
    @BeforeAll
    static void analyse() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        for (String f : FIXTURES) {
            PtaFixtures.compile(f, classes);
        }
        LdcFixture.write(classes);
        hidePlugin(classes);
        List<Path> classpath = new ArrayList<>();
        for (String f : FIXTURES) {
            Path services = PtaFixtures.resources().resolve(f).resolve("META-INF");
            if (Files.isDirectory(services)) {
                classpath.add(jar(services, tmp.resolve(f + "-services.jar")));
            }
        }
        AnalysisRequest request = AnalysisRequest.of(List.of(classes)).withClasspath(classpath)
                .withReflectionOptions(PointsToFixtureTest.READABLE_STRINGS)
                .withMains(FIXTURES.stream().map(f -> f + ".Main").toList());
        try (AnalysisInput input = AnalysisInput.open(request)) {
            on = Analysis.run(input, request);
            off = Analysis.run(input, request.withDynamicModels(false));
        }
        System.err.println("DynamicModelsTest: with models " + on.summary() + "\nwithout " + off.summary());
    }

    /**
     * Moves {@code dynloaderbytes}' plugin class out of the class path's reach, into the resource
     * {@code dynloaderbytes/plugin.bin} that its loader defines it from.
     */
    private static void hidePlugin(Path classes) throws IOException {
        Path plugin = classes.resolve("dynloaderbytes/res/Plugin.class");
        Files.move(plugin, classes.resolve("dynloaderbytes/plugin.bin"));
    }

    /** A jar of the files under {@code metaInf}, as {@code META-INF/...} entries. */
    private static Path jar(Path metaInf, Path jar) throws IOException {
        try (OutputStream os = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(os);
             Stream<Path> files = Files.walk(metaInf)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry("META-INF/" + metaInf.relativize(f).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
        return jar;
    }

    /** The JVM runs the fixture whose class file ASM made (ldc of handles and types, a type switch). */
    @org.junit.jupiter.api.Test
    void theJvmRunsTheLdcFixture() throws Exception {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {tmp.resolve("classes").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName("dynldc.Main", true, loader);
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            Class<?> constants = Class.forName("dynldc.Constants", true, loader);
            assertEquals(0, constants.getMethod("kind", Object.class).invoke(null, "s"));
            assertEquals(1, constants.getMethod("kind", Object.class).invoke(null, 1));
        }
    }

    /**
     * The JVM agrees with the expectations of {@code dynmhtype}: exactly the handle calls that
     * {@code dynamic.expected} says run nothing throw (WrongMethodTypeException, or a failing cast).
     */
    @org.junit.jupiter.api.Test
    void theJvmThrowsWhereTheHandleModelRunsNothing() throws Exception {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {tmp.resolve("classes").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName("dynmhtype.Main", true, loader);
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            assertEquals("exact narrow Long String result cast arity", main.getDeclaredField("THROWN").get(null).toString());
        }
    }

    /** The JVM round-trips the serializable lambda of {@code dynserlambda}: the read-back lambda runs the body. */
    @org.junit.jupiter.api.Test
    void theJvmRunsTheDeserializedLambda() throws Exception {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {tmp.resolve("classes").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName("dynserlambda.Main", true, loader);
            // restored afterwards: surefire loads the next test class through this thread's loader
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(loader);
            try {
                main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
            assertEquals("serializable plain", main.getDeclaredField("RAN").get(null).toString());
        }
    }

    /** The JVM runs the proxies over computed interface arrays of {@code dynproxyitf}: each forwards to its target. */
    @org.junit.jupiter.api.Test
    void theJvmForwardsThroughProxiesOfComputedInterfaces() throws Exception {
        assertEquals(" invoke area invoke put invoke note", ranByTheJvm("dynproxyitf"));
    }

    /** The JVM runs the parent's method through the {@code findSpecial} and {@code unreflectSpecial} handles of {@code dynmhspecial}. */
    @org.junit.jupiter.api.Test
    void theJvmRunsTheSpecialCallersSuperMethod() throws Exception {
        assertEquals(" parent parent parent", ranByTheJvm("dynmhspecial"));
    }

    /**
     * The JVM runs {@code dynloaderfind}'s loader: the program's loadClass, its findClass, then the
     * JVM's own loadClass calls on the defining loader as the defined class resolves its names.
     */
    @org.junit.jupiter.api.Test
    void theJvmCallsTheDefiningLoadersLoadClass() throws Exception {
        String ran = ranByTheJvm("dynloaderfind");
        assertTrue(ran.startsWith(" load find load") && ran.endsWith(" plugin child"), ran);
    }

    /**
     * The JVM runs {@code dynloaderbytes}: the class of the constant array and the class of the
     * resource, each defined by the program's loader (neither is on the class path).
     */
    @org.junit.jupiter.api.Test
    void theJvmRunsTheClassesDefinedFromTheProgramsBytes() throws Exception {
        assertEquals(" greeter plugin", ranByTheJvm("dynloaderbytes"));
    }

    /**
     * Every defineClass site is in reflection.json: {@code dynloaderbytes}' array site resolved by
     * its bytes, its resource site by the constant name (the resource's class joined the closed
     * world), {@code dynloader}'s (an empty array, a name no class has) unsound with its reason.
     */
    @org.junit.jupiter.api.Test
    void defineClassSitesAreReportedWithWhatTheyDefine() {
        Map<String, Map<String, Object>> sites = new java.util.TreeMap<>();
        for (Object o : (List<?>) on.reflection().toJson().get("sites")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> site = (Map<String, Object>) o;
            if (String.valueOf(site.get("api")).endsWith("defineClass")) {
                sites.put(site.get("class") + "." + site.get("method"), site);
            }
        }
        Map<String, Object> array = sites.get("dynloaderbytes.Main$ArrayLoader.define([B)Ljava/lang/Class;");
        assertEquals("resolved", array.get("status"), array.toString());
        assertEquals("[{target=dynloaderbytes.hidden.Greeter, how=[bytes]}]", array.get("targets").toString());
        Map<String, Object> resource = sites.get(
                "dynloaderbytes.Main$ResourceLoader.findClass(Ljava/lang/String;)Ljava/lang/Class;");
        assertTrue(resource.get("targets").toString().contains("{target=dynloaderbytes.res.Plugin, how=[name]}"),
                resource.toString());
        Map<String, Object> empty = sites.get("dynloader.Main$BytesLoader.load(Ljava/lang/String;[B)Ljava/lang/Class;");
        assertEquals("unsound", empty.get("status"), empty.toString());
        assertTrue(empty.get("reasons").toString().contains("defines a class from bytes the analysis cannot read"),
                empty.toString());
    }

    /** Runs fixture {@code f}'s main in a fresh class loader; returns its {@code RAN} field's text. */
    private static String ranByTheJvm(String f) throws Exception {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {tmp.resolve("classes").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName(f + ".Main", true, loader);
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            return main.getDeclaredField("RAN").get(null).toString();
        }
    }

    /**
     * Every method type the fixtures pass to a lookup is made of constants: the JDK's own
     * {@code MethodType} objects, which the plain analysis of {@code MethodType.methodType} adds to
     * its result without contexts, are not reported as types that are no constants.
     */
    @org.junit.jupiter.api.Test
    void constantMethodTypesAreNotReported() {
        for (String w : on.warnings()) {
            assertFalse(w.contains("with a type that is no constant"), w);
        }
    }

    /**
     * The serializable lambda's round trip with the class files {@code javac --release 8} makes
     * (the same {@code altMetafactory} and {@code $deserializeLambda$} shape as for 17).
     */
    @org.junit.jupiter.api.Test
    void serializedLambdaRoundTripOfRelease8() throws IOException {
        Path classes = PtaFixtures.compile("dynserlambda", Files.createDirectories(tmp.resolve("release8")), 8);
        AnalysisRequest request = AnalysisRequest.of(List.of(classes)).withMains(List.of("dynserlambda.Main"));
        AnalysisResult r = Analysis.run(request);
        String main = "<dynserlambda.Main: void main(java.lang.String[])>";
        String deserialize = "<dynserlambda.Main: java.lang.Object $deserializeLambda$(java.lang.invoke.SerializedLambda)>";
        List<String> edges = r.callEdges();
        assertTrue(edges.contains(main + "/3 -> <dynserlambda.Main$$Lambda$main$0: java.lang.Object writeReplace()>"),
                "writeReplace");
        assertTrue(edges.contains("<java.lang.invoke.SerializedLambda: java.lang.Object readResolve()>/2 -> " + deserialize),
                "$deserializeLambda$");
        assertTrue(edges.stream().anyMatch(e -> e.startsWith(main + "/9 -> <dynserlambda.Main$$Lambda$$deserializeLambda$$0:")),
                "the read-back lambda runs");
    }

    /** What the models cannot resolve is reported at the program's sites, never at the JDK's own. */
    @org.junit.jupiter.api.Test
    void unresolvedSitesOfTheJdkAreNotReported() {
        for (String w : on.warnings()) {
            assertFalse(w.matches(".* at <(java|javax|jdk|sun|com\\.sun)\\..*"), w);
        }
    }

    /**
     * A lookup site that sees classes A, B, C, names foo, bar, sfoo and types ()V, ()I (fixture
     * dynmhlookup) makes a handle for exactly the members HotSpot's lookups find among those
     * combinations (the fixture's {@code found()} asks HotSpot), and for no other.
     */
    @org.junit.jupiter.api.Test
    void aLookupMakesHandlesOnlyForTheMembersItFinds() throws Exception {
        SortedSet<String> hotspot = new TreeSet<>();
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {tmp.resolve("classes").toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName("dynmhlookup.Main", true, loader);
            for (Object f : (List<?>) main.getMethod("found").invoke(null)) {
                hotspot.add("<mh:" + f + ">");
            }
        }
        SortedSet<String> handles = new TreeSet<>();
        for (int o = 0; o < on.heap().count(); o++) {
            String d = on.heap().describe(o);
            if (d.startsWith("<mh:") && d.contains("dynmhlookup/")) {
                handles.add(d);
            }
        }
        assertEquals(5, hotspot.size(), hotspot.toString());
        assertEquals(hotspot, handles);
    }

    /**
     * JavaBeans introspection (fixture dynbeans, analysed alone: in the shared analysis the JDK's
     * own reference objects mix every fixture's {@code Method} objects into any descriptor's, a
     * precision loss of the plain ci analysis that would blur the check): the bean's setter,
     * inherited one included, and getter run through the descriptors' methods only with the model;
     * a static setter-like method, another method of the bean and another class's setter never.
     */
    @org.junit.jupiter.api.Test
    void beanIntrospectionRunsTheBeansAccessors() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("beans"));
        PtaFixtures.compile("dynbeans", classes);
        AnalysisRequest request = AnalysisRequest.of(List.of(classes)).withMains(List.of("dynbeans.Main"));
        List<String> with;
        List<String> without;
        try (AnalysisInput input = AnalysisInput.open(request)) {
            with = Analysis.run(input, request).reachableMethods();
            without = Analysis.run(input, request.withDynamicModels(false)).reachableMethods();
        }
        for (String m : List.of("<dynbeans.Main$Base: void setName(java.lang.String)>",
                "<dynbeans.Main$Bean: java.lang.String getLabel()>", "<dynbeans.Main$Bean: void setSize(int)>")) {
            assertTrue(with.contains(m), m);
            assertFalse(without.contains(m), m + " without the model");
        }
        for (String m : List.of("<dynbeans.Main$Bean: void unrelated()>", "<dynbeans.Main$Bean: void setStatic(java.lang.String)>",
                "<dynbeans.Main$Other: void setName(java.lang.String)>")) {
            assertFalse(with.contains(m), m);
        }
    }

    @TestFactory
    Stream<DynamicTest> fixtures() {
        return FIXTURES.stream().map(f -> DynamicTest.dynamicTest(f, () -> check(f)));
    }

    private void check(String fixture) throws IOException {
        List<PtaFixtures.Expectation> exp = PtaFixtures.expectations(on, fixture).stream()
                .filter(e -> e.source().startsWith(fixture + "/")).toList();
        SortedSet<String> reached = new TreeSet<>();
        exp.forEach(e -> reached.add(e.source()));
        assertEquals(PtaFixtures.sourceChecks(fixture, false), reached, "Check.pts calls reached in " + fixture);
        java.util.Set<String> edgesOn = new java.util.HashSet<>(on.callEdges());
        java.util.Set<String> edgesOff = new java.util.HashSet<>(off.callEdges());
        java.util.Set<String> reachOn = new java.util.HashSet<>(on.reachableMethods());
        java.util.Set<String> reachOff = new java.util.HashSet<>(off.reachableMethods());
        List<String> failures = new ArrayList<>();
        for (PtaFixtures.Expectation e : exp) {
            if (!e.expected().equals(e.actual())) {
                failures.add(e.where() + ": expected " + e.expected() + ", found " + e.actual());
            }
        }
        for (String line : Files.readAllLines(PtaFixtures.resources().resolve(fixture).resolve("dynamic.expected"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            char mark = line.charAt(0);
            if (mark == 'W') {
                String text = line.substring(1).trim();
                if (on.warnings().stream().noneMatch(w -> w.contains(text))) {
                    failures.add("no warning contains: " + text);
                }
                continue;
            }
            boolean modelOnly = line.charAt(1) == '!';
            String what = line.substring(modelOnly ? 2 : 1).trim();
            boolean edge = mark == '+' || mark == '-';
            boolean present = mark == '+' || mark == 'R';
            java.util.Set<String> withModels = edge ? edgesOn : reachOn;
            java.util.Set<String> without = edge ? edgesOff : reachOff;
            if (withModels.contains(what) != present) {
                failures.add((present ? "missing: " : "unexpected: ") + what);
            }
            if (modelOnly && without.contains(what)) {
                failures.add("there without the models too: " + what);
            }
        }
        assertTrue(failures.isEmpty(), fixture + ":\n" + String.join("\n", failures) + "\napplication edges:\n"
                + String.join("\n", PtaFixtures.applicationEdges(on, fixture)));
        assertFalse(exp.isEmpty(), "no Check.pts reached in " + fixture);
    }
}
