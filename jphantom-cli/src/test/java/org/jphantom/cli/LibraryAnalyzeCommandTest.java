package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --entry-points} and {@code --package-visibility}: a jar without a main is analysed as a library. */
class LibraryAnalyzeCommandTest {
    @TempDir
    Path dir;
    Path jar;

    @BeforeEach
    void setUp() throws IOException {
        jar = CliFixture.jar(dir.resolve("lib.jar"), CliFixture.compile(dir, Map.of(
                "lib/Shape.java", "package lib; public interface Shape { Object area(); }",
                "lib/Square.java", "package lib; public class Square implements Shape { public Object area() { return this; } }",
                "lib/Circle.java", "package lib; class Circle implements Shape { public Object area() { return this; } }",
                "lib/Shapes.java", """
                        package lib;
                        public final class Shapes {
                            public static Object total(Shape s) { return s.area(); }
                            void hidden() { }
                        }
                        """)));
    }

    @Test
    void aJarWithoutMainIsAnalysedAsALibraryAndTheSummarySaysSo() throws IOException {
        Path out = dir.resolve("out");
        CliFixture.Run r = run("analyze", jar.toString(), "--out", out.toString()).expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("analyze (ci): ")
                && l.contains("; entry points: library, closed packages (5)")), r.err());
        String stats = Files.readString(out.resolve("stats.json"));
        assertTrue(stats.contains("\"entryPointMode\" : \"library\""), stats);
        assertTrue(stats.contains("\"entryPoints\" : 5"), stats);
        assertTrue(Files.readAllLines(out.resolve("call-edges.txt"))
                .contains("<lib.Shapes: java.lang.Object total(lib.Shape)>/0 -> <lib.Circle: java.lang.Object area()>"));

        r = run("analyze", jar.toString(), "--package-visibility", "open", "--out", out.toString()).expect(Main.OK);
        assertTrue(r.err().contains("; entry points: library, open packages (7)"), r.err());
        r = run("analyze", jar.toString(), "--entry-points", "all", "-q", "--out", out.toString()).expect(Main.OK);
        assertTrue(Files.readString(out.resolve("stats.json")).contains("\"entryPointMode\" : \"all\""));
    }

    @Test
    void complementThenAnalyzeChoosesLibraryForAJarWithoutMain() {
        CliFixture.Run r = run(jar.toString(), "-o", dir.resolve("done.jar").toString(), "--analyze").expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("analyze (ci): ")
                && l.contains("; entry points: library, closed packages (5)")), r.err());
    }

    @Test
    void complementThenAnalyzeForwardsEveryAnalysisOption() throws IOException {
        Path done = dir.resolve("done.jar");
        Path results = dir.resolve("results");
        CliFixture.Run r = run(jar.toString(), "-o", done.toString(), "--analyze", "--package-visibility", "open",
                "--reflection", "none", "--dynamic-models", "off", "--analysis-out", results.toString(), "--dot")
                .expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("analyze (ci): ")
                && l.contains("; entry points: library, open packages (7)")), r.err());
        assertTrue(Files.exists(results.resolve("app-call-graph.dot")), "--dot went with --analysis-out");
        assertTrue(!Files.exists(results.resolve("reflection.json")), "--reflection none was forwarded");
        run(jar.toString(), "-o", done.toString(), "--analyze", "--entry-points", "all", "-q",
                "--analysis-out", results.toString()).expect(Main.OK);
        assertTrue(Files.readString(results.resolve("stats.json")).contains("\"entryPointMode\" : \"all\""));

        // checked before anything is written, with the names this command spells them by
        Path never = dir.resolve("never.jar");
        run(jar.toString(), "-o", never.toString(), "--entry-points", "all").expect(Main.USAGE)
                .expectOneLineError("--entry-points needs --analyze");
        run(jar.toString(), "-o", never.toString(), "--analyze", "--entry-points", "all", "--package-visibility",
                "open").expect(Main.USAGE)
                .expectOneLineError("--package-visibility goes with --entry-points library, not all");
        run(jar.toString(), "-o", never.toString(), "--analyze", "--dot").expect(Main.USAGE)
                .expectOneLineError("--dump-points-to and --dot need --analysis-out DIR");
        assertTrue(!Files.exists(never), "nothing written");
    }

    @Test
    void badEntryPointOptionsAreOneLineErrors() {
        run("analyze", jar.toString(), "--entry-points", "everything").expect(Main.USAGE)
                .expectOneLineError("unknown entry points 'everything'; choose one of main, library, all");
        run("analyze", jar.toString(), "--entry-points", "main").expect(Main.USAGE)
                .expectOneLineError("the program has no main(String[]) method");
        run("analyze", jar.toString(), "--entry-points", "all", "--package-visibility", "open").expect(Main.USAGE)
                .expectOneLineError("--package-visibility goes with --entry-points library, not all");
        run("analyze", jar.toString(), "--package-visibility", "ajar").expect(Main.USAGE)
                .expectOneLineError("unknown package visibility 'ajar'");
        run("analyze", jar.toString(), "--entry-points", "library", "--main", "lib.Shapes").expect(Main.USAGE)
                .expectOneLineError("--main goes with --entry-points main, not library");
        run("analyze", jar.toString(), "--entry-points", "library", "--arg", "lib.Shapes").expect(Main.USAGE)
                .expectOneLineError("--arg goes with --entry-points main, not library");
    }
}
