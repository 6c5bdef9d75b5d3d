package org.jphantom.io;

import java.util.Objects;

/**
 * A class of the program under complementation, as read from the input.
 *
 * @param internalName the class's JVM internal name, for example {@code "a/b/C"}
 * @param entryName the jar entry (or relative file) it was read from, for example
 *     {@code "a/b/C.class"} or {@code "META-INF/versions/11/a/b/C.class"}
 * @param source the input file it came from, as the path string the user gave
 * @param bytes the class file, format-checked (see {@link ProgramInput#classes()}); shared, not copied: never modify it
 */
public record ProgramClass(String internalName, String entryName, String source, byte[] bytes) {
    public ProgramClass {
        Objects.requireNonNull(internalName, "internalName");
        Objects.requireNonNull(entryName, "entryName");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(bytes, "bytes");
    }

    /** The internal name of the class's package, {@code ""} for the unnamed package. */
    public String packageName() {
        return ClassFiles.packageOf(internalName);
    }
}
