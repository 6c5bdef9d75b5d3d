package org.jphantom.analysis;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * What to analyse and how.
 *
 * @param program     the program: jars or class directories (a complemented jar, typically)
 * @param classpath   libraries, analysed as well but not counted as application code
 * @param release     the JDK whose classes to analyse with; empty: the running JDK ({@code jrt:})
 * @param mains       internal or binary names of the classes whose {@code main} methods are the entry
 *                    points; empty: every {@code main(String[])} of the program
 * @param context     the context sensitivity, one of {@link org.jphantom.analysis.pta.context.Selectors#NAMES}
 * @param skipMissing Doop's treatment of incomplete programs: methods whose signature or body
 *                    references a type missing from the closed world are not analysed
 */
public record AnalysisRequest(List<Path> program, List<Path> classpath, OptionalInt release, List<String> mains,
                              String context, boolean skipMissing) {
    public AnalysisRequest {
        program = List.copyOf(program);
        classpath = List.copyOf(classpath);
        mains = List.copyOf(mains);
    }

    /** Analyse {@code program} context-insensitively from all its main methods, with the running JDK. */
    public static AnalysisRequest of(List<Path> program) {
        return new AnalysisRequest(program, List.of(), OptionalInt.empty(), List.of(), "ci", false);
    }

    public AnalysisRequest withClasspath(List<Path> cp) {
        return new AnalysisRequest(program, cp, release, mains, context, skipMissing);
    }

    public AnalysisRequest withRelease(OptionalInt r) {
        return new AnalysisRequest(program, classpath, r, mains, context, skipMissing);
    }

    public AnalysisRequest withMains(List<String> m) {
        return new AnalysisRequest(program, classpath, release, m, context, skipMissing);
    }

    public AnalysisRequest withContext(String c) {
        return new AnalysisRequest(program, classpath, release, mains, c, skipMissing);
    }

    public AnalysisRequest withSkipMissing(boolean skip) {
        return new AnalysisRequest(program, classpath, release, mains, context, skip);
    }
}
