package org.jphantom.io;

import java.util.Objects;

/**
 * One entry to copy unchanged into the output jar.
 *
 * @param name the jar entry name, {@code '/'}-separated, relative; directory entries end in {@code '/'}
 * @param bytes the entry's content, empty for directories; shared, not copied: never modify it
 * @param source the input file the entry came from, as the path string the user gave
 */
public record InputEntry(String name, byte[] bytes, String source) {
    public InputEntry {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(source, "source");
    }

    /** Whether this is a directory entry (its name ends in {@code '/'}). */
    public boolean isDirectory() {
        return name.endsWith("/");
    }
}
