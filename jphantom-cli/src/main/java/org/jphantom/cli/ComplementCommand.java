package org.jphantom.cli;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.io.JarOutput;
import org.jphantom.report.JsonReport;
import org.jphantom.report.TextReport;
import org.jphantom.report.html.HtmlReport;
import org.jphantom.solve.UnsatisfiableException;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyRequest;

/**
 * {@code jphantom [options] INPUT... -o OUT.jar}, the default command: complements the input,
 * writes the jar and the reports asked for, then optionally verifies the jar ({@code --verify},
 * as {@code jphantom verify}) and analyses it ({@code --analyze}, as {@code jphantom analyze}).
 *
 * <p>{@code --analyze} is a shortcut that forwards: every option of {@code jphantom analyze} is
 * accepted here too (its {@code --out} is spelled {@code --analysis-out}) and is passed on, with
 * {@code -cp}, {@code --release}, {@code -q} and {@code -v}, to an analysis of OUT.jar. The
 * forwarded command line is checked before anything is written; an analysis option without
 * {@code --analyze} is an error.
 */
final class ComplementCommand {
    /** The options of {@code analyze} that this command has under its own name or does not forward. */
    private static final List<String> NOT_FORWARDED = List.of("out", "help");
    /** Options of this command that {@code --analyze} passes on as they are. */
    private static final List<String> SHARED = List.of("classpath", "release", "quiet", "verbose");

    private ComplementCommand() {
    }

    private static Options ownOptions() {
        Options o = new Options();
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("OUT.jar").desc("the completed jar to write").build());
        o.addOption(Option.builder("cp").longOpt("classpath").hasArg().argName("PATH")
                .desc("known libraries (jars or class directories, separated by '" + File.pathSeparator
                        + "'; repeatable): consulted, not copied").build());
        o.addOption(Option.builder().longOpt("release").hasArg().argName("N")
                .desc("complement against the API of JDK N (8 up to the running JDK) read from its ct.sym").build());
        o.addOption(Option.builder().longOpt("report").hasArg().argName("FILE.json").desc("write the JSON report").build());
        o.addOption(Option.builder().longOpt("html").hasArg().argName("DIR")
                .desc("write the HTML report (index.html, hierarchy.svg, hierarchy.dot) to DIR").build());
        o.addOption(Option.builder().longOpt("save-class-files").hasArg().argName("DIR")
                .desc("also write the generated classes alone to DIR").build());
        o.addOption(Option.builder().longOpt("phantoms-only").hasArg().argName("FILE.jar")
                .desc("also write a jar of the generated classes alone (for a library path)").build());
        o.addOption(Option.builder().longOpt("verify").desc("verify the output with HotSpot afterwards").build());
        o.addOption(Option.builder().longOpt("analyze").desc("then run the points-to analysis on the output (from its"
                + " main methods unless --main says) and print its summary; takes every option of jphantom analyze,"
                + " its --out spelled --analysis-out").build());
        o.addOption(Option.builder().longOpt("analysis-out").hasArg().argName("DIR")
                .desc("with --analyze: write reachable-methods.txt, call-edges.txt and stats.json to DIR (analyze's --out)")
                .build());
        o.addOption(Option.builder().longOpt("lenient").desc("on unsatisfiable constraints, drop each conflicting set"
                + " (warned with origins) and complete the rest").build());
        o.addOption(Option.builder().longOpt("skip-broken").desc("skip broken class entries (reported) instead of failing").build());
        o.addOption(Option.builder().longOpt("max-search-steps").hasArg().argName("N")
                .desc("bound of the single-inheritance search (default " + Request.DEFAULT_MAX_SEARCH_STEPS + ")").build());
        o.addOption(Option.builder("q").longOpt("quiet").desc("print nothing but errors").build());
        o.addOption(Option.builder("v").longOpt("verbose").desc("print phantoms, constraints and hierarchies").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        o.addOption(Option.builder().longOpt("version").desc("print the version").build());
        return o;
    }

    /** The options of {@code analyze} that {@code --analyze} forwards and this command does not have itself. */
    private static List<Option> analysisOptions() {
        Options own = ownOptions();
        List<Option> out = new ArrayList<>();
        for (Option a : AnalyzeCommand.options().getOptions()) {
            if (!NOT_FORWARDED.contains(a.getLongOpt()) && !own.hasLongOption(a.getLongOpt())
                    && (a.getOpt() == null || !own.hasShortOption(a.getOpt()))) {
                Option copy = (Option) a.clone();
                copy.setDescription("with --analyze: " + a.getDescription());
                out.add(copy);
            }
        }
        return out;
    }

    private static Options options() {
        Options o = ownOptions();
        analysisOptions().forEach(o::addOption);
        return o;
    }

    static int execute(String[] args, PrintStream out, PrintStream err) throws ParseException {
        Options options = options();
        CommandLine cl = new DefaultParser().parse(options, args);
        if (cl.hasOption("h")) {
            help(out, options);
            return Main.OK;
        }
        if (cl.hasOption("version")) {
            out.println("jphantom " + Version.get());
            return Main.OK;
        }
        CommandLines.singleValued(cl, List.of("o", "release", "report", "html", "save-class-files", "max-search-steps",
                "context", "analysis-out", "phantoms-only"));
        List<Path> inputs = cl.getArgList().stream().map(Path::of).toList();
        if (inputs.isEmpty()) {
            throw new ParseException("no input given: jphantom [options] INPUT... -o OUT.jar");
        }
        if (!cl.hasOption("o") && !cl.hasOption("save-class-files") && !cl.hasOption("report") && !cl.hasOption("html")
                && !cl.hasOption("phantoms-only")) {
            throw new ParseException("missing -o OUT.jar");
        }
        Path output = cl.hasOption("o") ? Path.of(cl.getOptionValue("o")) : null;
        if ((cl.hasOption("verify") || cl.hasOption("analyze")) && output == null) {
            throw new ParseException("--" + (cl.hasOption("verify") ? "verify" : "analyze") + " needs -o OUT.jar");
        }
        AnalyzeCommand.Invocation analysis = analysis(cl, output);
        List<Path> classpath = CommandLines.classpath(cl);
        OptionalInt release = CommandLines.release(cl);
        Request request = Request.of(inputs, output)
                .withClasspath(classpath)
                .withRelease(release)
                .withSkipBroken(cl.hasOption("skip-broken"))
                .withLenient(cl.hasOption("lenient"))
                .withSaveClassFiles(cl.hasOption("save-class-files") ? Path.of(cl.getOptionValue("save-class-files")) : null);
        if (cl.hasOption("max-search-steps")) {
            request = request.withMaxSearchSteps(CommandLines.positive(cl.getOptionValue("max-search-steps"),
                    "--max-search-steps"));
        }
        Path report = cl.hasOption("report") ? Path.of(cl.getOptionValue("report")) : null;
        if (report != null) {
            checkOutputFile(report, "the report", "--report", inputs, output);
        }
        Path html = cl.hasOption("html") ? Path.of(cl.getOptionValue("html")) : null;
        if (html != null && Files.exists(html) && !Files.isDirectory(html)) {
            throw JphantomException.input("the HTML report directory " + html + " is a file; choose another --html");
        }
        for (Path in : inputs) {
            if (html != null && CommandLines.sameFile(html, in)) {
                throw JphantomException.input("the HTML report directory " + html + " is an input; choose another --html");
            }
        }
        Path phantomsJar = cl.hasOption("phantoms-only") ? Path.of(cl.getOptionValue("phantoms-only")) : null;
        if (phantomsJar != null) {
            checkOutputFile(phantomsJar, "the phantom jar", "--phantoms-only", inputs, output);
            if (report != null && CommandLines.sameFile(report, phantomsJar)) {
                throw JphantomException.input("--phantoms-only and --report name the same file " + report);
            }
        }
        Result result;
        try {
            result = Complementer.complement(request);
        } catch (UnsatisfiableException e) {
            if (html != null) {
                HtmlReport.writeConflict(e, html);
            }
            throw e;
        }
        try {
            if (report != null) {
                JsonReport.write(result, report);
            }
            if (html != null) {
                HtmlReport.write(result, request, html);
            }
            if (phantomsJar != null) {
                JarOutput.write(phantomsJar, List.of(), result.generated(), java.util.Set.of());
            }
        } catch (RuntimeException | Error e) {
            Complementer.deleteQuietly(output); // a failing command leaves no half of its output
            if (phantomsJar != null && report != null) {
                Complementer.deleteQuietly(report);
            }
            throw e;
        }
        boolean quiet = cl.hasOption("q");
        if (!quiet) {
            err.print(cl.hasOption("v") ? TextReport.full(result) : TextReport.summary(result) + "\n");
            if (!cl.hasOption("v")) {
                result.warnings().forEach(w -> err.println("warning: " + w));
            }
        }
        int exit = Main.OK;
        if (cl.hasOption("verify")) {
            exit = VerifyCommand.print(JarVerifier.verify(new VerifyRequest(output, classpath, null)), output, quiet, err);
        }
        if (exit == Main.OK && analysis != null) {
            exit = AnalyzeCommand.run(analysis, out, err);
        }
        return exit;
    }

    /**
     * The analysis {@code --analyze} asks for: the analysis options given, forwarded to
     * {@code analyze} with OUT as its program and checked there before anything is written; null
     * without {@code --analyze}, when no analysis option may be given.
     */
    private static AnalyzeCommand.Invocation analysis(CommandLine cl, Path output) throws ParseException {
        List<Option> forwarded = analysisOptions();
        if (!cl.hasOption("analyze")) {
            List<String> names = new ArrayList<>(List.of("analysis-out"));
            forwarded.forEach(o -> names.add(o.getLongOpt()));
            for (String o : names) {
                if (cl.hasOption(o)) {
                    throw new ParseException("--" + o + " needs --analyze");
                }
            }
            return null;
        }
        Path outDir = AnalyzeCommand.outputDirectory(cl, "analysis-out");
        if (outDir == null && (cl.hasOption("dump-points-to") || cl.hasOption("dot"))) {
            throw new ParseException("--dump-points-to and --dot need --analysis-out DIR");
        }
        List<String> args = new ArrayList<>();
        args.add(output.toString());
        for (Option o : forwarded) {
            forward(cl, o.getLongOpt(), o.getLongOpt(), o.hasArg(), args);
        }
        for (String shared : SHARED) {
            forward(cl, shared, shared, !shared.equals("quiet") && !shared.equals("verbose"), args);
        }
        forward(cl, "analysis-out", "out", true, args);
        return AnalyzeCommand.parse(args.toArray(new String[0]));
    }

    /** Appends {@code --to} with each value of {@code --from} as given (once, if it takes no value). */
    private static void forward(CommandLine cl, String from, String to, boolean hasArg, List<String> args) {
        if (!cl.hasOption(from)) {
            return;
        }
        if (!hasArg) {
            args.add("--" + to);
            return;
        }
        for (String v : cl.getOptionValues(from)) {
            args.add("--" + to);
            args.add(v);
        }
    }

    /** A file an option writes besides the output: not an input, not the output, in an existing directory. */
    private static void checkOutputFile(Path file, String what, String option, List<Path> inputs, Path output) {
        List<Path> taken = new ArrayList<>(inputs);
        if (output != null) {
            taken.add(output);
        }
        for (Path p : taken) {
            if (CommandLines.sameFile(file, p)) {
                throw JphantomException.input(what + " " + file + " would replace " + p
                        + (p == output ? ", the output" : ", an input") + "; choose another " + option);
            }
        }
        if (Files.isDirectory(file)) {
            throw JphantomException.input(what + " " + file + " is a directory; give a file name");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw JphantomException.input("cannot write " + what.replaceFirst("^the ", "") + " " + file
                    + ": no such directory " + dir);
        }
    }

    private static void help(PrintStream out, Options options) {
        new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100,
                "jphantom [options] INPUT... -o OUT.jar\n       jphantom verify JAR [-cp PATH]\n       jphantom analyze PROGRAM... [options]"
                        + "\n       jphantom record -o refl.log -- java [JVM options] -cp APP MainClass [args]",
                "Completes a partial Java program: infers the missing (phantom) classes from how the bytecode uses"
                        + " them and writes a jar in which every class verifies and links.", options, 2, 4,
                "Exit codes: 0 success, 1 unsatisfiable constraints or verification failures, 2 usage or input"
                        + " errors, 3 internal error, 4 out of memory.");
    }
}
