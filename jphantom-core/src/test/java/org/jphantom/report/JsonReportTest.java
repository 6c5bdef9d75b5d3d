package org.jphantom.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.Result;
import org.jphantom.generate.PlannedMember;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;
import org.junit.jupiter.api.Test;

/** The streamed report is, byte for byte, the report's tree written with sorted keys and indented. */
class JsonReportTest {
    private static String streamed(Result r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonReport.write(r, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What the report was before it was streamed: the tree, as maps, written with sorted keys. */
    private static String fromTree(Result r) throws IOException {
        ObjectMapper mapper = JsonReport.mapper();
        return new String(mapper.writer().writeValueAsBytes(mapper.treeToValue(JsonReport.toJson(r), Object.class)),
                StandardCharsets.UTF_8);
    }

    private static Result result(boolean empty) {
        SortedMap<String, Result.Phantom> phantoms = new TreeMap<>();
        List<Constraint> constraints = List.of();
        List<Integer> occurrences = List.of();
        List<String> warnings = List.of();
        List<String> shadowed = List.of();
        if (!empty) {
            Origin inMethod = new Origin("a/B", "m(Ljava/lang/String;)V", 7, "invokevirtual p/Q.run()V");
            Origin ofClass = Origin.ofClass("a/B", "super class");
            TreeSet<PlannedMember> members = new TreeSet<>(List.of(
                    new PlannedMember("<init>", "()V", false, false, true),
                    new PlannedMember("run", "()V", false, false, true),
                    new PlannedMember("COUNT", "I", true, true, false)));
            phantoms.put("p/Q", new Result.Phantom("p/Q", TypeKind.CLASS, "java/lang/Object", List.of("p/I", "p/J"),
                    "instantiated", inMethod, members));
            phantoms.put("p/I", new Result.Phantom("p/I", TypeKind.INTERFACE, null, List.of(), null, null,
                    new TreeSet<>()));
            phantoms.put("p/A", new Result.Phantom("p/A", TypeKind.ANNOTATION, "java/lang/Object",
                    List.of("java/lang/annotation/Annotation"), "annotates a/B", ofClass, new TreeSet<>()));
            constraints = List.of(new Constraint.Kind("p/Q", TypeKind.CONCRETE_CLASS, inMethod),
                    new Constraint.Subtype("p/Q", "java/lang/Runnable", ofClass),
                    new Constraint.Kind("p/I", TypeKind.INTERFACE, new Origin("a/B", null, -1, "NestHost")));
            occurrences = List.of(3, 1, 12);
            warnings = List.of("entry \"x\\y\": \u00e9t\u00e9 \u4e2d / tab\there \u0001 \ud83d\ude00", "second");
            shadowed = List.of("META-INF/LICENSE (b.jar): ignored, a.jar has it first");
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("programClasses", 2);
        counts.put("methods", 10);
        counts.put("constraints", constraints.size());
        Map<String, Long> timings = new LinkedHashMap<>();
        timings.put("read", 12L);
        timings.put("analyse", 3_000_000_000L);
        timings.put("total", 3_000_000_012L);
        return new Result(phantoms, constraints, occurrences, new TreeMap<>(), warnings, shadowed, counts, timings);
    }

    @Test
    void theTreeWithSortedKeys() throws IOException {
        String streamed = streamed(result(false));
        assertEquals(fromTree(result(false)), streamed);
        assertTrue(streamed.contains("\"superName\" : null"), streamed);
    }

    @Test
    void anEmptyReport() throws IOException {
        assertEquals(fromTree(result(true)), streamed(result(true)));
    }
}
