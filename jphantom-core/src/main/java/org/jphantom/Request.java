package org.jphantom;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * What to complement and where to put it.
 *
 * @param inputs          the program: jars or class directories, copied into the output
 * @param classpath       known libraries: consulted, never copied
 * @param release         the JDK API to complement against ({@code --release N}); empty: the running JDK
 * @param output          the completed jar to write atomically; {@code null} to compute without writing
 * @param saveClassFiles  a directory to write the generated classes to, or {@code null}
 * @param skipBroken      skip broken class entries (reported as warnings) instead of failing
 * @param maxSearchSteps  bound of the single-inheritance search; past it the run fails cleanly
 * @param lenient         on unsatisfiable constraints, drop each conflicting set found (warning with
 *                        every dropped constraint and its origin) and complete the rest
 */
public record Request(List<Path> inputs, List<Path> classpath, OptionalInt release, Path output,
                      Path saveClassFiles, boolean skipBroken, long maxSearchSteps, boolean lenient) {

    /** The default bound of the single-inheritance search. */
    public static final long DEFAULT_MAX_SEARCH_STEPS = 200_000;

    public Request {
        inputs = List.copyOf(inputs);
        classpath = List.copyOf(classpath);
    }

    /** Complement {@code inputs} against the running JDK into {@code output}. */
    public static Request of(List<Path> inputs, Path output) {
        return new Request(inputs, List.of(), OptionalInt.empty(), output, null, false, DEFAULT_MAX_SEARCH_STEPS,
                false);
    }

    /**
     * Options for {@link Complementer#complement(java.util.Map, java.util.Map, Request)}: no files,
     * the running JDK, the default search bound, not lenient, not skipping broken classes.
     */
    public static Request inMemory() {
        return new Request(List.of(), List.of(), OptionalInt.empty(), null, null, false, DEFAULT_MAX_SEARCH_STEPS,
                false);
    }

    public Request withClasspath(List<Path> cp) {
        return new Request(inputs, cp, release, output, saveClassFiles, skipBroken, maxSearchSteps, lenient);
    }

    public Request withRelease(OptionalInt r) {
        return new Request(inputs, classpath, r, output, saveClassFiles, skipBroken, maxSearchSteps, lenient);
    }

    public Request withSaveClassFiles(Path dir) {
        return new Request(inputs, classpath, release, output, dir, skipBroken, maxSearchSteps, lenient);
    }

    public Request withSkipBroken(boolean skip) {
        return new Request(inputs, classpath, release, output, saveClassFiles, skip, maxSearchSteps, lenient);
    }

    public Request withMaxSearchSteps(long steps) {
        return new Request(inputs, classpath, release, output, saveClassFiles, skipBroken, steps, lenient);
    }

    public Request withLenient(boolean drop) {
        return new Request(inputs, classpath, release, output, saveClassFiles, skipBroken, maxSearchSteps, drop);
    }
}
