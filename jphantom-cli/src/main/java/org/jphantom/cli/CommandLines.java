package org.jphantom.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.ParseException;

/** What several commands read from their parsed command line alike: the class path, numbers, single-use options, files. */
final class CommandLines {
    private CommandLines() {
    }

    /** The entries of every {@code -cp} given (each split at the platform's path separator), in order. */
    static List<Path> classpath(CommandLine cl) {
        List<Path> cp = new ArrayList<>();
        String[] values = cl.getOptionValues("cp");
        if (values != null) {
            for (String v : values) {
                for (String p : v.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
                    if (!p.isEmpty()) {
                        cp.add(Path.of(p));
                    }
                }
            }
        }
        return cp;
    }

    /** Refuses each of {@code names} (short or long option names) given more than once. */
    static void singleValued(CommandLine cl, List<String> names) throws ParseException {
        for (String single : names) {
            String[] values = cl.getOptionValues(single);
            if (values != null && values.length > 1) {
                throw new ParseException("option " + (single.length() <= 2 ? "-" : "--") + single
                        + " given " + values.length + " times: " + String.join(", ", values));
            }
        }
    }

    /** {@code --release N}, a positive number, or empty. */
    static OptionalInt release(CommandLine cl) throws ParseException {
        return cl.hasOption("release") ? OptionalInt.of((int) positive(cl.getOptionValue("release"), "--release"))
                : OptionalInt.empty();
    }

    static long positive(String value, String option) throws ParseException {
        try {
            long n = Long.parseLong(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ParseException(option + " needs a positive number, not '" + value + "'");
    }

    /** Whether two paths name one file (an existing one, or the same path). */
    static boolean sameFile(Path a, Path b) {
        Path x = a.toAbsolutePath().normalize();
        Path y = b.toAbsolutePath().normalize();
        try {
            return x.equals(y) || (Files.exists(x) && Files.exists(y) && Files.isSameFile(x, y));
        } catch (java.io.IOException e) {
            // Unreadable: the write itself will report it.
            return false;
        }
    }
}
