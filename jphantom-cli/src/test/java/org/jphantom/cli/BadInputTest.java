package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/**
 * Bad input and bad options: exit code 2, one line naming the culprit, no stack trace, no output
 * (not even a temporary file) and the input untouched.
 */
class BadInputTest {
    @TempDir
    Path dir;
    Path out;

    @BeforeEach
    void setUp() throws IOException {
        out = Files.createDirectories(dir.resolve("out")).resolve("result.jar");
    }

    /** A jar with one class {@code p/A} that references phantom {@code q/P}, plus {@code extra}. */
    private Path jar(String name, Map<String, byte[]> extra) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/A.class", usesPhantom("p/A"));
        entries.putAll(extra);
        return CliFixture.jar(dir.resolve(name), entries);
    }

    static byte[] usesPhantom(String name) {
        return CliFixture.classWithRun(name, "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        });
    }

    /** Runs with {@code args}, expecting exit 2, nothing written and the files of {@code dir} unchanged. */
    private CliFixture.Run refuse(String... args) throws IOException {
        Files.createDirectories(out.getParent());
        Map<Path, String> before = CliFixture.snapshot(dir);
        CliFixture.Run r = run(args).expect(Main.USAGE);
        assertEquals(before, CliFixture.snapshot(dir), "files changed");
        assertFalse(Files.exists(out), "output written");
        try (var s = Files.list(out.getParent())) {
            assertEquals(0, s.count(), "leftover files next to the output");
        }
        assertEquals("", r.out());
        return r;
    }

    @Test
    void missingInput() throws IOException {
        refuse(dir.resolve("nope.jar").toString(), "-o", out.toString())
                .expectOneLineError("nope.jar", "no such file");
    }

    @Test
    void emptyDirectoryIsAnInputError() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        refuse(empty.toString(), "-o", out.toString()).expectOneLineError("empty", "holds no class file");
    }

    @Test
    void directoryOrJarOfResourcesOnlyIsAnInputError() throws IOException {
        Path res = Files.createDirectories(dir.resolve("res").resolve("docs"));
        Files.writeString(res.resolve("readme.txt"), "hello");
        refuse(dir.resolve("res").toString(), "-o", out.toString()).expectOneLineError("res", "holds no class file");
        Path jar = CliFixture.jar(dir.resolve("x.jar"), Map.of("docs/readme.txt", new byte[] {1}));
        // beside an input with classes it is only a warning (issue 26; EmptyInputJarTest)
        Path program = jar("in.jar", Map.of());
        CliFixture.Run r = run(program.toString(), jar.toString(), "-o", out.toString()).expect(Main.OK);
        org.junit.jupiter.api.Assertions.assertTrue(r.err().contains("warning: " + jar + ": holds no class file"), r.err());
        Files.delete(out);
        refuse(jar.toString(), dir.resolve("res").toString(), "-o", out.toString())
                .expectOneLineError("x.jar", "res", "no input holds a class file");
    }

    @Test
    void classStoredUnderAnotherClassesName() throws IOException {
        // p/A references q/P; q/P.class holds class q/Other: the JVM could not load q/P from it
        Path in = jar("in.jar", Map.of("q/P.class", usesPhantom("q/Other")));
        refuse(in.toString(), "-o", out.toString())
                .expectOneLineError("entry q/P.class", "holds class q/Other, not q/P");
        // skipped on request: q/P is then a phantom like any missing class
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--skip-broken", "--verify").expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: ") && l.contains("q/P.class")
                && l.contains("skipped")), r.err());
        assertTrue(CliFixture.entries(out).containsKey("q/P.class"));
    }

    @Test
    void invalidDescriptorInCode() throws IOException {
        byte[] bad = CliFixture.classWithRun("p/B", "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "(Lq/X)V", false);
            mv.visitInsn(Opcodes.RETURN);
        });
        Path in = jar("in.jar", Map.of("p/B.class", bad));
        refuse(in.toString(), "-o", out.toString())
                .expectOneLineError("entry p/B.class", "invalid member reference 'go' '(Lq/X)V'");
        run(in.toString(), "-o", out.toString(), "--skip-broken", "--verify").expect(Main.OK);
    }

    @Test
    void textFileNamedJar() throws IOException {
        Path text = Files.writeString(dir.resolve("x.jar"), "this is not a zip\n");
        refuse(text.toString(), "-o", out.toString()).expectOneLineError("x.jar", "not a zip");
    }

    @Test
    void truncatedJar() throws IOException {
        Path whole = jar("whole.jar", Map.of("r/data.txt", new byte[4000]));
        byte[] bytes = Files.readAllBytes(whole);
        Path half = dir.resolve("half.jar");
        Files.write(half, Arrays.copyOf(bytes, bytes.length / 2));
        Files.delete(whole);
        refuse(half.toString(), "-o", out.toString()).expectOneLineError("half.jar", "truncated or corrupt");
    }

    @Test
    void corruptClassEntry() throws IOException {
        byte[] noise = new byte[300];
        new Random(42).nextBytes(noise);
        Path in = jar("in.jar", Map.of("A.class", noise));
        refuse(in.toString(), "-o", out.toString()).expectOneLineError("in.jar", "entry A.class", "not a class file");
    }

    @Test
    void corruptClassEntryIsSkippedOnRequest() throws IOException {
        byte[] noise = new byte[300];
        new Random(42).nextBytes(noise);
        Path in = jar("in.jar", Map.of("A.class", noise));
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--skip-broken").expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: ") && l.contains("A.class")
                && l.contains("skipped")), r.err());
        Map<String, byte[]> written = CliFixture.entries(out);
        assertFalse(written.containsKey("A.class"));
        assertTrue(written.containsKey("p/A.class") && written.containsKey("q/P.class"), written.keySet().toString());
    }

    @Test
    void classFileOfAFutureVersion() throws IOException {
        byte[] future = usesPhantom("p/B");
        future[6] = 0;
        future[7] = 99;
        Path in = jar("in.jar", Map.of("p/B.class", future));
        refuse(in.toString(), "-o", out.toString()).expectOneLineError("entry p/B.class", "99");
    }

    @Test
    void duplicateEntriesAreReadTheJvmsWay() throws IOException {
        // ZipOutputStream refuses duplicates: write two names of equal length and rename one in place.
        Path in = jar("in.jar", Map.of("p/Z.class", usesPhantom("p/A")));
        byte[] bytes = Files.readAllBytes(in);
        String text = new String(bytes, StandardCharsets.ISO_8859_1).replace("p/Z.class", "p/A.class");
        Files.write(in, text.getBytes(StandardCharsets.ISO_8859_1));
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--verify").expect(Main.OK);
        assertTrue(r.err().contains("warning: " + in + ": entry p/A.class: stored 2 times (identical copies); copied once"),
                r.err());
        assertEquals(2, CliFixture.entries(out).size()); // p/A.class once, and the phantom q/P
    }

    @Test
    void dotDotEntry() throws IOException {
        Path in = jar("in.jar", Map.of("../evil.txt", new byte[] {1}));
        refuse(in.toString(), "-o", out.toString()).expectOneLineError("entry ../evil.txt", "..");
    }

    @Test
    void absoluteEntry() throws IOException {
        Path in = jar("in.jar", Map.of("/etc/evil.txt", new byte[] {1}));
        refuse(in.toString(), "-o", out.toString()).expectOneLineError("entry /etc/evil.txt", "absolute");
    }

    @Test
    void unsafeEntriesAreSkippedOnRequest() throws IOException {
        Path in = jar("in.jar", Map.of("../evil.txt", new byte[] {1}));
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--skip-broken").expect(Main.OK);
        assertTrue(r.err().contains("../evil.txt"), r.err());
        assertFalse(CliFixture.entries(out).keySet().stream().anyMatch(n -> n.contains("..")));
    }

    @Test
    void outputEqualToInput() throws IOException {
        Path in = jar("in.jar", Map.of());
        out = in;
        Map<Path, String> before = CliFixture.snapshot(dir);
        run(in.toString(), "-o", in.toString()).expect(Main.USAGE).expectOneLineError("also an input");
        assertEquals(before, CliFixture.snapshot(dir));
    }

    @Test
    void outputEqualToInputSpelledDifferently() throws IOException {
        Path in = jar("in.jar", Map.of());
        Files.createDirectories(dir.resolve("sub"));
        String other = dir.resolve("sub").resolve("..").resolve(".").resolve("in.jar").toString();
        Map<Path, String> before = CliFixture.snapshot(dir);
        run(in.toString(), "-o", other).expect(Main.USAGE).expectOneLineError("also an input");
        Path relative = Path.of("").toAbsolutePath().relativize(in);
        run(relative.toString(), "-o", in.toString()).expect(Main.USAGE).expectOneLineError("also an input");
        assertEquals(before, CliFixture.snapshot(dir));
    }

    @Test
    void outputEqualToInputThroughASymlink() throws IOException {
        Path in = jar("in.jar", Map.of());
        Path link;
        try {
            link = Files.createSymbolicLink(dir.resolve("link.jar"), in);
        } catch (UnsupportedOperationException | IOException e) {
            return;
        }
        Map<Path, String> before = CliFixture.snapshot(dir);
        run(in.toString(), "-o", link.toString()).expect(Main.USAGE).expectOneLineError("also an input");
        assertEquals(before, CliFixture.snapshot(dir));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void noInput() throws IOException {
        refuse("-o", out.toString()).expectOneLineError("no input");
        refuse().expectOneLineError("no input");
    }

    @Test
    void unknownOption() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--frobnicate").expectOneLineError("frobnicate", "--help");
    }

    @Test
    void releaseOutOfRange() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--release", "5").expectOneLineError("release 5", "8");
    }

    @Test
    void releaseNotANumber() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--release", "abc").expectOneLineError("--release", "abc");
    }

    @Test
    void cyclicHierarchy() throws IOException {
        byte[] a = CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "c/A", "c/B", null,
                cw -> { });
        byte[] b = CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "c/B", "c/A", null,
                cw -> { });
        Path in = jar("in.jar", Map.of("c/A.class", a, "c/B.class", b));
        refuse(in.toString(), "-o", out.toString()).expectOneLineError("cyclic", "c.A", "c.B");
    }

    @Test
    void outputIsADirectory() throws IOException {
        Path in = jar("in.jar", Map.of());
        Path target = Files.createDirectories(dir.resolve("target.jar"));
        run(in.toString(), "-o", target.toString()).expect(Main.USAGE).expectOneLineError("directory");
        try (var s = Files.list(target)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void outputInAMissingDirectory() throws IOException {
        Path in = jar("in.jar", Map.of());
        Path target = dir.resolve("no").resolve("such").resolve("out.jar");
        run(in.toString(), "-o", target.toString()).expect(Main.USAGE)
                .expectOneLineError("out.jar", "no such directory");
        assertFalse(Files.exists(dir.resolve("no")));
    }

    @Test
    void reportOverAnInputIsRefused() throws IOException {
        Path in = jar("in.jar", Map.of());
        Path spelled = dir.resolve("out").resolve("..").resolve("in.jar");
        refuse(in.toString(), "-o", out.toString(), "--report", spelled.toString())
                .expectOneLineError("would replace", "an input");
        refuse(in.toString(), "--report", in.toString()).expectOneLineError("would replace");
    }

    @Test
    void reportOverTheOutputIsRefused() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--report", out.toString())
                .expectOneLineError("would replace", "the output");
    }

    @Test
    void reportInAMissingDirectoryIsRefusedBeforeTheJarIsWritten() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--report", dir.resolve("nodir").resolve("r.json").toString())
                .expectOneLineError("no such directory", "nodir");
    }

    @Test
    void saveClassFilesOverAFileIsRefusedBeforeTheJarIsWritten() throws IOException {
        Path in = jar("in.jar", Map.of());
        refuse(in.toString(), "-o", out.toString(), "--save-class-files", in.toString())
                .expectOneLineError("in.jar", "existing file");
    }

    @Test
    void singleValuedOptionGivenTwice() throws IOException {
        Path in = jar("in.jar", Map.of());
        Path other = out.resolveSibling("other.jar");
        refuse(in.toString(), "-o", out.toString(), "-o", other.toString())
                .expectOneLineError("-o given 2 times", "result.jar", "other.jar");
        assertFalse(Files.exists(other));
        refuse(in.toString(), "-o", out.toString(), "--release", "11", "--release", "17")
                .expectOneLineError("--release given 2 times");
    }
}
