package org.jphantom.io;

import static org.jphantom.io.Fixtures.classBytes;
import static org.jphantom.io.Fixtures.entries;
import static org.jphantom.io.Fixtures.manifest;
import static org.jphantom.io.Fixtures.writeJar;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.JphantomException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

class LibraryPathTest {
    @TempDir
    Path tmp;

    @Test
    void firstElementWins() throws IOException {
        byte[] first = classBytes("a/A", Opcodes.V1_8, "first");
        Path jar = writeJar(tmp.resolve("one.jar"), entries("a/A.class", first, "module-info.class",
                Fixtures.moduleInfo("m")));
        Path dir = Fixtures.writeDir(tmp.resolve("dir"), entries(
                "a/A.class", classBytes("a/A", Opcodes.V1_8, "second"), "b/B.class", classBytes("b/B")));
        try (LibraryPath lib = LibraryPath.open(List.of(jar, dir), 17)) {
            assertArrayEquals(first, lib.find("a/A"));
            assertArrayEquals(classBytes("b/B"), lib.find("b/B"));
            assertNull(lib.find("c/C"));
            assertNull(lib.find("module-info"));
            assertTrue(lib.contains("b/B"));
            assertFalse(lib.contains("c/C"));
        }
    }

    @Test
    void emptyPathFindsNothing() {
        try (LibraryPath lib = LibraryPath.open(List.of(), 17)) {
            assertNull(lib.find("java/lang/Object"));
        }
    }

    @Test
    void multiReleaseAware() throws IOException {
        byte[] base = classBytes("a/A", Opcodes.V1_8, "base");
        byte[] v11 = classBytes("a/A", Opcodes.V11, "v11");
        Path jar = writeJar(tmp.resolve("mr.jar"), entries("META-INF/MANIFEST.MF", manifest("Multi-Release: true"),
                "a/A.class", base, "META-INF/versions/11/a/A.class", v11));
        try (LibraryPath lib8 = LibraryPath.open(List.of(jar), 8);
                LibraryPath lib17 = LibraryPath.open(List.of(jar), 17)) {
            assertArrayEquals(base, lib8.find("a/A"));
            assertArrayEquals(v11, lib17.find("a/A"));
        }
    }

    @Test
    void bytesAreReadOnFindNotOnOpen() throws IOException {
        Path dir = Fixtures.writeDir(tmp.resolve("dir"), entries("a/A.class", classBytes("a/A")));
        try (LibraryPath lib = LibraryPath.open(List.of(dir), 17)) {
            byte[] later = classBytes("a/A", Opcodes.V1_8, "later");
            Files.write(dir.resolve("a/A.class"), later);
            assertArrayEquals(later, lib.find("a/A"));
        }
    }

    @Test
    void brokenClassFailsOnFindWithItsLocation() throws IOException {
        Path jar = writeJar(tmp.resolve("lib.jar"), entries(
                "a/A.class", new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "b/B.class", classBytes("x/Y")));
        try (LibraryPath lib = LibraryPath.open(List.of(jar), 17)) {
            JphantomException e = assertThrows(JphantomException.class, () -> lib.find("a/A"));
            assertEquals(jar + ": entry a/A.class: not a class file (bad magic 0x01020304)", e.getMessage());
            e = assertThrows(JphantomException.class, () -> lib.find("b/B"));
            assertEquals(jar + ": entry b/B.class: holds class x/Y, not b/B", e.getMessage());
        }
    }

    @Test
    void missingOrNonZipElementsAreErrors() throws IOException {
        Path good = writeJar(tmp.resolve("good.jar"), entries("a/A.class", classBytes("a/A")));
        Path missing = tmp.resolve("missing.jar");
        JphantomException e = assertThrows(JphantomException.class, () -> LibraryPath.open(List.of(good, missing), 17));
        assertEquals(missing + ": no such file or directory", e.getMessage());
        Path text = Files.writeString(tmp.resolve("text.jar"), "text");
        e = assertThrows(JphantomException.class, () -> LibraryPath.open(List.of(text), 17));
        assertEquals(text + ": not a zip/jar", e.getMessage());
    }
}
