package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --html DIR}: the report's pages, the conflict page, and refused directories. */
class HtmlOptionTest {
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

    @Test
    void writesTheReportAlone() throws IOException {
        Path html = dir.resolve("html");
        run(partialJar().toString(), "--html", html.toString(), "-q").expect(Main.OK);
        for (String f : new String[] {"index.html", "constraints.html", "hierarchy.svg", "hierarchy.dot",
                "phantom/lib.Listener.html", "phantom/lib.Service.html", "package/lib.html"}) {
            assertTrue(Files.isRegularFile(html.resolve(f)), f);
        }
        assertTrue(Files.readString(html.resolve("phantom/lib.Service.html")).contains("app."));
    }

    @Test
    void unsatisfiableWritesTheConflictPageAndNoJar() throws IOException {
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("u/K.class", UnsatisfiableTest.classAndInterfaceUse()));
        Path html = dir.resolve("html");
        Path out = dir.resolve("out.jar");
        run(in.toString(), "-o", out.toString(), "--html", html.toString()).expect(Main.FAILED).assertNoStackTrace();
        assertFalse(Files.exists(out));
        assertTrue(Files.readString(html.resolve("conflict.html")).contains("u.K"));
    }

    @Test
    void refusesAFileOrAnInputAsTheDirectory() throws IOException {
        Path in = partialJar();
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        run(in.toString(), "--html", file.toString()).expect(Main.USAGE).expectOneLineError("file.txt", "--html");
        Path classes = dir.resolve("classes");
        run(classes.toString(), "--html", classes.toString()).expect(Main.USAGE).expectOneLineError("is an input");
        assertFalse(Files.exists(classes.resolve("index.html")));
    }
}
