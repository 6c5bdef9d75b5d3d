package org.jphantom.io;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One entry to copy unchanged into the output jar: its name, where it came from, and its content,
 * either held in memory or (for an entry a jar stores once) left in its jar: the writer then copies
 * the entry's stored bytes as they are (compressed data, CRC and sizes), and {@link #bytes()} reads
 * it again, so that the entries of a large input are neither kept in memory for the whole run nor
 * inflated and deflated again.
 */
public final class InputEntry {
    private final String name;
    private final byte[] bytes;
    private final String source;
    private final StoredEntry stored;

    /**
     * Where an entry stored once in a jar is, with the CRC-32 and size of its content that the
     * jar's central directory gave when the program was read (checked again when it is copied).
     */
    record StoredEntry(Path jar, long crc, long size) {
        StoredEntry {
            Objects.requireNonNull(jar, "jar");
        }
    }

    /**
     * An entry whose content is held in memory.
     *
     * @param name the jar entry name, {@code '/'}-separated, relative; directory entries end in {@code '/'}
     * @param bytes the entry's content, empty for directories; shared, not copied: never modify it
     * @param source the input file the entry came from, as the path string the user gave
     */
    public InputEntry(String name, byte[] bytes, String source) {
        this(name, Objects.requireNonNull(bytes, "bytes"), source, null);
    }

    private InputEntry(String name, byte[] bytes, String source, StoredEntry stored) {
        this.name = Objects.requireNonNull(name, "name");
        this.bytes = bytes;
        this.source = Objects.requireNonNull(source, "source");
        this.stored = stored;
    }

    /** An entry of a jar, stored there once, whose content is copied (or read) from there when needed. */
    static InputEntry stored(String name, String source, StoredEntry stored) {
        return new InputEntry(name, null, source, Objects.requireNonNull(stored, "stored"));
    }

    /** The jar entry name, {@code '/'}-separated, relative; directory entries end in {@code '/'}. */
    public String name() {
        return name;
    }

    /** The input file the entry came from, as the path string the user gave. */
    public String source() {
        return source;
    }

    /**
     * The entry's content (empty for directories): shared, never modify it. An entry read again
     * from its jar is read on every call.
     *
     * @throws org.jphantom.JphantomException if the jar can no longer be read (the message names it)
     */
    public byte[] bytes() {
        if (bytes != null) {
            return bytes;
        }
        try (Archive archive = Archive.open(stored.jar())) {
            return read(archive);
        }
    }

    /** The jar to read the content from again, or {@code null} if the content is held in memory. */
    Path rereadFrom() {
        return stored == null ? null : stored.jar();
    }

    /** Where the entry is stored in its jar, or {@code null} if the content is held in memory. */
    StoredEntry stored() {
        return stored;
    }

    /** The content, read from {@code archive}, the opened {@link #rereadFrom()} jar. */
    byte[] read(Archive archive) {
        byte[] content = archive.read(name);
        if (content == null) {
            throw archive.entryError(name, "gone when the output was written");
        }
        return content;
    }

    /** Whether this is a directory entry (its name ends in {@code '/'}). */
    public boolean isDirectory() {
        return name.endsWith("/");
    }

    @Override
    public String toString() {
        return name + " (" + source + ")";
    }
}
