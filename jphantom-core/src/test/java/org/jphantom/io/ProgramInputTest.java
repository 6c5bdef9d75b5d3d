package org.jphantom.io;

import static org.jphantom.io.Fixtures.classBytes;
import static org.jphantom.io.Fixtures.entries;
import static org.jphantom.io.Fixtures.manifest;
import static org.jphantom.io.Fixtures.writeJar;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jphantom.JphantomException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;

class ProgramInputTest {
    @TempDir
    Path tmp;

    private static List<String> names(ProgramInput input) {
        return input.entries().stream().map(InputEntry::name).toList();
    }

    private JphantomException readFails(Path... inputs) {
        JphantomException e = assertThrows(JphantomException.class,
                () -> ProgramInput.read(List.of(inputs), 17, false));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e;
    }

    @Test
    void readsJarEntriesInOrderAndItsClasses() throws IOException {
        byte[] mf = manifest();
        Path jar = writeJar(tmp.resolve("in.jar"), entries(
                "META-INF/", new byte[0], "META-INF/MANIFEST.MF", mf,
                "b/B.class", classBytes("b/B"), "a/", new byte[0], "a/A.class", classBytes("a/A"),
                "a/data.txt", "hello".getBytes(StandardCharsets.UTF_8)));
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);

        assertEquals(List.of("META-INF/", "META-INF/MANIFEST.MF", "b/B.class", "a/", "a/A.class", "a/data.txt"),
                names(input));
        assertEquals(Set.of("a/A", "b/B"), input.classes().keySet());
        ProgramClass a = input.classes().get("a/A");
        assertEquals("a/A.class", a.entryName());
        assertEquals(jar.toString(), a.source());
        assertEquals("a", a.packageName());
        assertArrayEquals(mf, input.entries().get(1).bytes());
        assertEquals(List.of(), input.warnings());
        assertFalse(input.signed());
    }

    @Test
    void readsClassDirectorySorted() throws IOException {
        Path dir = Fixtures.writeDir(tmp.resolve("classes"), entries(
                "z/Z.class", classBytes("z/Z"), "a/A.class", classBytes("a/A"), "a/r.txt", new byte[] {1}));
        ProgramInput input = ProgramInput.read(List.of(dir), 17, false);
        assertEquals(List.of("a/A.class", "a/r.txt", "z/Z.class"), names(input));
        assertEquals(Set.of("a/A", "z/Z"), input.classes().keySet());
        assertEquals(dir.toString(), input.classes().get("z/Z").source());
    }

    @Test
    void firstInputWinsAndLaterDuplicatesAreWarnings() throws IOException {
        Path first = writeJar(tmp.resolve("first.jar"), entries(
                "META-INF/", new byte[0], "a/A.class", classBytes("a/A", Opcodes.V1_8, "first")));
        Path second = writeJar(tmp.resolve("second.jar"), entries(
                "META-INF/", new byte[0], "a/A.class", classBytes("a/A", Opcodes.V1_8, "second"),
                "b/B.class", classBytes("b/B")));
        ProgramInput input = ProgramInput.read(List.of(first, second), 17, false);

        assertEquals(List.of("META-INF/", "a/A.class", "b/B.class"), names(input));
        assertEquals(first.toString(), input.classes().get("a/A").source());
        assertEquals(List.of("first"), fieldNames(input.classes().get("a/A").bytes()));
        assertEquals(List.of(second + ": entry a/A.class: ignored, " + first + " has it first"), input.warnings());
    }

    @Test
    void missingInputIsAnError() {
        Path missing = tmp.resolve("nope.jar");
        assertEquals(missing + ": no such file or directory", readFails(missing).getMessage());
    }

    @Test
    void nonZipIsAnErrorEvenWhenSkippingBroken() throws IOException {
        Path text = Files.writeString(tmp.resolve("in.jar"), "just text");
        assertEquals(text + ": not a zip/jar", readFails(text).getMessage());
        assertThrows(JphantomException.class, () -> ProgramInput.read(List.of(text), 17, true));
    }

    @Test
    void truncatedZipIsAnError() throws IOException {
        byte[] whole = Fixtures.zipBytes(entries("a/A.class", classBytes("a/A"), "b/B.class", classBytes("b/B")));
        Path jar = Files.write(tmp.resolve("cut.jar"), Arrays.copyOf(whole, whole.length / 2));
        assertTrue(readFails(jar).getMessage().startsWith(jar + ": truncated or corrupt zip/jar"));
    }

    @Test
    void badMagicNamesFileAndEntry() throws IOException {
        byte[] zipInside = Fixtures.zipBytes(entries("x", new byte[] {1}));
        Path jar = writeJar(tmp.resolve("in.jar"), entries("a/B.class", zipInside));
        assertEquals(jar + ": entry a/B.class: not a class file (bad magic 0x504b0304)", readFails(jar).getMessage());
    }

    @Test
    void classVersionAsmCannotReadIsNamed() throws IOException {
        byte[] future = classBytes("a/B");
        future[6] = 0;
        future[7] = 99;
        Path jar = writeJar(tmp.resolve("in.jar"), entries("a/B.class", future));
        assertEquals(jar + ": entry a/B.class: class file version 99.0 (Java 55) is newer than ASM can read",
                readFails(jar).getMessage());
    }

    @Test
    void corruptClassIsAnError() throws IOException {
        byte[] cut = Arrays.copyOf(classBytes("a/B"), 20);
        Path jar = writeJar(tmp.resolve("in.jar"), entries("a/B.class", cut));
        assertTrue(readFails(jar).getMessage().startsWith(jar + ": entry a/B.class: corrupt class file"));
    }

    @Test
    void identicalCopiesOfAnEntryAreReadOnceWithOneWarning() throws IOException {
        // ZipOutputStream refuses duplicate names, so write two names of equal length and rename one.
        byte[] zip = Fixtures.zipBytes(entries("a/A.class", classBytes("a/A"), "a/Q.class", classBytes("a/A")));
        byte[] twice = Fixtures.patch(zip, "a/Q.class".getBytes(StandardCharsets.US_ASCII),
                "a/A.class".getBytes(StandardCharsets.US_ASCII));
        Path jar = Files.write(tmp.resolve("twice.jar"), twice);
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);
        assertEquals(List.of("a/A.class"), names(input));
        assertEquals(List.of(jar + ": entry a/A.class: stored 2 times (identical copies); copied once"), input.warnings());
    }

    @Test
    void differingCopiesOfAClassAreReadTheJvmsWay() throws IOException {
        byte[] first = classBytes("a/A", Opcodes.V1_8, "first");
        byte[] last = classBytes("a/A", Opcodes.V1_8, "last");
        byte[] zip = Fixtures.zipBytes(entries("a/A.class", first, "a/Q.class", last, "r/x.txt", new byte[] {1}));
        byte[] twice = Fixtures.patch(zip, "a/Q.class".getBytes(StandardCharsets.US_ASCII),
                "a/A.class".getBytes(StandardCharsets.US_ASCII));
        Path jar = Files.write(tmp.resolve("twice.jar"), twice);
        // what the JVM's class loader reads for the name: java.util.zip.ZipFile decides
        byte[] jvms;
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
            jvms = z.getInputStream(z.getEntry("a/A.class")).readAllBytes();
        }
        assertArrayEquals(last, jvms);
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);
        assertEquals(List.of("a/A.class", "r/x.txt"), names(input));
        assertArrayEquals(jvms, input.classes().get("a/A").bytes());
        assertArrayEquals(jvms, input.entries().get(0).bytes());
        assertEquals(List.of(jar + ": entry a/A.class: stored 2 times with different contents; the copy the JVM's"
                + " class loader reads (the last) is used"), input.warnings());
    }

    @Test
    void anInputWithoutClassFilesIsAnError() throws IOException {
        Path jar = writeJar(tmp.resolve("res.jar"), entries("r/x.txt", new byte[] {1}));
        assertEquals(jar + ": holds no class file; give the program's jars or class directories (libraries go to -cp)",
                readFails(jar).getMessage());
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertTrue(readFails(empty).getMessage().startsWith(empty + ": holds no class file"));
    }

    @Test
    void anInputWithoutClassFilesAmongInputsWithClassesIsAWarning() throws IOException {
        // as Guava's deliberately empty jar in a closure copied with dependency:copy-dependencies
        Path empty = writeJar(tmp.resolve("listenablefuture-9999.0-empty-to-avoid-conflict-with-guava.jar"),
                entries("META-INF/MANIFEST.MF", manifest()));
        Path app = writeJar(tmp.resolve("app.jar"), entries("a/A.class", classBytes("a/A")));
        ProgramInput input = ProgramInput.read(List.of(empty, app), 17, false);
        assertEquals(Set.of("a/A"), input.classes().keySet());
        assertEquals(List.of(empty + ": holds no class file; only its other entries are read"), input.warnings());

        Path res = writeJar(tmp.resolve("res.jar"), entries("r/x.txt", new byte[] {1}));
        assertEquals("no input holds a class file (" + empty + ", " + res + "); give the program's jars or class"
                + " directories (libraries go to -cp)", readFails(empty, res).getMessage());
    }

    @Test
    void sameNonClassEntriesOfSeveralInputsAreSummarised() throws IOException {
        Path one = writeJar(tmp.resolve("one.jar"), entries("META-INF/LICENSE", new byte[] {1}, "a/A.class",
                classBytes("a/A"), "r/x.txt", new byte[] {1}));
        Path two = writeJar(tmp.resolve("two.jar"), entries("META-INF/LICENSE", new byte[] {2}, "b/B.class",
                classBytes("b/B"), "r/x.txt", new byte[] {2}, "a/A.class", classBytes("a/A")));
        ProgramInput input = ProgramInput.read(List.of(one, two), 17, false);
        assertEquals(List.of(two + ": entry META-INF/LICENSE: ignored, " + one + " has it first",
                two + ": entry r/x.txt: ignored, " + one + " has it first"), input.shadowedEntries());
        assertEquals(List.of(two + ": entry a/A.class: ignored, " + one + " has it first",
                "2 non-class entries of later inputs left out, an earlier input having the same name (e.g. "
                        + two + ": entry META-INF/LICENSE: ignored, " + one + " has it first); -v and the JSON report"
                        + " list them"), input.warnings());
    }

    @Test
    void unsafeEntryNamesAreErrorsOrSkipped() throws IOException {
        Map<String, String> reasons = Map.of(
                "/abs.txt", "absolute entry name",
                "a/../../evil.txt", "'..' segment in entry name",
                "a\\b.txt", "backslash in entry name",
                "a\0b.txt", "NUL character in entry name");
        for (Map.Entry<String, String> c : reasons.entrySet()) {
            Path jar = writeJar(tmp.resolve("hostile.jar"), entries(c.getKey(), new byte[] {1}, "ok.txt", new byte[] {2},
                    "a/A.class", classBytes("a/A")));
            String expected = jar + ": entry " + EntryNames.printable(c.getKey()) + ": " + c.getValue();
            assertEquals(expected, readFails(jar).getMessage());

            ProgramInput skipped = ProgramInput.read(List.of(jar), 17, true);
            assertEquals(List.of("ok.txt", "a/A.class"), names(skipped));
            assertEquals(List.of(expected + "; skipped"), skipped.warnings());
        }
    }

    @Test
    void skipBrokenLeavesBrokenClassesOutWithAWarning() throws IOException {
        Path jar = writeJar(tmp.resolve("in.jar"), entries(
                "a/Bad.class", new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, "a/Good.class", classBytes("a/Good")));
        ProgramInput input = ProgramInput.read(List.of(jar), 17, true);
        assertEquals(List.of("a/Good.class"), names(input));
        assertEquals(Set.of("a/Good"), input.classes().keySet());
        assertEquals(List.of(jar + ": entry a/Bad.class: not a class file (bad magic 0x01020304); skipped"),
                input.warnings());
    }

    @Test
    void invalidClassNamesAreErrors() throws IOException {
        for (String bad : List.of("a//B", "a/B/", "a.B", "a/B;", "a/[B")) {
            Path jar = writeJar(tmp.resolve("in.jar"), entries("x/Y.class", classBytes(bad)));
            assertEquals(jar + ": entry x/Y.class: invalid class name '" + bad + "'", readFails(jar).getMessage());
        }
        Path jar = writeJar(tmp.resolve("in.jar"), entries("x/Y.class", classBytes("/x/Y")));
        assertTrue(readFails(jar).getMessage().contains("invalid class name '/x/Y'"));
    }

    @Test
    void moduleInfoIsCopiedButNotAProgramClass() throws IOException {
        Path jar = writeJar(tmp.resolve("in.jar"), entries(
                "META-INF/MANIFEST.MF", manifest("Multi-Release: true"),
                "module-info.class", Fixtures.moduleInfo("m"),
                "META-INF/versions/9/module-info.class", Fixtures.moduleInfo("m"),
                "a/A.class", classBytes("a/A")));
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);
        assertEquals(4, input.entries().size());
        assertEquals(Set.of("a/A"), input.classes().keySet());
        assertEquals(List.of(), input.warnings());
    }

    @Test
    void classUnderAnotherClassesNameIsBrokenOrSkipped() throws IOException {
        Path jar = writeJar(tmp.resolve("in.jar"), entries("wrong/Place.class", classBytes("a/A"), "b/B.class",
                classBytes("b/B")));
        assertEquals(jar + ": entry wrong/Place.class: holds class a/A, not wrong/Place as its name says",
                readFails(jar).getMessage());
        ProgramInput input = ProgramInput.read(List.of(jar), 17, true);
        assertEquals(List.of("b/B.class"), names(input));
        assertEquals(List.of(jar + ": entry wrong/Place.class: holds class a/A, not wrong/Place as its name says;"
                + " skipped"), input.warnings());
    }

    @Test
    void classUnderAPathNoClassCanHaveIsAResourceWithAWarning() throws IOException {
        Path jar = writeJar(tmp.resolve("in.jar"), entries("WEB-INF/classes/a/A.class", classBytes("a/A"),
                "b/B.class", classBytes("b/B")));
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);
        assertEquals(List.of("WEB-INF/classes/a/A.class", "b/B.class"), names(input));
        assertEquals(Set.of("b/B"), input.classes().keySet());
        assertEquals(List.of(jar + ": entry WEB-INF/classes/a/A.class: holds class a/A, copied as a resource"),
                input.warnings());
    }

    private Path multiReleaseJar(String name, boolean multiRelease) throws IOException {
        return writeJar(tmp.resolve(name), entries(
                "META-INF/MANIFEST.MF", multiRelease ? manifest("Multi-Release: true") : manifest(),
                "META-INF/versions/21/a/A.class", classBytes("a/A", Opcodes.V21, "v21"),
                "a/A.class", classBytes("a/A", Opcodes.V1_8, "base"),
                "META-INF/versions/11/a/A.class", classBytes("a/A", Opcodes.V11, "v11"),
                "META-INF/versions/9/a/A.class", classBytes("a/A", Opcodes.V9, "v9"),
                "META-INF/versions/11/a/Only11.class", classBytes("a/Only11", Opcodes.V11, null),
                "META-INF/versions/30/a/A.class", new byte[] {0}));
    }

    @Test
    void multiReleaseJarGivesTheHighestVersionNotAboveTheTarget() throws IOException {
        Path jar = multiReleaseJar("mr.jar", true);
        Map<Integer, String> expected = Map.of(8, "base", 9, "v9", 10, "v9", 11, "v11", 17, "v11", 21, "v21");
        for (Map.Entry<Integer, String> c : expected.entrySet()) {
            ProgramInput input = ProgramInput.read(List.of(jar), c.getKey(), false);
            ProgramClass a = input.classes().get("a/A");
            assertEquals(List.of(c.getValue()), fieldNames(a.bytes()), "target " + c.getKey());
            assertEquals(7, input.entries().size());
            assertEquals(c.getKey() >= 11, input.classes().containsKey("a/Only11"));
        }
        assertEquals("META-INF/versions/11/a/A.class",
                ProgramInput.read(List.of(jar), 17, false).classes().get("a/A").entryName());
    }

    @Test
    void versionsOfAPlainJarAreOnlyResources() throws IOException {
        Path jar = multiReleaseJar("plain.jar", false);
        ProgramInput input = ProgramInput.read(List.of(jar), 21, false);
        assertEquals(List.of("base"), fieldNames(input.classes().get("a/A").bytes()));
        assertEquals(Set.of("a/A"), input.classes().keySet());
        assertEquals(7, input.entries().size());
    }

    @Test
    void signatureFilesMarkTheirJarsPackagesSigned() throws IOException {
        Path signed = writeJar(tmp.resolve("signed.jar"), entries(
                "META-INF/MANIFEST.MF", manifest(), "META-INF/SIGNER.SF", new byte[] {1},
                "META-INF/SIGNER.RSA", new byte[] {2}, "s/S.class", classBytes("s/S"), "T.class", classBytes("T")));
        Path plain = writeJar(tmp.resolve("plain.jar"), entries("p/P.class", classBytes("p/P")));
        ProgramInput input = ProgramInput.read(List.of(plain, signed), 17, false);
        assertTrue(input.signed());
        assertEquals(Set.of("", "s"), input.signedPackages());

        assertFalse(ProgramInput.read(List.of(plain), 17, false).signed());
        for (String sig : List.of("META-INF/A.DSA", "META-INF/a.ec", "META-INF/x.sf")) {
            Path jar = writeJar(tmp.resolve("one.jar"), entries(sig, new byte[] {1}, "a/A.class", classBytes("a/A")));
            assertTrue(ProgramInput.read(List.of(jar), 17, false).signed(), sig);
        }
        Path notSig = writeJar(tmp.resolve("not.jar"), entries("META-INF/sub/A.SF", new byte[] {1}, "A.RSA", new byte[0],
                "a/A.class", classBytes("a/A")));
        assertFalse(ProgramInput.read(List.of(notSig), 17, false).signed());
    }

    @Test
    void readNeverModifiesTheInput() throws IOException {
        Path jar = multiReleaseJar("mr.jar", true);
        byte[] before = Files.readAllBytes(jar);
        ProgramInput.read(List.of(jar), 17, true);
        assertArrayEquals(before, Files.readAllBytes(jar));
    }

    private static List<String> fieldNames(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node.fields.stream().map(f -> f.name).collect(Collectors.toList());
    }
    @Test
    void entriesOfAJarAreCopiedFromItWhenWrittenNotKept() throws IOException {
        byte[] text = "hello".getBytes(StandardCharsets.UTF_8);
        Path jar = writeJar(tmp.resolve("in.jar"), entries("a/A.class", classBytes("a/A"), "a/data.txt", text,
                "a/", new byte[0]));
        ProgramInput input = ProgramInput.read(List.of(jar), 17, false);
        Map<String, InputEntry> byName = input.entries().stream()
                .collect(Collectors.toMap(InputEntry::name, e -> e));
        assertEquals(jar, byName.get("a/data.txt").rereadFrom());
        assertArrayEquals(text, byName.get("a/data.txt").bytes());
        // the analysis holds the class bytes; the entry itself is copied from the jar as stored there
        assertEquals(jar, byName.get("a/A.class").rereadFrom());
        assertArrayEquals(classBytes("a/A"), input.classes().get("a/A").bytes());
        assertArrayEquals(classBytes("a/A"), byName.get("a/A.class").bytes());
        assertEquals(jar, byName.get("a/").rereadFrom());
        Path out = tmp.resolve("out.jar");
        JarOutput.write(out, input.entries(), new java.util.TreeMap<>(), Set.of());
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(out.toFile())) {
            assertArrayEquals(text, z.getInputStream(z.getEntry("a/data.txt")).readAllBytes());
        }
        // a jar that is gone by the time the output is written: an input error naming it, no output
        Files.delete(jar);
        Path out2 = tmp.resolve("out2.jar");
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarOutput.write(out2, input.entries(), new java.util.TreeMap<>(), Set.of()));
        assertTrue(e.getMessage().startsWith(jar.toString()), e.getMessage());
        assertFalse(Files.exists(out2));
    }
}
