package org.jphantom.cli;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.jphantom.JphantomException;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyFailure;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;

/**
 * {@code jphantom verify JAR [-cp PATH]}: HotSpot loads, links and resolves every class of the jar
 * in a child JVM; the failures, one line each, and a summary go to the error stream. Exit code 0
 * when every class verified and linked, 1 otherwise.
 */
final class VerifyCommand {
    private VerifyCommand() {
    }

    private static Options options() {
        Options options = new Options();
        options.addOption(Option.builder("cp").longOpt("classpath").hasArg().argName("PATH")
                .desc("libraries the jar needs (separated by '" + File.pathSeparator + "'; repeatable)").build());
        options.addOption(Option.builder("q").longOpt("quiet").desc("print only failures").build());
        options.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return options;
    }

    static int execute(String[] args, PrintStream out, PrintStream err) throws ParseException {
        Options options = options();
        CommandLine cl = new DefaultParser().parse(options, args);
        if (cl.hasOption("h")) {
            new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100, "jphantom verify JAR [-cp PATH]",
                    "Loads every class of JAR in a fresh class loader of a child JVM with verification on, links it,"
                            + " and resolves every class, field and method reference of its code.", options, 2, 4, "");
            return Main.OK;
        }
        if (cl.getArgList().size() != 1) {
            throw new ParseException("verify takes exactly one jar: jphantom verify JAR [-cp PATH]");
        }
        Path jar = Path.of(cl.getArgList().get(0));
        if (!Files.isRegularFile(jar)) {
            throw JphantomException.input(jar + ": no such jar file");
        }
        return print(JarVerifier.verify(new VerifyRequest(jar, CommandLines.classpath(cl), null)), jar,
                cl.hasOption("q"), err);
    }

    /**
     * Prints the failures of {@code r} and, unless {@code quiet} and all went well, its summary;
     * returns the exit code ({@link Main#OK} or {@link Main#FAILED}). Also the last step of
     * {@code jphantom IN -o OUT --verify}.
     */
    static int print(VerifyResult r, Path jar, boolean quiet, PrintStream err) {
        for (VerifyFailure f : r.failures()) {
            err.println(f.kind() + " " + f.className() + ": " + f.detail());
        }
        if (!quiet || !r.ok()) {
            err.printf("verify %s: %d classes loaded and linked, %d references resolved, %d failures%n",
                    jar, r.classesChecked(), r.referencesChecked(), r.failures().size());
        }
        return r.ok() ? Main.OK : Main.FAILED;
    }
}
