package org.jphantom.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.jphantom.JphantomException;

/**
 * Writes the completed program.
 *
 * <p>The jar is deterministic: the same arguments give the same bytes, whatever the time zone or
 * the order of the entry list. Entries are {@code META-INF/}, then {@code META-INF/MANIFEST.MF},
 * then all others sorted by name; every entry has a fixed timestamp (1980-02-01 00:00 stored as DOS
 * local time), its sizes and CRC in its local header (no data descriptors) and no extra fields, and
 * the jar has no comment (a zip64 end record only when the entries need one). An input entry that
 * a jar stores once is copied as stored there: its compressed bytes, method (stored entries stay
 * stored), CRC and sizes, never inflated; every other entry (held in memory: generated classes,
 * entries of class directories, names a jar stores twice) is DEFLATED at the default level here.
 * The zip itself is written by {@link RawZipWriter}. The file gets the mode a new file gets under
 * the user's umask ({@link OutputFiles}).
 */
public final class JarOutput {
    /** The timestamp of every entry; stored as DOS date and time fields, so no time zone applies. */
    static final LocalDateTime FIXED_TIME = LocalDateTime.of(1980, 2, 1, 0, 0);

    private static final Comparator<String> ENTRY_ORDER =
            Comparator.comparingInt(JarOutput::rank).thenComparing(Comparator.naturalOrder());

    private JarOutput() {
    }

    /**
     * Writes a jar of {@code entries} (minus {@code dropEntries}) and {@code generatedClasses} to
     * {@code out}, atomically: the jar goes to a temporary file in the same directory which is then
     * renamed over {@code out} with {@code ATOMIC_MOVE}. On failure neither {@code out} nor a
     * temporary file is left behind (an existing {@code out} is left as it was).
     *
     * @param entries entries to copy unchanged; names must be unique
     * @param generatedClasses class bytes by internal name
     * @param dropEntries entry names to leave out (for example signature files); names not present
     *     are ignored; a dropped name may be generated anew
     * @throws IllegalArgumentException if two entries have the same name, an entry name is unsafe
     *     (absolute, {@code ..}, backslash, NUL), a generated class's entry name equals a kept input
     *     entry, or a generated name is not a valid internal name
     * @throws JphantomException if the file cannot be written (the message names {@code out}), or an
     *     input jar can no longer be read or changed since it was read (the message names the entry)
     */
    public static void write(Path out, List<InputEntry> entries, SortedMap<String, byte[]> generatedClasses,
            Set<String> dropEntries) {
        try (Sources sources = new Sources(new StoredEntries())) {
            write(out, entries, generatedClasses, dropEntries, sources);
        }
    }

    /**
     * The input jars that a write of some entries copies from, opened ahead: a large jar's central
     * directory is read on a thread of its own while the caller goes on. Close it after the write
     * (or instead of it); closing waits for the opening to end.
     */
    public static final class Sources implements AutoCloseable {
        private final StoredEntries stored;

        private Sources(StoredEntries stored) {
            this.stored = stored;
        }

        @Override
        public void close() {
            stored.close();
        }
    }

    /** Starts opening the jars {@code entries} are copied from (see {@link Sources}). */
    public static Sources openAhead(List<InputEntry> entries) {
        return new Sources(StoredEntries.openAhead(entries));
    }

    /**
     * {@link #write(Path, List, SortedMap, Set)}, copying stored entries from {@code sources}
     * ({@link #openAhead} of the same entries, or of others: a jar not opened ahead is opened when
     * it is needed); {@code sources} stays open.
     */
    public static void write(Path out, List<InputEntry> entries, SortedMap<String, byte[]> generatedClasses,
            Set<String> dropEntries, Sources sources) {
        Objects.requireNonNull(out, "out");
        StoredEntries stored = sources.stored;
        Map<String, InputEntry> inputs = new HashMap<>();
        Map<String, byte[]> generated = collect(entries, generatedClasses, dropEntries, inputs);
        List<String> names = new ArrayList<>(inputs.keySet());
        names.addAll(generated.keySet());
        names.sort(ENTRY_ORDER);
        try {
            OutputFiles.writeAtomically(out, file -> {
                Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
                try (OutputStream buffered = new BufferedOutputStream(file, 1 << 16)) {
                    RawZipWriter zip = new RawZipWriter(buffered);
                    Deflated deflated = new Deflated();
                    for (String name : names) {
                        byte[] content = generated.get(name);
                        InputEntry input = content == null ? inputs.get(name) : null;
                        StoredEntries.Raw raw = input != null && input.stored() != null ? stored.raw(input) : null;
                        if (raw == null) {
                            byte[] bytes = content != null ? content : input.bytes();
                            deflated.deflate(bytes, deflater);
                            zip.add(name, RawZipWriter.DEFLATED, deflated.crc(bytes), bytes.length, deflated.buffer,
                                    deflated.length);
                            continue;
                        }
                        long copied;
                        try (InputStream data = raw.raw()) {
                            copied = zip.add(name, raw.method(), raw.crc(), raw.size(), raw.compressedSize(), data);
                        }
                        if (copied != raw.compressedSize()) {
                            throw JphantomException.input(StoredEntries.where(input) + "truncated or corrupt zip data ("
                                    + copied + " of " + raw.compressedSize() + " bytes)");
                        }
                    }
                    zip.finish();
                } finally {
                    deflater.end();
                }
            });
        } catch (IOException e) {
            throw JphantomException.input(out + ": cannot write (" + e + ")", e);
        }
    }

    /** Entries held in memory, deflated one after the other into one growing buffer. */
    private static final class Deflated {
        private final CRC32 crc = new CRC32();
        private byte[] buffer = new byte[64 * 1024];
        private int length;

        /** Deflates {@code content} (raw deflate data, as a zip entry holds it) at the start of the buffer. */
        void deflate(byte[] content, Deflater deflater) {
            deflater.reset();
            deflater.setInput(content);
            deflater.finish();
            length = 0;
            while (!deflater.finished()) {
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, buffer.length * 2);
                }
                length += deflater.deflate(buffer, length, buffer.length - length);
            }
        }

        long crc(byte[] content) {
            crc.reset();
            crc.update(content);
            return crc.getValue();
        }
    }

    /**
     * Writes each generated class to {@code dir/<internalName>.class}, creating directories as
     * needed and replacing existing files.
     *
     * @throws IllegalArgumentException if a name is not a valid internal name
     * @throws JphantomException if a file cannot be written (the message names it)
     */
    public static void writeClassFiles(Path dir, SortedMap<String, byte[]> generatedClasses) {
        Objects.requireNonNull(dir, "dir");
        for (String name : generatedClasses.keySet()) {
            requireClassName(name);
        }
        for (Map.Entry<String, byte[]> generated : generatedClasses.entrySet()) {
            Path file = dir.resolve(generated.getKey() + ".class");
            try {
                Files.createDirectories(file.getParent());
                Files.write(file, generated.getValue());
            } catch (IOException e) {
                throw JphantomException.input(file + ": cannot write (" + e + ")", e);
            }
        }
    }

    /** Fills {@code inputs} with the entries to copy by name; returns the generated entries by name. */
    private static Map<String, byte[]> collect(List<InputEntry> entries, SortedMap<String, byte[]> generatedClasses,
            Set<String> dropEntries, Map<String, InputEntry> inputs) {
        Map<String, byte[]> content = new HashMap<>();
        for (InputEntry entry : entries) {
            if (dropEntries.contains(entry.name())) {
                continue;
            }
            String unsafe = EntryNames.unsafeReason(entry.name());
            if (unsafe != null) {
                throw new IllegalArgumentException(unsafe + ": " + EntryNames.printable(entry.name()));
            }
            if (inputs.put(entry.name(), entry) != null) {
                throw new IllegalArgumentException("duplicate entry " + entry.name());
            }
        }
        for (Map.Entry<String, byte[]> generated : generatedClasses.entrySet()) {
            String name = generated.getKey();
            requireClassName(name);
            if (inputs.containsKey(name + ".class")
                    || content.put(name + ".class", Objects.requireNonNull(generated.getValue(), name)) != null) {
                throw new IllegalArgumentException("generated class " + name + " has the name of an input entry");
            }
        }
        return content;
    }

    private static void requireClassName(String name) {
        if (!ClassFiles.isValidInternalName(name) || EntryNames.unsafeReason(name) != null) {
            throw new IllegalArgumentException("not a valid internal class name: " + EntryNames.printable(name));
        }
    }

    private static int rank(String name) {
        if (name.equals(EntryNames.META_INF)) {
            return 0;
        }
        return name.equals(EntryNames.MANIFEST) ? 1 : 2;
    }
}
