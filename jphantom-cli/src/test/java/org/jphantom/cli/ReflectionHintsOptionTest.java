package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jphantom analyze --reflection-hints FILE}: a hint resolves a site end to end; a bad file is one line, exit 2. */
class ReflectionHintsOptionTest {
    @TempDir
    Path dir;
    Path jar;

    @BeforeEach
    void setUp() throws IOException {
        Map<String, byte[]> classes = CliFixture.compile(dir, Map.of("app/Main.java", """
                package app;
                public class Main {
                    public static void main(String[] args) throws Exception {
                        Object o = Class.forName(args[0]).getDeclaredConstructor().newInstance();
                    }
                }
                class Plugin {
                    public Plugin() {
                    }
                }
                """));
        jar = CliFixture.jar(dir.resolve("app.jar"), classes);
    }

    @Test
    void aHintResolvesItsSiteEndToEnd() throws IOException {
        Path hints = Files.writeString(dir.resolve("hints.json"), """
                {"hints": [{"class": "app.Main", "method": "main", "api": "Class.forName", "classes": ["app.Plugin"]}]}
                """);
        Path out = dir.resolve("out");
        run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString(), "-q").expect(Main.OK);
        String edge = "<app.Main: void main(java.lang.String[])>/1 -> <app.Plugin: void <init>()>";
        String edge2 = "<app.Main: void main(java.lang.String[])>/2 -> <app.Plugin: void <init>()>";
        List<String> before = Files.readAllLines(out.resolve("call-edges.txt"));
        assertFalse(before.contains(edge) || before.contains(edge2), "no name, no Plugin: " + before);

        CliFixture.Run r = run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString(),
                "--reflection-hints", hints.toString()).expect(Main.OK);
        assertFalse(r.err().contains("reflection hint"), "the hint was used: " + r.err());
        List<String> edges = Files.readAllLines(out.resolve("call-edges.txt"));
        assertTrue(edges.stream().anyMatch(e -> e.startsWith("<app.Main: void main(java.lang.String[])>/")
                && e.endsWith(" -> <app.Plugin: void <init>()>")), edges::toString);
        String report = Files.readString(out.resolve("reflection.json"));
        assertTrue(report.contains("\"hinted\" : true"), report);
        assertTrue(report.contains("\"target\" : \"app.Plugin\",\n      \"how\" : [ \"hint\" ]"), report);
    }

    @Test
    void aBadHintFileIsOneLineAndExitCodeTwo() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), """
                {"hints": [{"class": "app.Main", "method": "main", "classes": ["app.NoSuchPlugin"]}]}
                """);
        Path out = dir.resolve("out");
        run("analyze", jar.toString(), "--main", "app.Main", "--out", out.toString(), "--reflection-hints",
                bad.toString()).expect(Main.USAGE).expectOneLineError(bad.toString(),
                "hints[0] (app.Main.main): class app.NoSuchPlugin is not in the closed world");
        assertFalse(Files.exists(out.resolve("call-edges.txt")), "no output after a bad hint file");
        run("analyze", jar.toString(), "--reflection-hints", dir.resolve("none.json").toString()).expect(Main.USAGE)
                .expectOneLineError("none.json: no such reflection hints file");
        Path malformed = Files.writeString(dir.resolve("malformed.json"), "{\"hints\": [");
        run("analyze", jar.toString(), "--reflection-hints", malformed.toString()).expect(Main.USAGE)
                .expectOneLineError("malformed.json: not valid JSON");
    }
}
