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
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.io.JarOutput;
import org.jphantom.report.JsonReport;
import org.jphantom.report.TextReport;
import org.jphantom.report.html.HtmlReport;
import org.jphantom.solve.UnsatisfiableException;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyFailure;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;

/**
 * The command line: parses options, calls the library, prints, returns an exit code.
 * {@link #main} is the only place that calls {@code System.exit}.
 *
 * <p>Exit codes: 0 success; 1 unsatisfiable constraints or verification failures; 2 usage or
 * input errors; 3 internal errors (a bug: please report it); 4 out of memory (the JVM's maximum heap
 * is too small for the input, or for the analysis asked for).
 */
public final class Main {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int INTERNAL = 3;
    public static final int OUT_OF_MEMORY = 4;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs one command; never exits the JVM. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length > 0 && args[0].equals("analyze")) {
                return AnalyzeCommand.execute(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
            }
            if (args.length > 0 && args[0].equals("record")) {
                return RecordCommand.execute(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
            }
            if (args.length > 0 && args[0].equals("verify")) {
                return verify(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
            }
            return complement(args, out, err);
        } catch (UnsatisfiableException e) {
            err.println("jphantom: " + e.getMessage());
            e.conflict().forEach(c -> err.println("  " + c + "    [" + c.origin() + "]"));
            return FAILED;
        } catch (JphantomException e) {
            err.println("jphantom: " + e.getMessage());
            return e.exitCode();
        } catch (ParseException e) {
            err.println("jphantom: " + e.getMessage() + " (try --help)");
            return USAGE;
        } catch (OutOfMemoryError e) {
            // A resource limit, not a bug. Unwinding has made the work's data garbage, so printing is safe.
            long maxMb = Runtime.getRuntime().maxMemory() >> 20;
            err.println("jphantom: out of memory (the JVM's maximum heap is " + maxMb + " MB): give it more,"
                    + " e.g. JAVA_OPTS=-Xmx" + Math.max(2, 2 * maxMb / 1024) + "g ./jphantom ..., or ask for less"
                    + " (for analyze: a cheaper --context); nothing was written");
            return OUT_OF_MEMORY;
        } catch (RuntimeException | StackOverflowError e) {
            err.println("jphantom: internal error, please report it with the input that caused it:");
            e.printStackTrace(err);
            return INTERNAL;
        }
    }

    private static Options complementOptions() {
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
                + " main methods unless --main says) and print its summary (see jphantom analyze)").build());
        o.addOption(Option.builder().longOpt("main").hasArg().argName("CLASS")
                .desc("with --analyze: entry class (repeatable); default: every main(String[]) of the output").build());
        o.addOption(Option.builder().longOpt("context").hasArg().argName("KIND")
                .desc("with --analyze: context sensitivity, " + Selectors.NAMES + " (default ci)").build());
        o.addOption(Option.builder().longOpt("analysis-out").hasArg().argName("DIR")
                .desc("with --analyze: write reachable-methods.txt, call-edges.txt and stats.json to DIR").build());
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

    private static int complement(String[] args, PrintStream out, PrintStream err) throws ParseException {
        Options options = complementOptions();
        CommandLine cl = new DefaultParser().parse(options, args);
        if (cl.hasOption("h")) {
            help(out, options);
            return OK;
        }
        if (cl.hasOption("version")) {
            out.println("jphantom " + Version.get());
            return OK;
        }
        for (String single : List.of("o", "release", "report", "html", "save-class-files", "max-search-steps", "context",
                "analysis-out", "phantoms-only")) {
            String[] values = cl.getOptionValues(single);
            if (values != null && values.length > 1) {
                throw new ParseException("option " + (single.length() == 1 ? "-" : "--") + single
                        + " given " + values.length + " times: " + String.join(", ", values));
            }
        }
        List<Path> inputs = paths(cl.getArgList());
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
        AnalyzeCommand.Settings analysis = analysisSettings(cl);
        List<Path> classpath = classpath(cl);
        Request request = Request.of(inputs, output)
                .withClasspath(classpath)
                .withRelease(release(cl))
                .withSkipBroken(cl.hasOption("skip-broken"))
                .withLenient(cl.hasOption("lenient"))
                .withSaveClassFiles(cl.hasOption("save-class-files") ? Path.of(cl.getOptionValue("save-class-files")) : null);
        if (cl.hasOption("max-search-steps")) {
            request = request.withMaxSearchSteps(positive(cl.getOptionValue("max-search-steps"), "--max-search-steps"));
        }
        Path report = cl.hasOption("report") ? Path.of(cl.getOptionValue("report")) : null;
        if (report != null) {
            checkReport(report, inputs, output);
        }
        Path html = cl.hasOption("html") ? Path.of(cl.getOptionValue("html")) : null;
        if (html != null && Files.exists(html) && !Files.isDirectory(html)) {
            throw JphantomException.input("the HTML report directory " + html + " is a file; choose another --html");
        }
        for (Path in : inputs) {
            if (html != null && sameFile(html, in)) {
                throw JphantomException.input("the HTML report directory " + html + " is an input; choose another --html");
            }
        }
        Path phantomsJar = cl.hasOption("phantoms-only") ? Path.of(cl.getOptionValue("phantoms-only")) : null;
        if (phantomsJar != null) {
            checkOutputFile(phantomsJar, "the phantom jar", "--phantoms-only", inputs, output);
            if (report != null && sameFile(report, phantomsJar)) {
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
        int exit = OK;
        if (cl.hasOption("verify")) {
            exit = printVerify(JarVerifier.verify(new VerifyRequest(output, classpath, null)), output, quiet, err);
        }
        if (exit == OK && cl.hasOption("analyze")) {
            AnalyzeCommand.analyzeCompleted(output, classpath, release(cl), analysis, err);
        }
        return exit;
    }

    /** The analysis options of {@code --analyze}, checked before anything is written. */
    private static AnalyzeCommand.Settings analysisSettings(CommandLine cl) throws ParseException {
        if (!cl.hasOption("analyze")) {
            for (String o : List.of("main", "context", "analysis-out")) {
                if (cl.hasOption(o)) {
                    throw new ParseException("--" + o + " needs --analyze");
                }
            }
            return null;
        }
        String context = cl.getOptionValue("context", "ci");
        Selectors.canonical(context);
        return new AnalyzeCommand.Settings(AnalyzeCommand.mains(cl), context,
                AnalyzeCommand.outputDirectory(cl, "analysis-out"));
    }

    private static int verify(String[] args, PrintStream out, PrintStream err) throws ParseException {
        Options options = new Options();
        options.addOption(Option.builder("cp").longOpt("classpath").hasArg().argName("PATH")
                .desc("libraries the jar needs (separated by '" + File.pathSeparator + "'; repeatable)").build());
        options.addOption(Option.builder("q").longOpt("quiet").desc("print only failures").build());
        options.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        CommandLine cl = new DefaultParser().parse(options, args);
        if (cl.hasOption("h")) {
            new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100, "jphantom verify JAR [-cp PATH]",
                    "Loads every class of JAR in a fresh class loader of a child JVM with verification on, links it,"
                            + " and resolves every class, field and method reference of its code.", options, 2, 4, "");
            return OK;
        }
        if (cl.getArgList().size() != 1) {
            throw new ParseException("verify takes exactly one jar: jphantom verify JAR [-cp PATH]");
        }
        Path jar = Path.of(cl.getArgList().get(0));
        if (!Files.isRegularFile(jar)) {
            throw JphantomException.input(jar + ": no such jar file");
        }
        return printVerify(JarVerifier.verify(new VerifyRequest(jar, classpath(cl), null)), jar, cl.hasOption("q"), err);
    }

    private static int printVerify(VerifyResult r, Path jar, boolean quiet, PrintStream err) {
        for (VerifyFailure f : r.failures()) {
            err.println(f.kind() + " " + f.className() + ": " + f.detail());
        }
        if (!quiet || !r.ok()) {
            err.printf("verify %s: %d classes loaded and linked, %d references resolved, %d failures%n",
                    jar, r.classesChecked(), r.referencesChecked(), r.failures().size());
        }
        return r.ok() ? OK : FAILED;
    }

    /**
     * Refuses a report path that would replace an input or the output jar, or that cannot be
     * written, before anything is written: the report comes last, after the jar.
     */
    private static void checkReport(Path report, List<Path> inputs, Path output) {
        checkOutputFile(report, "the report", "--report", inputs, output);
    }

    /** A file an option writes besides the output: not an input, not the output, in an existing directory. */
    private static void checkOutputFile(Path file, String what, String option, List<Path> inputs, Path output) {
        List<Path> taken = new ArrayList<>(inputs);
        if (output != null) {
            taken.add(output);
        }
        for (Path p : taken) {
            if (sameFile(file, p)) {
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

    private static boolean sameFile(Path a, Path b) {
        Path x = a.toAbsolutePath().normalize();
        Path y = b.toAbsolutePath().normalize();
        try {
            return x.equals(y) || (Files.exists(x) && Files.exists(y) && Files.isSameFile(x, y));
        } catch (java.io.IOException e) {
            // Unreadable: the write itself will report it.
            return false;
        }
    }

    private static List<Path> classpath(CommandLine cl) {
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

    private static List<Path> paths(List<String> names) {
        return names.stream().map(Path::of).toList();
    }

    private static OptionalInt release(CommandLine cl) throws ParseException {
        return cl.hasOption("release") ? OptionalInt.of((int) positive(cl.getOptionValue("release"), "--release"))
                : OptionalInt.empty();
    }

    private static long positive(String value, String option) throws ParseException {
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
