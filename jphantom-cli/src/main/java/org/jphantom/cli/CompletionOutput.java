package org.jphantom.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.ParseException;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.analysis.AnalysisRequest;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.missing.Completion;
import org.jphantom.analysis.missing.MissingMode;
import org.jphantom.report.JsonReport;

/** {@code jphantom analyze --missing} and {@code --report}: what the user is told and the complement report. */
final class CompletionOutput {
    private CompletionOutput() {
    }

    /**
     * The file of {@code --report FILE.json}, checked before any work: null if not given.
     *
     * @throws ParseException if given with another mode than {@code complement}
     * @throws JphantomException if it names an input or a directory, or its directory does not exist
     */
    static Path reportFile(String value, MissingMode mode, List<Path> inputs) throws ParseException {
        if (value == null) {
            return null;
        }
        if (mode != MissingMode.COMPLEMENT) {
            throw new ParseException("--report goes with --missing complement, not " + mode.label());
        }
        Path file = Path.of(value);
        for (Path in : inputs) {
            if (file.toAbsolutePath().normalize().equals(in.toAbsolutePath().normalize())) {
                throw JphantomException.input("the report " + file + " would replace an input; choose another --report");
            }
        }
        if (Files.isDirectory(file)) {
            throw JphantomException.input("the report " + file + " is a directory; give a file name");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw JphantomException.input("cannot write the report " + file + ": no such directory " + dir);
        }
        return file;
    }

    /**
     * Writes the complement report of the run. When nothing was missing the analysis did not
     * complement, so the complementer runs now (writing nothing else) for a report of no phantoms.
     */
    static void writeReport(AnalysisResult result, Path file) {
        Result complement = result.completion().complement();
        if (complement == null) {
            AnalysisRequest r = result.request();
            complement = Complementer.complement(Request.of(r.program(), null).withClasspath(r.classpath())
                    .withRelease(r.release()).withLenient(true));
        }
        JsonReport.write(complement, file);
    }

    /** The completion line: phantoms generated (and where the report is), or how many classes are missing. */
    static void print(Completion completion, Path report, PrintStream err) {
        String message = completion.message();
        if (message == null) {
            return;
        }
        if (completion.complement() != null) {
            err.println(report == null ? message : message.replace("see --report", "report in " + report));
        } else {
            err.println("warning: " + message);
        }
    }

    /** Deletes a report written by a run that then failed. */
    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // The original failure is what the user needs to see.
        }
    }
}
