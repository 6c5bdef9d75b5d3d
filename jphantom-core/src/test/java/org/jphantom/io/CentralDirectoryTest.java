package org.jphantom.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.Zip64Mode;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The central directory as the raw copy reads it agrees with the JDK's ZipFile on every entry:
 * method, CRC, sizes, and the stored bytes, which inflate to the JDK's content.
 */
class CentralDirectoryTest {
    @TempDir
    Path tmp;

    private static final byte[] PREFIX = "#!/bin/sh\nexec java -jar \"$0\" \"$@\"\n".getBytes(StandardCharsets.US_ASCII);

    /** Entries of every kind: a directory, stored and deflated files, a name outside ASCII. */
    private static void entries(EntryWriter w) throws IOException {
        w.put("META-INF/", new byte[0], true);
        w.put("a/B.class", "class bytes ".repeat(200).getBytes(StandardCharsets.UTF_8), false);
        w.put("a/stored.bin", new byte[] {1, 2, 3, 4, 5}, true);
        w.put("r/caf\u00e9.txt", "caf\u00e9".getBytes(StandardCharsets.UTF_8), false);
        w.put("empty.txt", new byte[0], false);
    }

    private interface EntryWriter {
        void put(String name, byte[] content, boolean stored) throws IOException;
    }

    private static void jdkZip(OutputStream out) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            entries((name, content, stored) -> {
                ZipEntry e = new ZipEntry(name);
                if (stored) {
                    CRC32 crc = new CRC32();
                    crc.update(content);
                    e.setMethod(ZipEntry.STORED);
                    e.setSize(content.length);
                    e.setCompressedSize(content.length);
                    e.setCrc(crc.getValue());
                }
                zip.putNextEntry(e);
                zip.write(content);
                zip.closeEntry();
            });
        }
    }

    private static void zip64(OutputStream out) throws IOException {
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(out)) {
            zip.setUseZip64(Zip64Mode.Always);
            entries((name, content, stored) -> {
                ZipArchiveEntry e = new ZipArchiveEntry(name);
                if (stored) {
                    CRC32 crc = new CRC32();
                    crc.update(content);
                    e.setMethod(ZipEntry.STORED);
                    e.setSize(content.length);
                    e.setCrc(crc.getValue());
                }
                zip.putArchiveEntry(e);
                zip.write(content);
                zip.closeArchiveEntry();
            });
        }
    }

    private Path write(String name, boolean zip64, boolean prefix) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (prefix) {
            bytes.write(PREFIX);
        }
        if (zip64) {
            zip64(bytes);
        } else {
            jdkZip(bytes);
        }
        return Files.write(tmp.resolve(name), bytes.toByteArray());
    }

    // (a zip64 jar with bytes in front is not here: the JDK's ZipFile refuses it, so no program is read from one)
    @ParameterizedTest
    @ValueSource(strings = {"plain", "zip64", "prefix"})
    void everyEntryAsTheJdkReadsIt(String layout) throws IOException {
        Path jar = write(layout + ".jar", layout.contains("zip64"), layout.contains("prefix"));
        int seen = 0;
        try (ZipFile jdk = new ZipFile(jar.toFile()); CentralDirectory cd = CentralDirectory.open(jar)) {
            for (ZipEntry e : Collections.list(jdk.entries())) {
                CentralDirectory.Entry raw = cd.get(e.getName());
                assertNotNull(raw, e.getName());
                assertEquals(e.getMethod(), raw.method(), e.getName());
                assertEquals(e.getCrc(), raw.crc(), e.getName());
                assertEquals(e.getSize(), raw.size(), e.getName());
                assertEquals(e.getCompressedSize(), raw.compressedSize(), e.getName());
                byte[] stored;
                try (InputStream in = cd.data(raw)) {
                    stored = in.readAllBytes();
                }
                assertEquals(raw.compressedSize(), stored.length, e.getName());
                byte[] content = raw.method() == ZipEntry.STORED ? stored
                        : new InflaterInputStream(new java.io.ByteArrayInputStream(stored), new Inflater(true)).readAllBytes();
                try (InputStream in = jdk.getInputStream(e)) {
                    assertArrayEquals(in.readAllBytes(), content, e.getName());
                }
                seen++;
            }
        }
        assertEquals(5, seen);
    }

    @Test
    void aNameStoredTwiceIsMarked() throws IOException {
        // two central directory headers of one name, as some tools write them (jython's licence files)
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            for (String name : List.of("x.txt", "y.txt", "x.txt")) {
                zip.putArchiveEntry(new ZipArchiveEntry(name));
                zip.write(name.getBytes(StandardCharsets.UTF_8));
                zip.closeArchiveEntry();
            }
        }
        Path jar = Files.write(tmp.resolve("twice.jar"), bytes.toByteArray());
        try (CentralDirectory cd = CentralDirectory.open(jar)) {
            assertSame(CentralDirectory.DUPLICATE, cd.get("x.txt"));
            assertEquals(8, cd.get("y.txt").method());
            assertEquals(null, cd.get("z.txt"));
        }
    }

    @Test
    void notAZipAndATruncatedEntry() throws IOException {
        Path text = Files.write(tmp.resolve("text.jar"), "no zip here".getBytes(StandardCharsets.US_ASCII));
        assertThrows(ZipException.class, () -> CentralDirectory.open(text).close());
        // an entry whose data runs past the end of the file: the stream ends early
        Path jar = write("plain.jar", false, false);
        try (CentralDirectory cd = CentralDirectory.open(jar)) {
            CentralDirectory.Entry e = cd.get("a/B.class");
            CentralDirectory.Entry longer = new CentralDirectory.Entry(e.method(), e.flags(), e.crc(),
                    Files.size(jar), e.size(), e.offset());
            try (InputStream in = cd.data(longer)) {
                long n = in.readAllBytes().length;
                // from the entry's data to the end of the file: more than the entry, less than the file
                org.junit.jupiter.api.Assertions.assertTrue(n > e.compressedSize() && n < Files.size(jar), "read " + n);
            }
        }
    }
}
