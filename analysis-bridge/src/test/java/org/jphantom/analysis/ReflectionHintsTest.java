package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.JphantomException;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --reflection-hints} on the fixture {@code pta/reflection/Hinted}: a hint resolves what
 * inference cannot, silences a site, restricts a lookup's classes; bad hints are one input error
 * naming the file, the hint and its site; an unused hint is a warning.
 */
class ReflectionHintsTest {
    @TempDir
    static Path tmp;
    private static AnalysisInput input;
    private static AnalysisRequest base;

    @BeforeAll
    static void compile() throws Exception {
        Path classes = PtaFixtures.compile("reflection", Files.createDirectories(tmp.resolve("classes")));
        base = AnalysisRequest.of(List.of(classes)).withReflectionOptions(ReflectionOptions.OFF)
                .withMains(List.of("reflection.Hinted")).withReflection(ReflectionMode.SOLAR);
        input = AnalysisInput.open(base);
    }

    @AfterAll
    static void close() {
        input.close();
        input = null; // the collector may have it, and the runs, once the tests are done
        plain = null;
        hinted = null;
    }

    private static AnalysisResult plain;
    private static AnalysisResult hinted;

    /** The fixture without hints (computed once). */
    private static synchronized AnalysisResult plain() {
        if (plain == null) {
            plain = Analysis.run(input, base);
        }
        return plain;
    }

    /**
     * The fixture with one hint per feature and a log (one run, computed once): a forName hint, an
     * ignore hint, a lookup's classes, a hint whose line matches no call, and a log entry at the
     * forName's site.
     */
    private static synchronized AnalysisResult hinted() throws Exception {
        if (hinted == null) {
            Path hints = Files.writeString(tmp.resolve("hints.json"), file(
                    hint("byName", "\"api\": \"Class.forName\", \"classes\": [\"reflection.Hidden\"]"),
                    hint("silenced", "\"api\": \"Class.newInstance\", \"ignore\": true"),
                    hint("lookups", "\"api\": \"Class.getMethod\", \"classes\": [\"reflection.PluginB\"]"),
                    hint("byName", "\"line\": 9999, \"classes\": [\"reflection.PluginA\"]"),
                    hint("call", "\"api\": \"Method.invoke\", \"methods\": [\"reflection.PluginA.run\"]"),
                    hint("field", "\"fields\": [\"reflection.Hinted.slot\"]")));
            Path log = Files.writeString(tmp.resolve("hinted.log"),
                    "Class.forName;reflection.PluginB;reflection.Hinted.byName;;;\n");
            hinted = Analysis.run(input, base.withReflectionHints(hints).withReflectionLog(log));
        }
        return hinted;
    }

    private static String hint(String method, String rest) {
        return "{\"class\": \"reflection.Hinted\", \"method\": \"" + method + "\", " + rest + "}";
    }

    private static String file(String... hints) {
        return "{\"hints\": [" + String.join(", ", hints) + "]}";
    }

    private static TreeSet<String> edges(AnalysisResult r) {
        return r.callEdges().stream().filter(e -> e.startsWith("<reflection.Hinted: ") && e.contains("-> <reflection."))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The report's entry for the site of {@code api} in method {@code method} of Hinted. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> site(AnalysisResult r, String method, String api) {
        for (Map<String, Object> s : (List<Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (s.get("class").equals("reflection.Hinted") && ((String) s.get("method")).startsWith(method + "(")
                    && s.get("api").equals(api)) {
                return s;
            }
        }
        throw new AssertionError("no " + api + " in " + method);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> targets(Map<String, Object> site) {
        return ((List<Map<String, Object>>) site.get("targets")).stream().collect(Collectors.toMap(
                t -> (String) t.get("target"), t -> (List<String>) t.get("how"), (x, y) -> x, java.util.TreeMap::new));
    }

    @Test
    void aForNameHintResolvesAClassInferenceCannot() throws Exception {
        String made = " -> <reflection.Hidden: void <init>()>";
        assertFalse(edges(plain()).stream().anyMatch(e -> e.endsWith(made)), edges(plain()).toString());
        assertFalse(plain().reachableMethods().contains("<reflection.Hidden: void <clinit>()>"));
        assertTrue(targets(site(plain(), "byName", "Class.forName")).isEmpty());

        Map<String, Object> s = site(hinted(), "byName", "Class.forName");
        assertEquals(true, s.get("hinted"), s.toString());
        // the log's entry at the same site adds its class too: a site takes both
        assertEquals(true, s.get("logged"), s.toString());
        assertEquals(Map.of("reflection.Hidden", List.of("hint"), "reflection.PluginB", List.of("log")), targets(s));
        assertTrue(hinted().reachableMethods().contains("<reflection.Hidden: void <clinit>()>"), "forName initialises");
        // the class object flows back to main, whose newInstance makes and constructs a Hidden
        assertTrue(edges(hinted()).stream().anyMatch(e -> e.startsWith("<reflection.Hinted: void main(java.lang.String[])>/")
                && e.endsWith(made)), edges(hinted()).toString());
        assertFalse(s.containsKey("unknownNamesFrom"), "a hinted forName makes no unknown class object: " + s);
    }

    @Test
    void anIgnoreHintMakesAnUnsoundSiteResolveNothing() throws Exception {
        Map<String, Object> before = site(plain(), "silenced", "Class.newInstance");
        assertEquals("unsound", before.get("status"), before.toString());

        Map<String, Object> after = site(hinted(), "silenced", "Class.newInstance");
        assertEquals("resolved", after.get("status"), after.toString());
        assertEquals(true, after.get("hinted"));
        assertEquals(Map.of(), targets(after));
        assertFalse(hinted().reflection().problems().toString().contains("reflection.Hinted.silenced"),
                hinted().reflection().problems().toString());
    }

    @Test
    void aLookupHintWithClassesRestrictsItsReceivers() throws Exception {
        String lookups = "<reflection.Hinted: void lookups(java.lang.Object)>/";
        assertEquals(List.of("<reflection.PluginA: void run()>", "<reflection.PluginB: void run()>",
                "<reflection.Unrelated: void run()>"), List.copyOf(targets(site(plain(), "lookups", "Class.getMethod"))
                .keySet()));

        Map<String, Object> s = site(hinted(), "lookups", "Class.getMethod");
        assertEquals(true, s.get("hinted"));
        assertEquals(Map.of("<reflection.PluginB: void run()>", List.of("constant")), targets(s),
                "the lookup runs on PluginB only, by its own rules (the name is a constant)");
        TreeSet<String> e = edges(hinted());
        assertTrue(e.stream().anyMatch(x -> x.startsWith(lookups) && x.endsWith("<reflection.PluginB: void run()>")),
                e.toString());
        assertFalse(e.stream().anyMatch(x -> x.startsWith(lookups) && (x.endsWith("<reflection.PluginA: void run()>")
                || x.endsWith("<reflection.Unrelated: void run()>"))), e.toString());
    }

    @Test
    void anInvokeHintCallsItsMethodsAndInfersNothingMore() throws Exception {
        String run = "<reflection.PluginA: void run()>";
        Map<String, List<String>> inferred = targets(site(plain(), "call", "Method.invoke"));
        assertTrue(inferred.containsKey(run) && !inferred.get(run).contains("hint"), inferred.toString());

        assertEquals(Map.of(run, List.of("hint")), targets(site(hinted(), "call", "Method.invoke")));
        assertTrue(edges(hinted()).stream().anyMatch(e -> e.startsWith("<reflection.Hinted: void call(")
                && e.endsWith(" -> " + run)), edges(hinted()).toString());
    }

    @Test
    void aFieldHintWithoutApiCoversTheLookupTheStoreAndTheLoad() throws Exception {
        String slot = "<reflection.Hinted: java.lang.Object slot>";
        for (String api : List.of("Class.getDeclaredField", "Field.set", "Field.get")) {
            Map<String, Object> s = site(hinted(), "field", api);
            assertEquals(true, s.get("hinted"), s.toString());
            Map<String, List<String>> t = targets(s);
            assertEquals(List.of(slot), List.copyOf(t.keySet()), api);
            // the lookup's object is the hint's; the store and load take it as a known field object too
            assertEquals(api.startsWith("Class.") ? List.of("hint") : List.of("field object", "hint"), t.get(slot), api);
        }
        // the value stored reaches the load (Hinted.java line 51: return f.get(null))
        List<String> loaded = hinted().applicationPointsTo().stream().filter(l -> l.startsWith(
                "<reflection.Hinted: java.lang.Object field(java.lang.String,java.lang.Object)>/") && l.contains("@L51 "))
                .toList();
        assertTrue(loaded.stream().anyMatch(l -> l.contains("reflection.PluginB")), loaded.toString());
        Map<String, List<String>> inferred = targets(site(plain(), "field", "Field.get"));
        assertTrue(inferred.containsKey(slot) && !inferred.get(slot).contains("hint"), inferred.toString());
    }

    @Test
    void aHintWhoseSiteIsNeverReachedIsAWarning() throws Exception {
        List<String> w = hinted().warnings().stream().filter(x -> x.contains("reflection hint")).toList();
        assertEquals(1, w.size(), hinted().warnings().toString());
        assertTrue(w.get(0).contains("hints[3] (reflection.Hinted.byName:9999)"), w.get(0));
        assertTrue(w.get(0).endsWith("matched no reflective call of a reachable method: unused"), w.get(0));
        assertFalse(targets(site(hinted(), "byName", "Class.forName")).containsKey("reflection.PluginA"),
                "the hint's line matches no call");
    }

    private static String error(String json) throws Exception {
        Path file = Files.writeString(tmp.resolve("bad.json"), json);
        JphantomException e = assertThrows(JphantomException.class,
                () -> Analysis.run(input, base.withReflectionHints(file)));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        return e.getMessage().substring(file.toString().length() + 2);
    }

    @Test
    void anUnknownClassIsAnErrorNamingTheHint() throws Exception {
        assertEquals("hints[1] (reflection.Hinted.byName, Class.forName): class reflection.NoSuchPlugin is not in the"
                + " closed world", error(file(hint("silenced", "\"ignore\": true"),
                hint("byName", "\"api\": \"Class.forName\", \"classes\": [\"reflection.PluginA\", \"reflection.NoSuchPlugin\"]"))));
        assertEquals("hints[0] (reflection.Nowhere.m): the caller class reflection.Nowhere is not in the closed world",
                error(file("{\"class\": \"reflection.Nowhere\", \"method\": \"m\", \"ignore\": true}")));
    }

    @Test
    void anUnknownMemberIsAnErrorNamingTheHint() throws Exception {
        assertEquals("hints[0] (reflection.Hinted.lookups:32, Class.getMethod): reflection.PluginA declares no method"
                + " stop()", error(file(hint("lookups", "\"line\": 32, \"api\": \"Class.getMethod\", \"methods\":"
                + " [\"reflection.PluginA.stop()\"]"))));
        assertEquals("hints[0] (reflection.Hinted.lookups): reflection.PluginA declares no method run(int)",
                error(file(hint("lookups", "\"methods\": [\"reflection.PluginA.run(int)\"]"))));
        assertEquals("hints[0] (reflection.Hinted.lookups): reflection.PluginA has no field name",
                error(file(hint("lookups", "\"fields\": [\"reflection.PluginA.name\"]"))));
        assertEquals("hints[0] (reflection.Hinted.nothing): reflection.Hinted declares no method named nothing",
                error(file(hint("nothing", "\"ignore\": true"))));
    }

    @Test
    void malformedJsonIsAnErrorNamingTheFile() throws Exception {
        String m = error("{\"hints\": [ {\"class\": \"reflection.Hinted\", ");
        assertTrue(m.startsWith("not valid JSON: "), m);
        assertTrue(m.contains("(line 1, column"), m);
        assertEquals("expected an object {\"hints\": [...]}", error("[]"));
        assertEquals("hints[0]: not an object", error("{\"hints\": [3]}"));
        assertEquals("hints[0] (reflection.Hinted.byName): \"line\" must be a positive whole number, not \"12\"",
                error(file(hint("byName", "\"line\": \"12\", \"ignore\": true"))));
    }

    @Test
    void aCombinationThatMakesNoSenseIsAnErrorNamingTheHint() throws Exception {
        assertEquals("hints[0] (reflection.Hinted.lookups, Method.invoke): \"fields\" makes no sense for Method.invoke"
                + " (it takes \"methods\" or \"ignore\")",
                error(file(hint("lookups", "\"api\": \"Method.invoke\", \"fields\": [\"reflection.PluginA.registry\"]"))));
        assertEquals("hints[0] (reflection.Hinted.byName): needs exactly one of \"classes\", \"methods\", \"fields\" and"
                + " \"ignore\", has [\"classes\", \"ignore\"]",
                error(file(hint("byName", "\"classes\": [\"reflection.PluginA\"], \"ignore\": true"))));
        assertEquals("hints[0] (reflection.Hinted.lookups, Method.invoke): Method.invoke takes methods, not constructors:"
                + " <reflection.PluginA: void <init>()>",
                error(file(hint("lookups", "\"api\": \"Method.invoke\", \"methods\": [\"reflection.PluginA.<init>()\"]"))));
        assertEquals("hints[0] (reflection.Hinted.byName, Class.forname): unknown api \"Class.forname\" (one of"
                + " Class.forName, ClassLoader.loadClass, Class.newInstance, Class.getSuperclass, Class.getInterfaces, Class.getMethod,"
                + " Class.getDeclaredMethod, Class.getMethods, Class.getDeclaredMethods, Class.getConstructor,"
                + " Class.getDeclaredConstructor, Class.getConstructors, Class.getDeclaredConstructors, Class.getField,"
                + " Class.getDeclaredField, Class.getFields, Class.getDeclaredFields, Method.invoke,"
                + " Constructor.newInstance, Field.get, Field.set, Array.newInstance, ClassLoader.defineClass, Lookup.defineClass, Lookup.defineHiddenClass)",
                error(file(hint("byName", "\"api\": \"Class.forname\", \"ignore\": true"))));
    }

    @Test
    void anUnknownKeyIsAnErrorNamingTheHint() throws Exception {
        assertEquals("hints[0] (reflection.Hinted.byName, Class.forName): unknown key \"clases\" (known: class, method,"
                + " line, api, classes, methods, fields, ignore)",
                error(file(hint("byName", "\"api\": \"Class.forName\", \"clases\": [\"reflection.PluginA\"]"))));
        assertEquals("unknown key \"hint\" at the top level (only \"hints\")", error("{\"hints\": [], \"hint\": []}"));
    }
}
