package org.jphantom.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jphantom.JphantomException;

/**
 * Writes the completed program.
 *
 * <p>The jar is deterministic: the same arguments give the same bytes, whatever the time zone or
 * the order of the entry list. Entries are {@code META-INF/}, then {@code META-INF/MANIFEST.MF},
 * then all others sorted by name; every entry is DEFLATED with a fixed timestamp (1980-02-01 00:00
 * stored as DOS local time) and no extra fields, and the jar has no comment. Input entries keep
 * their bytes (the manifest too); generated classes are stored as {@code <internalName>.class}.
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
     * @throws JphantomException if the file cannot be written (the message names {@code out})
     */
    public static void write(Path out, List<InputEntry> entries, SortedMap<String, byte[]> generatedClasses,
            Set<String> dropEntries) {
        Objects.requireNonNull(out, "out");
        Map<String, InputEntry> inputs = new HashMap<>();
        Map<String, byte[]> generated = collect(entries, generatedClasses, dropEntries, inputs);
        List<String> names = new ArrayList<>(inputs.keySet());
        names.addAll(generated.keySet());
        names.sort(ENTRY_ORDER);
        // the jars that resources are read from again, each opened once for the whole write
        Map<Path, Archive> reread = new HashMap<>();

        Path target = out.toAbsolutePath();
        Path dir = target.getParent();
        Path temp = null;
        try {
            temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
            try (OutputStream file = Files.newOutputStream(temp);
                    ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(file))) {
                zip.setMethod(ZipOutputStream.DEFLATED);
                zip.setLevel(Deflater.DEFAULT_COMPRESSION);
                for (String name : names) {
                    ZipEntry entry = new ZipEntry(name);
                    entry.setMethod(ZipEntry.DEFLATED);
                    // A DOS-range local time leaves no extended-timestamp field and no zone conversion.
                    entry.setTimeLocal(FIXED_TIME);
                    byte[] content = generated.get(name);
                    if (content == null) {
                        InputEntry input = inputs.get(name);
                        content = input.rereadFrom() == null ? input.bytes()
                                : input.read(reread.computeIfAbsent(input.rereadFrom(), Archive::open));
                    }
                    zip.putNextEntry(entry);
                    zip.write(content);
                    zip.closeEntry();
                }
            }
            move(temp, target);
            temp = null;
        } catch (IOException e) {
            throw JphantomException.input(out + ": cannot write (" + e + ")", e);
        } finally {
            reread.values().forEach(Archive::close);
            if (temp != null) {
                deleteQuietly(temp);
            }
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // Same directory, so this only happens on exotic file systems; a plain replace is the best left.
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // The write already failed and is being reported; a leftover temp file cannot be helped here.
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
