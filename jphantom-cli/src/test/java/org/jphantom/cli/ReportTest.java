package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;

/** {@code --report} and {@code --save-class-files}. */
class ReportTest {
    @TempDir
    Path dir;

    private Path partialJar() throws IOException {
        Map<String, byte[]> classes = CliFixture.compile(dir, EndToEndTest.SOURCES);
        Map<String, byte[]> app = new TreeMap<>();
        classes.forEach((n, b) -> {
            if (n.startsWith("app/")) {
                app.put(n, b);
            }
        });
        return CliFixture.jar(dir.resolve("in.jar"), app);
    }

    /**
     * Every file a run writes gets the mode a new file gets under the user's umask (as a file
     * {@code jar} writes), not the 0600 of a temporary file: a pipeline can hand it on.
     */
    @Test
    void outputsGetTheModeOfANewFile() throws IOException {
        Path in = partialJar();
        Path out = dir.resolve("out.jar");
        Path phantoms = dir.resolve("phantoms.jar");
        Path report = dir.resolve("r.json");
        Path html = dir.resolve("html");
        run(in.toString(), "-o", out.toString(), "--phantoms-only", phantoms.toString(), "--report", report.toString(),
                "--html", html.toString()).expect(Main.OK);

        Path fresh = dir.resolve("fresh");
        Files.newOutputStream(fresh).close();
        Set<java.nio.file.attribute.PosixFilePermission> expected = Files.getPosixFilePermissions(fresh);
        for (Path file : List.of(out, phantoms, report, html.resolve("index.html"))) {
            assertEquals(java.nio.file.attribute.PosixFilePermissions.toString(expected),
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                    file.toString());
        }
        // the fresh file shows the umask in force; under the usual one a new file is readable by all
        assertTrue(expected.contains(java.nio.file.attribute.PosixFilePermission.OWNER_READ), expected.toString());
    }

    @Test
    void jsonReportHasSchemaOneSortedKeysAndOrigins() throws IOException {
        Path in = partialJar();
        Path report = dir.resolve("r.json");
        run(in.toString(), "-o", dir.resolve("out.jar").toString(), "--report", report.toString()).expect(Main.OK);

        JsonNode root = new ObjectMapper().readTree(report.toFile());
        List<String> keys = new ArrayList<>();
        root.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("constraints", "counts", "phantoms", "schemaVersion", "shadowedEntries", "timingsMillis", "warnings"),
                keys);
        assertKeysSortedEverywhere(root);
        assertEquals(1, root.get("schemaVersion").asInt());
        assertEquals(2, root.get("counts").get("phantoms").asInt());

        JsonNode phantoms = root.get("phantoms");
        assertEquals(List.of("lib/Listener", "lib/Service"), names(phantoms));
        for (JsonNode p : phantoms) {
            for (String field : List.of("name", "kind", "superName", "interfaces", "members")) {
                assertTrue(p.has(field), field + " missing in " + p);
            }
            assertTrue(p.get("interfaces").isArray());
            assertTrue(p.get("members").isArray());
        }
        JsonNode service = phantoms.get(1);
        assertEquals("class", service.get("kind").asText());
        assertEquals("java/lang/Object", service.get("superName").asText());
        Set<String> members = Stream.of(service.get("members")).flatMap(m -> {
            List<String> l = new ArrayList<>();
            m.forEach(x -> l.add(x.get("name").asText() + x.get("descriptor").asText()));
            return l.stream();
        }).collect(Collectors.toSet());
        assertTrue(members.containsAll(Set.of("<init>(Ljava/lang/String;)V", "run(I)V", "add(Llib/Listener;)V",
                "nameLjava/lang/String;")), members.toString());
        assertEquals("interface", phantoms.get(0).get("kind").asText());

        JsonNode constraints = root.get("constraints");
        assertTrue(constraints.size() > 0);
        assertEquals(constraints.size(), root.get("counts").get("constraints").asInt());
        for (JsonNode c : constraints) {
            assertTrue(c.get("origin").get("class").asText().startsWith("app/"), c.toString());
            assertTrue(c.has("text") && c.has("type"), c.toString());
        }
        assertTrue(root.get("timingsMillis").has("total"));
        assertTrue(root.get("warnings").isArray());
    }

    @Test
    void reportAloneWritesNoJar() throws IOException {
        Path in = partialJar();
        Path report = dir.resolve("only.json");
        Map<Path, String> before = CliFixture.snapshot(dir);
        run(in.toString(), "--report", report.toString()).expect(Main.OK);
        Map<Path, String> after = CliFixture.snapshot(dir);
        after.remove(dir.relativize(report));
        assertEquals(before, after);
    }

    @Test
    void saveClassFilesWritesExactlyTheGeneratedClasses() throws IOException {
        Path in = partialJar();
        Path classes = dir.resolve("gen");
        Path out = dir.resolve("out.jar");
        run(in.toString(), "-o", out.toString(), "--save-class-files", classes.toString()).expect(Main.OK);
        List<String> files;
        try (Stream<Path> s = Files.walk(classes)) {
            files = s.filter(Files::isRegularFile).map(p -> classes.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
        assertEquals(List.of("lib/Listener.class", "lib/Service.class"), files);
        Map<String, byte[]> jar = CliFixture.entries(out);
        for (String f : files) {
            byte[] bytes = Files.readAllBytes(classes.resolve(f));
            assertEquals(f.substring(0, f.length() - 6), new ClassReader(bytes).getClassName());
            assertTrue(java.util.Arrays.equals(bytes, jar.get(f)), f + " differs from the jar's copy");
        }
        assertFalse(Files.exists(classes.resolve("app")));
    }

    private static void assertKeysSortedEverywhere(JsonNode node) {
        if (node.isObject()) {
            List<String> keys = new ArrayList<>();
            node.fieldNames().forEachRemaining(keys::add);
            assertEquals(keys.stream().sorted().toList(), keys, "keys of " + node);
        }
        node.elements().forEachRemaining(ReportTest::assertKeysSortedEverywhere);
    }

    private static List<String> names(JsonNode array) {
        List<String> l = new ArrayList<>();
        array.forEach(n -> l.add(n.get("name").asText()));
        return l;
    }
}
