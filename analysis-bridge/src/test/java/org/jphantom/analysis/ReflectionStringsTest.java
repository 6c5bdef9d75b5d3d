package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jphantom.analysis.StringsRuns.edges;
import static org.jphantom.analysis.StringsRuns.targets;

import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Substring flow (thesis chapter 3) on the tiny programs of {@code pta/strings}, compiled for Java 8
 * (names built with {@code StringBuilder}) and for Java 17 (built with {@code invokedynamic} string
 * concatenation): the call edges it adds and the ones it must not add; reflective calls of modelled
 * methods. Use-based inference and the thresholds are {@code UseBasedInferenceTest}'s, string
 * colouring {@code StringColouringTest}'s.
 */
@Order(5)
class ReflectionStringsTest {
    /** This class's analyses of {@code pta/strings}: inputs of its own, so it runs beside the other classes that use the fixture. */
    @RegisterExtension
    static final StringsRuns STRINGS = new StringsRuns();

    private static final ReflectionOptions SUBSTRINGS = ReflectionOptions.OFF.withSubstrings(true);

    @ParameterizedTest
    @ValueSource(ints = {8, 17})
    void substringFlowResolvesBuiltNames(int release) {
        AnalysisResult r = STRINGS.run(release, "Builders", SUBSTRINGS);
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

        AnalysisResult off = STRINGS.run(release, "Builders", ReflectionOptions.OFF);
        TreeSet<String> without = edges(off);
        for (String e : List.of("<strings.plugins.Alpha: void <init>()>", "<strings.FileHandler: void <init>()>")) {
            assertFalse(without.contains(e), release + ": without substring flow: " + e);
        }
        assertTrue(targets(off, 14, "Class.forName").isEmpty());

        // --reflection-strings classes: the class names' pieces still resolve, the member names' do not
        AnalysisResult classes = STRINGS.run(release, "Builders", ReflectionOptions.OFF.withClassSubstrings());
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
        AnalysisResult r = STRINGS.run(release, "Builders", SUBSTRINGS);
        // the site of Figure 3.4 finds the setters by the "set" the StringBuffer got in setterName
        assertEquals(java.util.Set.of("<strings.Bean: void setColour(java.lang.String)>",
                "<strings.Bean: void setName(java.lang.String)>"), targets(r, 22, "Class.getMethod").keySet());
        assertTrue(targets(STRINGS.run(release, "Builders", ReflectionOptions.OFF), 22, "Class.getMethod").isEmpty());
    }

    /**
     * A reflective call of a method that another model reads the arguments of (arraycopy, a
     * method-handle lookup) binds its values from the Object[]: those models must not read the
     * invoke's own two arguments as the callee's (they once failed with an internal error).
     */
    @org.junit.jupiter.api.Test
    void reflectiveCallsOfModelledMethodsAreBoundCalls() {
        AnalysisResult r = STRINGS.run(17, "BoundCalls", ReflectionOptions.DEFAULT);
        assertTrue(r.callEdges().stream().anyMatch(e -> e.startsWith("<strings.BoundCalls: void main(java.lang.String[])>")
                && e.endsWith("-> <java.lang.System: void arraycopy(java.lang.Object,int,java.lang.Object,int,int)>")),
                "the reflective arraycopy is an edge");
    }
}
