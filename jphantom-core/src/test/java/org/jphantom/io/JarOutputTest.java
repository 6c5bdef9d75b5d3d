package org.jphantom.io;

import static org.jphantom.io.Fixtures.classBytes;
import static org.jphantom.io.Fixtures.manifest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.jar.JarInputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.jphantom.JphantomException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JarOutputTest {
    @TempDir
    Path tmp;

    private static final byte[] MANIFEST = manifest("Main-Class: a.Main", "Created-By: someone");

    private static List<InputEntry> inputEntries() {
        return List.of(
                new InputEntry("z/Last.txt", "z".getBytes(StandardCharsets.UTF_8), "in.jar"),
                new InputEntry("a/", new byte[0], "in.jar"),
                new InputEntry("META-INF/MANIFEST.MF", MANIFEST, "in.jar"),
                new InputEntry("a/Main.class", classBytes("a/Main"), "in.jar"),
                new InputEntry("META-INF/SIGNER.SF", new byte[] {1}, "in.jar"),
                new InputEntry("META-INF/", new byte[0], "in.jar"),
                new InputEntry("META-INF/LICENSE", new byte[] {2}, "in.jar"));
    }

    private static SortedMap<String, byte[]> generated() {
        SortedMap<String, byte[]> generated = new TreeMap<>();
        generated.put("p/Phantom", classBytes("p/Phantom"));
        generated.put("a/Missing", classBytes("a/Missing"));
        return generated;
    }

    private static List<String> names(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void writesSortedEntriesManifestFirstWithoutDroppedOnes() throws IOException {
        Path out = tmp.resolve("out.jar");
        JarOutput.write(out, inputEntries(), generated(), Set.of("META-INF/SIGNER.SF", "not/there"));

        assertEquals(List.of("META-INF/", "META-INF/MANIFEST.MF", "META-INF/LICENSE", "a/", "a/Main.class",
                "a/Missing.class", "p/Phantom.class", "z/Last.txt"), names(out));
        try (ZipFile zip = new ZipFile(out.toFile())) {
            assertArrayEquals(MANIFEST, zip.getInputStream(zip.getEntry("META-INF/MANIFEST.MF")).readAllBytes());
            assertArrayEquals(classBytes("p/Phantom"), zip.getInputStream(zip.getEntry("p/Phantom.class")).readAllBytes());
            for (ZipEntry entry : Collections.list(zip.entries())) {
                assertEquals(ZipEntry.DEFLATED, entry.getMethod(), entry.getName());
                assertNull(entry.getExtra(), entry.getName());
                assertEquals(JarOutput.FIXED_TIME, entry.getTimeLocal(), entry.getName());
            }
            assertNull(zip.getComment());
        }
        try (ZipInputStream local = new ZipInputStream(Files.newInputStream(out))) {
            for (ZipEntry entry = local.getNextEntry(); entry != null; entry = local.getNextEntry()) {
                assertNull(entry.getExtra(), "local header of " + entry.getName());
            }
        }
        try (JarInputStream jar = new JarInputStream(Files.newInputStream(out))) {
            assertEquals("a.Main", jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    @Test
    void sameContentGivesSameBytesInAnyTimeZoneAndInputOrder() throws IOException {
        TimeZone saved = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati"));
            Path first = tmp.resolve("first.jar");
            JarOutput.write(first, inputEntries(), generated(), Set.of());

            TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
            Path second = tmp.resolve("second.jar");
            List<InputEntry> reversed = new ArrayList<>(inputEntries());
            Collections.reverse(reversed);
            JarOutput.write(second, reversed, generated(), Set.of());

            assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void replacesAnExistingFile() throws IOException {
        Path out = Files.writeString(tmp.resolve("out.jar"), "old");
        JarOutput.write(out, List.of(), generated(), Set.of());
        assertEquals(List.of("a/Missing.class", "p/Phantom.class"), names(out));
        assertEquals(List.of("out.jar"), listing(tmp));
    }

    @Test
    void generatedNameClashingWithAnInputEntryIsRejected() {
        List<InputEntry> entries = List.of(new InputEntry("a/Missing.class", new byte[] {1}, "in.jar"));
        Path out = tmp.resolve("out.jar");
        assertThrows(IllegalArgumentException.class, () -> JarOutput.write(out, entries, generated(), Set.of()));
        assertFalse(Files.exists(out));
        // Dropping the input entry makes the name free again.
        JarOutput.write(out, entries, generated(), Set.of("a/Missing.class"));
        assertTrue(Files.exists(out));
    }

    @Test
    void duplicateInputEntriesAndBadGeneratedNamesAreRejected() {
        Path out = tmp.resolve("out.jar");
        List<InputEntry> twice = List.of(new InputEntry("x", new byte[0], "a.jar"), new InputEntry("x", new byte[0], "b.jar"));
        assertThrows(IllegalArgumentException.class, () -> JarOutput.write(out, twice, new TreeMap<>(), Set.of()));
        List<InputEntry> unsafe = List.of(new InputEntry("../x", new byte[0], "a.jar"));
        assertThrows(IllegalArgumentException.class, () -> JarOutput.write(out, unsafe, new TreeMap<>(), Set.of()));
        for (String bad : List.of("../Evil", "/abs/A", "a.B", "")) {
            SortedMap<String, byte[]> generated = new TreeMap<>();
            generated.put(bad, new byte[] {1});
            assertThrows(IllegalArgumentException.class, () -> JarOutput.write(out, List.of(), generated, Set.of()), bad);
            assertThrows(IllegalArgumentException.class, () -> JarOutput.writeClassFiles(tmp.resolve("d"), generated));
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void failedWriteLeavesNoFileAndNoTempFile() throws IOException {
        // The rename onto a non-empty directory fails after the jar was fully written to the temp file.
        Path blocked = tmp.resolve("blocked.jar");
        Files.createDirectories(blocked.resolve("inside"));
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarOutput.write(blocked, inputEntries(), generated(), Set.of()));
        assertTrue(e.getMessage().startsWith(blocked + ": cannot write"), e.getMessage());
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertEquals(List.of("blocked.jar"), listing(tmp));
        assertTrue(Files.isDirectory(blocked.resolve("inside")));

        Path noParent = tmp.resolve("no/such/dir/out.jar");
        e = assertThrows(JphantomException.class, () -> JarOutput.write(noParent, inputEntries(), generated(), Set.of()));
        assertTrue(e.getMessage().startsWith(noParent + ": cannot write"), e.getMessage());
        assertEquals(List.of("blocked.jar"), listing(tmp));
    }

    @Test
    void writesClassFilesIntoADirectory() throws IOException {
        Path dir = tmp.resolve("classes");
        JarOutput.writeClassFiles(dir, generated());
        assertArrayEquals(classBytes("p/Phantom"), Files.readAllBytes(dir.resolve("p/Phantom.class")));
        assertArrayEquals(classBytes("a/Missing"), Files.readAllBytes(dir.resolve("a/Missing.class")));
    }

    @Test
    void roundTripThroughProgramInput() throws IOException {
        Path out = tmp.resolve("out.jar");
        JarOutput.write(out, inputEntries(), generated(), Set.of("META-INF/SIGNER.SF"));
        ProgramInput input = ProgramInput.read(List.of(out), 17, false);
        assertEquals(Set.of("a/Main", "a/Missing", "p/Phantom"), input.classes().keySet());
        assertFalse(input.signed());
        Path again = tmp.resolve("again.jar");
        JarOutput.write(again, input.entries(), new TreeMap<>(), Set.of());
        assertArrayEquals(Files.readAllBytes(out), Files.readAllBytes(again));
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
