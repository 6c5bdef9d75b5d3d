package org.jphantom.analysis;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The analyses of one test class over the tiny programs of {@code pta/strings}, compiled for Java 8
 * (names built with {@code StringBuilder}) or Java 17 ({@code invokedynamic} string concatenation):
 * each release's classes read once ({@link AnalysisInput}) and one analysis per release, main and
 * reflection options, shared by the class's tests. Each test class that uses the fixture has its own
 * ({@link OwnInputs}), so such classes run side by side; one class's tests use it one after another.
 * Registered as the class's extension ({@code @RegisterExtension}): after its tests it lets the
 * collector have the inputs and runs, while the other classes run on in this JVM.
 */
final class StringsRuns implements AutoCloseable, AfterAllCallback {
    private final OwnInputs inputs = new OwnInputs();
    private final Map<String, AnalysisResult> runs = new HashMap<>();

    /** The analysis of {@code strings.MAIN} compiled for {@code release}, with {@code options} on top of SOLAR. */
    AnalysisResult run(int release, String main, ReflectionOptions options) {
        return runs.computeIfAbsent(release + " " + main + " " + options, k -> inputs.run(
                AnalysisRequest.of(List.of(PtaFixtures.classes("strings", release)))
                        .withMains(List.of("strings." + main)).withReflectionOptions(options)));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        inputs.close();
        runs.clear();
    }

    /** The call edges into the fixture's classes, by callee, sorted. */
    static TreeSet<String> edges(AnalysisResult r) {
        return r.callEdges().stream().filter(e -> e.contains("-> <strings."))
                .map(e -> e.substring(e.indexOf("-> ") + 3)).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The targets the report gives the site of {@code api} at {@code line} of the fixture, with how each was found. */
    @SuppressWarnings("unchecked")
    static Map<String, List<String>> targets(AnalysisResult r, int line, String api) {
        Map<String, List<String>> out = new TreeMap<>();
        for (Map<String, Object> site : (List<Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (((Number) site.get("line")).intValue() == line && site.get("api").equals(api)) {
                for (Map<String, Object> t : (List<Map<String, Object>>) site.get("targets")) {
                    out.put((String) t.get("target"), List.copyOf((Collection<String>) t.get("how")));
                }
            }
        }
        return out;
    }

    /** The reasons the report gives for the site of {@code api} at {@code line} (none when it is sound). */
    @SuppressWarnings("unchecked")
    static List<String> reasons(AnalysisResult r, int line, String api) {
        for (Map<String, Object> site : (List<Map<String, Object>>) r.reflection().toJson().get("sites")) {
            if (((Number) site.get("line")).intValue() == line && site.get("api").equals(api)) {
                return (List<String>) site.getOrDefault("reasons", List.of());
            }
        }
        throw new AssertionError("no " + api + " at line " + line);
    }
}
