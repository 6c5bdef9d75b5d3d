package org.jphantom.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipException;

/**
 * The central directory of a zip file, read for copying entries as they are stored (APPNOTE 4.3.12,
 * 4.3.16, and their zip64 forms 4.3.14, 4.3.15, 4.5.3): per entry name, the method, the general
 * purpose flags, CRC-32, sizes and where its data starts. Only the fixed fields are decoded, nothing
 * per entry but its name (UTF-8, as the JDK's {@link java.util.zip.ZipFile} reads the names the
 * program was read under). A jar with bytes before its first entry (a launcher script in front) is
 * read as the JDK reads it: offsets count from where the zip data begins. The count of entries in
 * the end record is not trusted: every header up to the directory's end is read.
 */
final class CentralDirectory implements AutoCloseable {
    private static final int LOCAL_HEADER = 0x04034b50;
    private static final int CENTRAL_HEADER = 0x02014b50;
    private static final int END = 0x06054b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_END = 0x06064b50;
    private static final int END_SIZE = 22;
    private static final long MAX_U4 = 0xffffffffL;

    /** One entry as the central directory gives it; {@code offset} is its local header's, in the file. */
    record Entry(int method, int flags, long crc, long compressedSize, long size, long offset) {
        /** Whether general purpose bit 0 (encryption) is set. */
        boolean encrypted() {
            return (flags & 1) != 0;
        }
    }

    /** A name the central directory holds more than once. */
    static final Entry DUPLICATE = new Entry(-1, 0, 0, 0, 0, 0);

    private final FileChannel channel;
    private final Map<String, Entry> entries;

    private CentralDirectory(FileChannel channel, Map<String, Entry> entries) {
        this.channel = channel;
        this.entries = entries;
    }

    /** Opens {@code zip} and reads its central directory; the file stays open for {@link #data}. */
    static CentralDirectory open(Path zip) throws IOException {
        FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ);
        try {
            return new CentralDirectory(channel, read(channel));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The entry named {@code name}, {@link #DUPLICATE} if it is stored more than once, {@code null} if none. */
    Entry get(String name) {
        return entries.get(name);
    }

    /**
     * The stored (compressed) bytes of {@code entry}: its local header is read to find where they
     * start. The stream ends after {@code entry.compressedSize()} bytes, or earlier at the end of
     * the file (a truncated jar: the caller compares what it copied with the size).
     */
    InputStream data(Entry entry) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(30).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        readFully(channel, header, entry.offset());
        if (header.getInt(0) != LOCAL_HEADER) {
            throw new ZipException("no local header at offset " + entry.offset());
        }
        long start = entry.offset() + 30 + (header.getShort(26) & 0xffff) + (header.getShort(28) & 0xffff);
        return new Bounded(channel, start, start + entry.compressedSize());
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static Map<String, Entry> read(FileChannel channel) throws IOException {
        long length = channel.size();
        int tail = (int) Math.min(length, END_SIZE + 0xffff);
        ByteBuffer end = ByteBuffer.allocate(tail).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        readFully(channel, end, length - tail);
        // the last end record whose comment ends the file; failing that (bytes after the zip), the last one
        int at = -1;
        for (int exact = 1; exact >= 0 && at < 0; exact--) {
            for (int i = tail - END_SIZE; i >= 0; i--) {
                int after = i + END_SIZE + (end.getShort(i + 20) & 0xffff);
                if (end.getInt(i) == END && (exact == 1 ? after == tail : after <= tail)) {
                    at = i;
                    break;
                }
            }
        }
        if (at < 0) {
            throw new ZipException("no end of central directory record");
        }
        long endPosition = length - tail + at;
        long count = end.getShort(at + 10) & 0xffff; // sizes the table only
        long size = end.getInt(at + 12) & MAX_U4;
        long offset = end.getInt(at + 16) & MAX_U4;
        long directoryEnd = endPosition;
        // A zip64 locator right before the end record: the zip64 record's figures hold, and the
        // central directory ends where that record begins (whether or not the end record's own
        // fields overflowed: some writers always add the zip64 records).
        long zip64 = zip64End(channel, endPosition, length);
        if (zip64 >= 0) {
            ByteBuffer z = ByteBuffer.allocate(56).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            readFully(channel, z, zip64);
            count = z.getLong(32);
            size = z.getLong(40);
            offset = z.getLong(48);
            directoryEnd = zip64;
        }
        long directoryStart = directoryEnd - size;
        if (directoryStart < 0 || size > Integer.MAX_VALUE - 8) {
            throw new ZipException("invalid central directory size " + size);
        }
        long base = directoryStart - offset; // bytes in front of the zip data (0 for a plain jar)
        if (base < 0) {
            throw new ZipException("invalid central directory offset " + offset);
        }
        ByteBuffer cd = ByteBuffer.allocate((int) size).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        readFully(channel, cd, directoryStart);
        Map<String, Entry> out = new HashMap<>((int) Math.min(count, 1 << 20) * 2);
        // every header up to the directory's end: the count of the end record is not trusted (as
        // the JDK's reader does not: writers without zip64 wrap it past 65,535 entries)
        int p = 0;
        for (long n = 0; p < size; n++) {
            if (p + 46 > size || cd.getInt(p) != CENTRAL_HEADER) {
                throw new ZipException("invalid central directory header at entry " + n);
            }
            int flags = cd.getShort(p + 8) & 0xffff;
            int method = cd.getShort(p + 10) & 0xffff;
            long crc = cd.getInt(p + 16) & MAX_U4;
            long compressed = cd.getInt(p + 20) & MAX_U4;
            long uncompressed = cd.getInt(p + 24) & MAX_U4;
            int nameLength = cd.getShort(p + 28) & 0xffff;
            int extraLength = cd.getShort(p + 30) & 0xffff;
            int commentLength = cd.getShort(p + 32) & 0xffff;
            long local = cd.getInt(p + 42) & MAX_U4;
            int extra = p + 46 + nameLength;
            if (extra + extraLength + commentLength > size) {
                throw new ZipException("invalid central directory header at entry " + n);
            }
            if (uncompressed == MAX_U4 || compressed == MAX_U4 || local == MAX_U4) {
                // the zip64 extended information: the fields that overflow, in this order
                for (int e = extra; e + 4 <= extra + extraLength; ) {
                    int id = cd.getShort(e) & 0xffff;
                    int dataSize = cd.getShort(e + 2) & 0xffff;
                    if (id == 0x0001) {
                        int v = e + 4;
                        int limit = v + dataSize;
                        if (uncompressed == MAX_U4 && v + 8 <= limit) {
                            uncompressed = cd.getLong(v);
                            v += 8;
                        }
                        if (compressed == MAX_U4 && v + 8 <= limit) {
                            compressed = cd.getLong(v);
                            v += 8;
                        }
                        if (local == MAX_U4 && v + 8 <= limit) {
                            local = cd.getLong(v);
                        }
                        break;
                    }
                    e += 4 + dataSize;
                }
            }
            String name = new String(cd.array(), p + 46, nameLength, StandardCharsets.UTF_8);
            Entry entry = new Entry(method, flags, crc, compressed, uncompressed, local + base);
            if (out.putIfAbsent(name, entry) != null) {
                out.put(name, DUPLICATE);
            }
            p = extra + extraLength + commentLength;
        }
        return out;
    }

    /**
     * Where the zip64 end of central directory record starts, if a zip64 locator precedes the end
     * record at {@code endPosition}, else -1.
     */
    private static long zip64End(FileChannel channel, long endPosition, long length) throws IOException {
        long locator = endPosition - 20;
        if (locator < 0) {
            return -1;
        }
        ByteBuffer l = ByteBuffer.allocate(20).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        readFully(channel, l, locator);
        if (l.getInt(0) != ZIP64_LOCATOR) {
            return -1;
        }
        long at = l.getLong(8);
        if (at >= 0 && at + 56 <= length) {
            ByteBuffer sig = ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            readFully(channel, sig, at);
            if (sig.getInt(0) == ZIP64_END) {
                return at;
            }
        }
        throw new ZipException("no zip64 end of central directory record where its locator says");
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        buffer.clear();
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                throw new EOFException("unexpected end of zip file");
            }
        }
    }

    /** Bytes {@code [from, to)} of the file, read by position (the channel is shared, its position never moved). */
    private static final class Bounded extends InputStream {
        private final FileChannel channel;
        private long position;
        private final long end;

        Bounded(FileChannel channel, long from, long to) {
            this.channel = channel;
            this.position = from;
            this.end = to;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (position >= end) {
                return -1;
            }
            int n = channel.read(ByteBuffer.wrap(b, off, (int) Math.min(len, end - position)), position);
            if (n > 0) {
                position += n;
            }
            return n;
        }
    }
}
