package org.jphantom.verify;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to verify: a jar, the library class path it runs against, and the JDK to run it on.
 *
 * @param jar       the program jar; every class entry in it is loaded, linked and resolved
 * @param classpath library jars or directories the program may refer to (not themselves checked)
 * @param javaHome  the JDK whose {@code bin/java} referees, or {@code null} for the running JDK
 */
public record VerifyRequest(Path jar, List<Path> classpath, Path javaHome) {
    public VerifyRequest {
        Objects.requireNonNull(jar, "jar");
        classpath = List.copyOf(classpath == null ? List.of() : classpath);
    }

    /** A request for {@code jar} alone, on the running JDK. */
    public static VerifyRequest of(Path jar, Path... classpath) {
        return new VerifyRequest(jar, List.of(classpath), null);
    }
}
