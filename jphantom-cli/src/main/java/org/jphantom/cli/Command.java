package org.jphantom.cli;

import java.io.PrintStream;
import org.apache.commons.cli.ParseException;

/**
 * One subcommand of the command line ({@code jphantom [complement]}, {@code verify}, {@code analyze},
 * {@code record}): parses its own options, calls the library, prints, and returns its exit code
 * ({@link Main}'s constants). It never exits the JVM and never catches what {@link Main} maps to
 * exit codes: a bad option is a {@link ParseException}, bad input a
 * {@link org.jphantom.JphantomException}.
 */
@FunctionalInterface
interface Command {
    /**
     * @param args the arguments after the command's name
     * @param out  where help and the version go
     * @param err  where reports, summaries and warnings go
     * @return the exit code
     */
    int execute(String[] args, PrintStream out, PrintStream err) throws ParseException;
}
