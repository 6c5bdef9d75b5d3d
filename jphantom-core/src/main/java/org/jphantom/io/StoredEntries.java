package org.jphantom.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.jphantom.JphantomException;

/**
 * The input jars an output copies entries from, each opened once for the whole write, handing out
 * an entry's stored form: its compressed bytes as the jar holds them, with their method, CRC-32 and
 * sizes from the central directory. Nothing is inflated: that is the point. Each entry is checked
 * against what the program read found ({@link InputEntry.StoredEntry}: stored once, same CRC and
 * size), so a jar changed in between is an error, not a silent mix of two versions.
 */
final class StoredEntries implements Closeable {
    private static final int STORED = 0;
    private static final int DEFLATED = 8;
    private final Map<Path, CompletableFuture<CentralDirectory>> open = new HashMap<>();

    /** One entry's stored form; {@code raw} is positioned at its first compressed byte. */
    record Raw(int method, long crc, long size, long compressedSize, InputStream raw) {
    }

    /** Entries whose jars are opened on first use. */
    StoredEntries() {
    }

    /**
     * Entries whose jars (those {@code entries} are stored in) start opening now, one after the
     * other on a thread of their own, while the caller goes on: reading a large jar's central
     * directory is then done by the time the output is written. {@link #close()} waits for it.
     */
    static StoredEntries openAhead(List<InputEntry> entries) {
        StoredEntries ahead = new StoredEntries();
        // The thread has its own list: the map is the caller's alone.
        List<Map.Entry<Path, CompletableFuture<CentralDirectory>>> jars = new ArrayList<>();
        for (InputEntry entry : entries) {
            Path jar = entry.stored() == null ? null : entry.stored().jar();
            if (jar != null && !ahead.open.containsKey(jar)) {
                CompletableFuture<CentralDirectory> zip = new CompletableFuture<>();
                ahead.open.put(jar, zip);
                jars.add(Map.entry(jar, zip));
            }
        }
        if (!jars.isEmpty()) {
            Thread opener = new Thread(() -> {
                for (Map.Entry<Path, CompletableFuture<CentralDirectory>> jar : jars) {
                    try {
                        jar.getValue().complete(openZip(jar.getKey()));
                    } catch (IOException | RuntimeException | Error e) {
                        jar.getValue().completeExceptionally(e);
                    }
                }
            }, "jphantom-open-jars");
            opener.setDaemon(true);
            opener.start();
        }
        return ahead;
    }

    /**
     * Names as the JDK's ZipFile reads them; local headers are read only for the entries copied
     * (to find their data), not all up front.
     */
    private static CentralDirectory openZip(Path jar) throws IOException {
        return CentralDirectory.open(jar);
    }

    /** The opened jar, opening it now if nobody has started to. */
    private CentralDirectory zip(Path jar) throws IOException {
        CompletableFuture<CentralDirectory> zip = open.get(jar);
        if (zip == null) {
            zip = CompletableFuture.completedFuture(openZip(jar));
            open.put(jar, zip);
        }
        try {
            return zip.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            } else if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException re ? re : e;
        }
    }

    /**
     * The stored form of {@code entry}, or {@code null} when it cannot be copied as stored (a method
     * other than STORED or DEFLATED, encryption, a stored entry whose two sizes differ): the caller
     * then inflates and deflates it.
     *
     * @throws JphantomException when the jar cannot be read any more or the entry changed since it
     *     was read (the message names the jar and the entry)
     */
    Raw raw(InputEntry entry) {
        InputEntry.StoredEntry stored = entry.stored();
        try {
            CentralDirectory zip = zip(stored.jar());
            CentralDirectory.Entry found = zip.get(entry.name());
            if (found == null || found == CentralDirectory.DUPLICATE || found.crc() != stored.crc()
                    || found.size() != stored.size()) {
                throw JphantomException.input(where(entry) + "changed since it was read; the output is not written");
            }
            int method = found.method();
            if ((method != STORED && method != DEFLATED) || found.encrypted()
                    || method == STORED && found.compressedSize() != found.size()) {
                return null;
            }
            return new Raw(method, found.crc(), found.size(), found.compressedSize(), zip.data(found));
        } catch (IOException | RuntimeException e) {
            if (e instanceof JphantomException je) {
                throw je;
            }
            throw JphantomException.input(where(entry) + "truncated or corrupt zip data (" + e + ")", e);
        }
    }

    /** The start of a message about {@code entry}: {@code "<jar>: entry <name>: "}. */
    static String where(InputEntry entry) {
        return entry.source() + ": entry " + EntryNames.printable(entry.name()) + ": ";
    }

    @Override
    public void close() {
        for (CompletableFuture<CentralDirectory> pending : open.values()) {
            try {
                pending.join().close();
            } catch (IOException | RuntimeException e) {
                // Not opened, or opened for reading only: closing releases the file handle; nothing to report.
            }
        }
        open.clear();
    }
}
