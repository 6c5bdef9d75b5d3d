package org.jphantom.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link RawZipWriter} writes the very bytes that Commons Compress's
 * {@code ZipArchiveOutputStream.addRawArchiveEntry} writes for the same entries (its defaults, the
 * fixed time of {@link JarOutput}; JarOutput used it before), for every shape the writer has a rule
 * for: stored and deflated entries, empty ones, directories, names in 1- to 4-byte UTF-8 and with an
 * unpaired surrogate, 65,534 and 65,535 entries (the zip64 end record's threshold), entries of 4 GiB
 * and more (by size, by compressed size, exactly {@code 0xFFFFFFFF}), and local headers past 4 GiB.
 * The last two write a lot and are tagged {@code corpus} (CI runs them, {@code mvn verify} does not).
 */
class RawZipWriterTest {
    /**
     * One entry: its name, method, CRC and sizes as the headers say them, and its data ({@code null}:
     * {@code size} zero bytes, streamed).
     */
    private record Entry(String name, int method, long crc, long size, long compressedSize, byte[] data) {
        /** A real entry: {@code content}, stored or deflated. */
        static Entry of(String name, int method, byte[] content) {
            CRC32 crc = new CRC32();
            crc.update(content);
            byte[] data = method == RawZipWriter.STORED ? content : deflate(content);
            return new Entry(name, method, crc.getValue(), content.length, data.length, data);
        }
    }

    @Test
    void storedDeflatedEmptyAndDirectoryEntriesAndNamesInEveryUtf8Length() throws IOException {
        byte[] text = "some text, some text, some text again\n".repeat(50).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<Entry> entries = List.of(
                Entry.of("META-INF/", RawZipWriter.DEFLATED, new byte[0]),
                Entry.of("META-INF/MANIFEST.MF", RawZipWriter.DEFLATED, "Manifest-Version: 1.0\r\n\r\n".getBytes()),
                Entry.of("a/", RawZipWriter.STORED, new byte[0]),
                Entry.of("a/Stored.bin", RawZipWriter.STORED, text),
                Entry.of("a/Deflated.txt", RawZipWriter.DEFLATED, text),
                Entry.of("a/empty", RawZipWriter.STORED, new byte[0]),
                Entry.of("a/caf\u00e9/\u4e2d\u6587/\ud83d\ude00.class", RawZipWriter.DEFLATED, text),
                Entry.of("a/lone\ud800surrogate\udc00s.class", RawZipWriter.DEFLATED, text));
        byte[] ours = ours(entries);
        assertArrayEquals(commonsCompress(entries), ours);
        // and a zip the JDK reads back as written
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(ours))) {
            for (Entry e : entries) {
                ZipEntry z = in.getNextEntry();
                assertEquals(e.method(), z.getMethod(), e.name());
                if (!e.name().contains("lone")) {
                    assertEquals(e.name(), z.getName());
                }
                assertEquals(e.size(), in.readAllBytes().length, e.name());
            }
        }
    }

    @Test
    @Tag("corpus") // runs with mvn verify -Pcorpus (CI): 260,000 entries written
    void theZip64EndRecordComesWith65535Entries() throws IOException {
        for (int n : new int[] {65_534, 65_535}) {
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                entries.add(Entry.of("r/" + i, i % 1000 == 0 ? RawZipWriter.DEFLATED : RawZipWriter.STORED, new byte[] {(byte) i}));
            }
            byte[] ours = ours(entries);
            assertArrayEquals(commonsCompress(entries), ours, n + " entries");
            assertEquals(n == 65_535, indexOf(ours, new byte[] {0x50, 0x4b, 0x06, 0x06}) >= 0, n + " entries");
        }
    }

    @Test
    void entriesOf4GibAndMoreGetZip64ExtraFields() throws IOException {
        long g4 = 0xFFFFFFFFL;
        byte[] some = {1, 2, 3};
        List<Entry> entries = List.of(
                Entry.of("small", RawZipWriter.DEFLATED, some),
                // the headers say what the caller says; the data here is a stand-in (the caller
                // checks how much it copied)
                new Entry("exactly-4g", RawZipWriter.DEFLATED, 7, g4, 100, some),
                new Entry("large-size", RawZipWriter.DEFLATED, 7, 5L << 30, 100, some),
                new Entry("large-compressed", RawZipWriter.DEFLATED, 7, 100, 5L << 30, some),
                new Entry("large-stored", RawZipWriter.STORED, 7, 6L << 30, 6L << 30, some),
                new Entry("just-under", RawZipWriter.DEFLATED, 7, g4 - 1, g4 - 1, some),
                Entry.of("after", RawZipWriter.STORED, some));
        assertArrayEquals(commonsCompress(entries), ours(entries));
    }

    @Test
    @Tag("corpus") // runs with mvn verify -Pcorpus (CI): twice 4 GiB written
    void localHeadersPast4GibGetTheirOffsetInAZip64ExtraField() throws IOException {
        // 4 GiB of real data (zeros): both outputs are reduced on the fly to their length and their
        // bytes other than zero, by position
        long big = (1L << 32) + 12_345;
        List<Entry> entries = List.of(
                Entry.of("first", RawZipWriter.DEFLATED, new byte[] {1}),
                new Entry("huge", RawZipWriter.STORED, 7, big, big, null),
                Entry.of("far", RawZipWriter.DEFLATED, new byte[] {2, 3}),
                Entry.of("farther", RawZipWriter.STORED, new byte[] {4}));
        Summary ours = new Summary();
        ours(entries, ours);
        Summary theirs = new Summary();
        commonsCompress(entries, theirs);
        assertEquals(theirs.length, ours.length);
        assertTrue(ours.length > big);
        assertEquals(theirs.nonZero, ours.nonZero);
        assertTrue(ours.nonZero.size() > 100, "headers seen: " + ours.nonZero.size());
    }

    @Test
    void aNameLongerThanAHeaderHoldsIsRefused() {
        RawZipWriter zip = new RawZipWriter(OutputStream.nullOutputStream());
        String name = "\u00e9".repeat(40_000); // 80,000 bytes in UTF-8
        assertThrows(IllegalArgumentException.class, () -> zip.add(name, RawZipWriter.STORED, 0, 0, new byte[0], 0));
    }

    private static byte[] ours(List<Entry> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ours(entries, bytes);
        return bytes.toByteArray();
    }

    private static void ours(List<Entry> entries, OutputStream out) throws IOException {
        RawZipWriter zip = new RawZipWriter(out);
        for (Entry e : entries) {
            zip.add(e.name(), e.method(), e.crc(), e.size(), e.compressedSize(), stream(e));
        }
        zip.finish();
    }

    private static byte[] commonsCompress(List<Entry> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        commonsCompress(entries, bytes);
        return bytes.toByteArray();
    }

    /** As JarOutput wrote its jars before {@link RawZipWriter}. */
    private static void commonsCompress(List<Entry> entries, OutputStream out) throws IOException {
        long time = JarOutput.FIXED_TIME.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(out)) {
            for (Entry e : entries) {
                ZipArchiveEntry entry = new ZipArchiveEntry(e.name());
                entry.setMethod(e.method());
                entry.setCrc(e.crc());
                entry.setSize(e.size());
                entry.setCompressedSize(e.compressedSize());
                entry.setTime(time);
                zip.addRawArchiveEntry(entry, stream(e));
            }
        }
    }

    /** The data of {@code e} as a stream (zeros made on demand: no 4 GiB array). */
    private static InputStream stream(Entry e) {
        if (e.data() != null) {
            return new ByteArrayInputStream(e.data());
        }
        return new InputStream() {
            private long left = e.size();

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left == 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                Arrays.fill(b, off, off + n, (byte) 0);
                left -= n;
                return n;
            }
        };
    }

    /** An output reduced to its length and its bytes other than zero (all but the headers here). */
    private static final class Summary extends OutputStream {
        private static final byte[] ZEROS = new byte[64 * 1024];
        private final Map<Long, Byte> nonZero = new HashMap<>();
        private long length;

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int done = 0; done < len; done += ZEROS.length) {
                int n = Math.min(ZEROS.length, len - done);
                if (Arrays.mismatch(b, off + done, off + done + n, ZEROS, 0, n) >= 0) {
                    for (int i = 0; i < n; i++) {
                        if (b[off + done + i] != 0) {
                            nonZero.put(length + done + i, b[off + done + i]);
                        }
                    }
                }
            }
            length += len;
        }
    }

    private static byte[] deflate(byte[] content) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(content);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static int indexOf(byte[] b, byte[] what) {
        for (int i = b.length - what.length; i >= 0; i--) {
            if (Arrays.equals(b, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }
}
