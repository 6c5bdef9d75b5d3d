package org.jphantom.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.archivers.zip.ZipMethod;
import org.jphantom.JphantomException;

/**
 * The input jars an output copies entries from, each opened once for the whole write, handing out
 * an entry's stored form: its compressed bytes as the jar holds them, with their method, CRC-32 and
 * sizes from the central directory. Nothing is inflated: that is the point. Each entry is checked
 * against what the program read found ({@link InputEntry.StoredEntry}: stored once, same CRC and
 * size), so a jar changed in between is an error, not a silent mix of two versions.
 */
final class StoredEntries implements Closeable {
    private final Map<Path, ZipFile> open = new HashMap<>();

    /** One entry's stored form; {@code raw} is positioned at its first compressed byte. */
    record Raw(int method, long crc, long size, long compressedSize, InputStream raw) {
    }

    /**
     * The stored form of {@code entry}, or {@code null} when it cannot be copied as stored (a method
     * other than STORED or DEFLATED, encryption): the caller then inflates and deflates it.
     *
     * @throws JphantomException when the jar cannot be read any more or the entry changed since it
     *     was read (the message names the jar and the entry)
     */
    Raw raw(InputEntry entry) {
        InputEntry.StoredEntry stored = entry.stored();
        String where = entry.source() + ": entry " + EntryNames.printable(entry.name()) + ": ";
        try {
            ZipFile zip = open.get(stored.jar());
            if (zip == null) {
                // Names as the JDK's ZipFile reads them; local headers are read only for the
                // entries copied (to find their data), not all up front.
                zip = ZipFile.builder().setPath(stored.jar()).setCharset(StandardCharsets.UTF_8)
                        .setUseUnicodeExtraFields(false).setIgnoreLocalFileHeader(true).get();
                open.put(stored.jar(), zip);
            }
            Iterator<ZipArchiveEntry> copies = zip.getEntries(entry.name()).iterator();
            ZipArchiveEntry found = copies.hasNext() ? copies.next() : null;
            if (found == null || copies.hasNext() || found.getCrc() != stored.crc() || found.getSize() != stored.size()) {
                throw JphantomException.input(where + "changed since it was read; the output is not written");
            }
            int method = found.getMethod();
            if ((method != ZipMethod.STORED.getCode() && method != ZipMethod.DEFLATED.getCode())
                    || found.getGeneralPurposeBit().usesEncryption()) {
                return null;
            }
            InputStream raw = zip.getRawInputStream(found);
            if (raw == null) {
                throw JphantomException.input(where + "truncated or corrupt zip data");
            }
            return new Raw(method, found.getCrc(), found.getSize(), found.getCompressedSize(), raw);
        } catch (IOException | RuntimeException e) {
            if (e instanceof JphantomException je) {
                throw je;
            }
            throw JphantomException.input(where + "truncated or corrupt zip data (" + e + ")", e);
        }
    }

    @Override
    public void close() {
        for (ZipFile zip : open.values()) {
            try {
                zip.close();
            } catch (IOException e) {
                // Closing a zip opened for reading only releases the file handle; nothing to report.
            }
        }
        open.clear();
    }
}
