package org.jphantom.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes a zip of entries whose compressed bytes, method, CRC-32 and sizes are known before they
 * are written: what {@link JarOutput} makes, in one pass over a plain output stream.
 *
 * <p>The layout is the one Commons Compress's {@code ZipArchiveOutputStream.addRawArchiveEntry}
 * gives such entries with its defaults (UTF-8 names, zip64 as needed, no comment), byte for byte, so
 * jars are the same whichever of the two wrote them: every local header holds the CRC and sizes (no
 * data descriptor), general purpose bit 11 (UTF-8 names), the fixed time of {@link JarOutput} as DOS
 * date and time, and no extra field but zip64's; the central directory follows the entries, "made
 * by" FAT, with no attributes and no comments. Zip64 only where the sizes need it:
 * <ul>
 *   <li>an entry of 4 GiB or more (either size) gets a zip64 extra field with both sizes in both its
 *       headers, whose size fields then hold {@code 0xFFFFFFFF};</li>
 *   <li>an entry whose local header starts at 4 GiB or more gets its offset in a zip64 extra field
 *       of its central header;</li>
 *   <li>after either, or with 65,535 entries or more, or a central directory that starts or ends
 *       past 4 GiB, the end record is preceded by a zip64 end record and its locator.</li>
 * </ul>
 * "Version needed" is 10 for a stored entry, 20 for a deflated one, 45 with a zip64 extra field;
 * "version made by" is 20 until the first zip64 feature is written, 45 from then on (so, as in
 * Commons Compress, central headers after an entry's zip64 offset say 45).
 *
 * <p>A name is written as {@link String#getBytes UTF-8} (an unpaired surrogate becomes {@code '?'},
 * as Commons Compress's encoder makes it). The caller checks names (unique, safe); this class only
 * refuses a name longer than a zip header can hold. Not thread-safe; one writer per output.
 */
final class RawZipWriter {
    static final int STORED = 0;
    static final int DEFLATED = 8;

    private static final long ZIP64_MAGIC = 0xFFFFFFFFL;
    private static final int ZIP64_MAGIC_SHORT = 0xFFFF;
    private static final int UTF8_NAMES = 1 << 11;
    /** {@link JarOutput#FIXED_TIME}, 1980-02-01 00:00, as DOS time and date fields. */
    private static final int DOS_TIME = 0;
    private static final int DOS_DATE = (1980 - 1980) << 9 | 2 << 5 | 1;

    private final OutputStream out;
    private final byte[] copyBuffer = new byte[32 * 1024];
    private long written;
    private boolean usedZip64;
    private int count;
    private byte[][] names = new byte[256][];
    private long[] numbers = new long[256 * 4];
    private int[] methods = new int[256];

    /** Writes to {@code out} (which the caller buffers and closes). */
    RawZipWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * Adds an entry whose data (compressed as {@code method} says) is the whole of {@code data};
     * returns how many bytes that was, which the caller compares with {@code compressedSize} (the
     * headers say {@code compressedSize}, whatever the stream held). For a stored entry the
     * compressed size is its size.
     */
    long add(String name, int method, long crc, long size, long compressedSize, InputStream data) throws IOException {
        header(name, method, crc, size, compressedSize);
        long copied = 0;
        for (int n = data.read(copyBuffer); n >= 0; n = data.read(copyBuffer)) {
            out.write(copyBuffer, 0, n);
            copied += n;
        }
        written += copied;
        return copied;
    }

    /** {@link #add(String, int, long, long, long, InputStream)} of data held in memory. */
    void add(String name, int method, long crc, long size, byte[] data, int length) throws IOException {
        header(name, method, crc, size, length);
        out.write(data, 0, length);
        written += length;
    }

    /** Writes the local header of an entry and records it for the central directory. */
    private void header(String name, int method, long crc, long size, long compressedSize) throws IOException {
        byte[] encoded = name.getBytes(StandardCharsets.UTF_8);
        if (encoded.length > ZIP64_MAGIC_SHORT) {
            throw new IllegalArgumentException("entry name too long: " + EntryNames.printable(name));
        }
        long csize = method == STORED ? size : compressedSize;
        boolean large = size >= ZIP64_MAGIC || csize >= ZIP64_MAGIC;
        usedZip64 |= large;
        byte[] h = new byte[30 + encoded.length + (large ? 20 : 0)];
        putInt(h, 0, 0x04034b50);
        putShort(h, 4, versionNeeded(method, large));
        putShort(h, 6, UTF8_NAMES);
        putShort(h, 8, method);
        putShort(h, 10, DOS_TIME);
        putShort(h, 12, DOS_DATE);
        putInt(h, 14, crc);
        putInt(h, 18, large ? ZIP64_MAGIC : csize);
        putInt(h, 22, large ? ZIP64_MAGIC : size);
        putShort(h, 26, encoded.length);
        putShort(h, 28, large ? 20 : 0);
        System.arraycopy(encoded, 0, h, 30, encoded.length);
        if (large) {
            int at = 30 + encoded.length;
            putShort(h, at, 1);
            putShort(h, at + 2, 16);
            putLong(h, at + 4, size);
            putLong(h, at + 12, csize);
        }
        record(encoded, method, crc, size, csize);
        out.write(h);
        written += h.length;
    }

    private void record(byte[] name, int method, long crc, long size, long csize) {
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            methods = Arrays.copyOf(methods, count * 2);
            numbers = Arrays.copyOf(numbers, count * 8);
        }
        names[count] = name;
        methods[count] = method;
        numbers[4 * count] = crc;
        numbers[4 * count + 1] = size;
        numbers[4 * count + 2] = csize;
        numbers[4 * count + 3] = written;
        count++;
    }

    /** Writes the central directory and the end records; the caller then closes the stream. */
    void finish() throws IOException {
        long cdOffset = written;
        for (int i = 0; i < count; i++) {
            centralHeader(i);
        }
        long cdLength = written - cdOffset;
        usedZip64 |= count >= ZIP64_MAGIC_SHORT || cdLength >= ZIP64_MAGIC || cdOffset >= ZIP64_MAGIC;
        byte[] end = new byte[usedZip64 ? 56 + 20 + 22 : 22];
        int at = 0;
        if (usedZip64) {
            putInt(end, 0, 0x06064b50);
            putLong(end, 4, 44);
            putShort(end, 12, 45);
            putShort(end, 14, 45);
            // 16, 20: this disk, the central directory's disk: 0
            putLong(end, 24, count);
            putLong(end, 32, count);
            putLong(end, 40, cdLength);
            putLong(end, 48, cdOffset);
            putInt(end, 56, 0x07064b50);
            // 60: the zip64 end record's disk: 0
            putLong(end, 64, written);
            putInt(end, 72, 1);
            at = 76;
        }
        putInt(end, at, 0x06054b50);
        // at + 4, at + 6: this disk, the central directory's disk: 0
        putShort(end, at + 8, Math.min(count, ZIP64_MAGIC_SHORT));
        putShort(end, at + 10, Math.min(count, ZIP64_MAGIC_SHORT));
        putInt(end, at + 12, Math.min(cdLength, ZIP64_MAGIC));
        putInt(end, at + 16, Math.min(cdOffset, ZIP64_MAGIC));
        // at + 20: comment length 0
        out.write(end);
        written += end.length;
    }

    private void centralHeader(int i) throws IOException {
        byte[] name = names[i];
        int method = methods[i];
        long crc = numbers[4 * i];
        long size = numbers[4 * i + 1];
        long csize = numbers[4 * i + 2];
        long offset = numbers[4 * i + 3];
        boolean large = size >= ZIP64_MAGIC || csize >= ZIP64_MAGIC;
        boolean farOffset = offset >= ZIP64_MAGIC;
        int extra = large || farOffset ? 4 + (large ? 16 : 0) + (farOffset ? 8 : 0) : 0;
        usedZip64 |= extra > 0;
        byte[] h = new byte[46 + name.length + extra];
        putInt(h, 0, 0x02014b50);
        putShort(h, 4, usedZip64 ? 45 : 20);
        putShort(h, 6, versionNeeded(method, extra > 0));
        putShort(h, 8, UTF8_NAMES);
        putShort(h, 10, method);
        putShort(h, 12, DOS_TIME);
        putShort(h, 14, DOS_DATE);
        putInt(h, 16, crc);
        putInt(h, 20, large ? ZIP64_MAGIC : csize);
        putInt(h, 24, large ? ZIP64_MAGIC : size);
        putShort(h, 28, name.length);
        putShort(h, 30, extra);
        // 32 comment length, 34 disk, 36 internal attributes, 38 external attributes: 0
        putInt(h, 42, farOffset ? ZIP64_MAGIC : offset);
        System.arraycopy(name, 0, h, 46, name.length);
        if (extra > 0) {
            int at = 46 + name.length;
            putShort(h, at, 1);
            putShort(h, at + 2, extra - 4);
            at += 4;
            if (large) {
                putLong(h, at, size);
                putLong(h, at + 8, csize);
                at += 16;
            }
            if (farOffset) {
                putLong(h, at, offset);
            }
        }
        out.write(h);
        written += h.length;
    }

    private static int versionNeeded(int method, boolean zip64) {
        if (zip64) {
            return 45;
        }
        return method == DEFLATED ? 20 : 10;
    }

    private static void putShort(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
    }

    private static void putInt(byte[] b, int at, long v) {
        putShort(b, at, (int) v & 0xFFFF);
        putShort(b, at + 2, (int) (v >>> 16) & 0xFFFF);
    }

    private static void putLong(byte[] b, int at, long v) {
        putInt(b, at, v & ZIP64_MAGIC);
        putInt(b, at + 4, v >>> 32);
    }
}
