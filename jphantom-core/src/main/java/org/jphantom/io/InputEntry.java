package org.jphantom.io;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One entry to copy unchanged into the output jar: its name, where it came from, and its content,
 * either held in memory or (for a resource of a jar, which nothing but the output needs) read
 * again from its jar when asked, so that the resources of a large input are not kept in memory for
 * the whole run.
 */
public final class InputEntry {
    private final String name;
    private final byte[] bytes;
    private final String source;
    private final Path rereadFrom;

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

    private InputEntry(String name, byte[] bytes, String source, Path rereadFrom) {
        this.name = Objects.requireNonNull(name, "name");
        this.bytes = bytes;
        this.source = Objects.requireNonNull(source, "source");
        this.rereadFrom = rereadFrom;
    }

    /** An entry of the jar {@code jar}, stored there once, whose content is read again when needed. */
    static InputEntry rereadFrom(String name, String source, Path jar) {
        return new InputEntry(name, null, source, Objects.requireNonNull(jar, "jar"));
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
        try (Archive archive = Archive.open(rereadFrom)) {
            return read(archive);
        }
    }

    /** The jar to read the content from again, or {@code null} if the content is held in memory. */
    Path rereadFrom() {
        return rereadFrom;
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
