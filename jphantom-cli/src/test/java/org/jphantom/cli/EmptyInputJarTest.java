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

/**
 * A real closure copied with {@code dependency:copy-dependencies} holds Guava's deliberately empty
 * {@code listenablefuture-9999.0-empty-to-avoid-conflict-with-guava.jar}: among inputs with
 * classes it is a warning, for complementing and for {@code analyze}; only inputs of which none
 * holds a class are refused.
 */
class EmptyInputJarTest {
    @TempDir
    Path dir;
    Path app;
    Path empty;

    @BeforeEach
    void setUp() throws IOException {
        app = CliFixture.jar(dir.resolve("app.jar"), CliFixture.compile(dir, Map.of("app/Main.java", """
                package app;
                public class Main {
                    public static void main(String[] args) { System.out.println(args.length); }
                }
                """)));
        empty = CliFixture.jar(dir.resolve("listenablefuture-9999.0-empty-to-avoid-conflict-with-guava.jar"),
                Map.of("META-INF/MANIFEST.MF", CliFixture.manifest()));
    }

    @Test
    void complementingWarns() {
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(app.toString(), empty.toString(), "-o", out.toString()).expect(Main.OK);
        assertTrue(r.err().contains("warning: " + empty + ": holds no class file; only its other entries are read"),
                r.err());
        assertTrue(Files.exists(out));
    }

    @Test
    void analyzeWarns() {
        CliFixture.Run r = run("analyze", empty.toString(), app.toString()).expect(Main.OK);
        assertTrue(r.err().contains("warning: " + empty + ": holds no class file; only its other entries are read"),
                r.err());
        assertTrue(r.err().contains("analyze (ci): "), r.err());
    }

    @Test
    void noInputWithAClassIsStillAnError() throws IOException {
        Path res = CliFixture.jar(dir.resolve("res.jar"), Map.of("docs/readme.txt", new byte[] {1}));
        run("analyze", empty.toString(), res.toString()).expect(Main.USAGE)
                .expectOneLineError("no input holds a class file", empty.getFileName().toString(), "res.jar");
        run(empty.toString(), res.toString(), "-o", dir.resolve("o.jar").toString()).expect(Main.USAGE)
                .expectOneLineError("no input holds a class file");
    }
}
