package org.jphantom.cli;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Set;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.jphantom.JphantomException;
import org.jphantom.analysis.Analysis;
import org.jphantom.analysis.AnalysisRequest;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.explain.Explainer;
import org.jphantom.analysis.explain.MethodQuery;
import org.jphantom.analysis.explain.Provenance;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.missing.MissingMode;
import org.jphantom.analysis.report.AnalysisHtml;
import org.jphantom.analysis.output.CallGraphDot;
import org.jphantom.analysis.output.ConcurrentOutputs;
import org.jphantom.analysis.output.Dumps;
import org.jphantom.analysis.output.OutputFormat;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.entry.EntryPointMode;
import org.jphantom.analysis.pta.entry.EntryPointOptions;
import org.jphantom.analysis.pta.entry.PackageVisibility;
import org.jphantom.analysis.pta.plugin.Progress;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionLimits;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions;

/**
 * {@code jphantom analyze}: options in, the analysis library called, a summary and dumps out. Its
 * two halves, {@link #parse} (every check, before anything is read) and {@link #run}, also serve
 * {@code jphantom IN -o OUT --analyze}, which forwards its analysis options here.
 */
final class AnalyzeCommand {
    /** How many sites of each problem list the summary after a run names. */
    static final int TOP_PROBLEMS = 5;

    private AnalyzeCommand() {
    }

    /** Every option of {@code analyze}; {@code jphantom IN -o OUT --analyze} takes them too ({@link ComplementCommand}). */
    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("cp").longOpt("classpath").hasArg().argName("PATH")
                .desc("libraries (jars or class directories, separated by '" + File.pathSeparator
                        + "'; repeatable): analysed, not counted as application").build());
        o.addOption(Option.builder().longOpt("release").hasArg().argName("N")
                .desc("analyse with the API of JDK N from ct.sym (no JDK method bodies); default: the running JDK").build());
        o.addOption(Option.builder().longOpt("main").hasArg().argName("CLASS")
                .desc("entry class (repeatable); default: every main(String[]) of the program").build());
        o.addOption(Option.builder().longOpt("arg").hasArg().argName("STRING")
                .desc("a command-line argument of the run to analyse (repeatable, in order): main's String[] then"
                        + " holds exactly these strings, so class names given on the command line resolve; default:"
                        + " any command line (one unknown string); --arg=-x for a string that starts with -").build());
        o.addOption(Option.builder().longOpt("context").hasArg().argName("KIND")
                .desc("context sensitivity: " + Selectors.NAMES + " (default " + Selectors.DEFAULT + ")").build());
        o.addOption(Option.builder().longOpt("entry-points").hasArg().argName("MODE")
                .desc("where the analysis starts: " + EntryPointMode.NAMES + " (default: main if the program has a"
                        + " main method, else library)").build());
        o.addOption(Option.builder().longOpt("package-visibility").hasArg().argName("V")
                .desc("with library entry points: can a client put classes into the library's packages? "
                        + PackageVisibility.NAMES + " (default closed)").build());
        o.addOption(Option.builder().longOpt("missing").hasArg().argName("MODE")
                .desc("classes the program references but nothing provides: 'complement' (default) generates them"
                        + " in memory first and analyses the completed program; 'ignore' analyses the program as it"
                        + " is, calls into them have no target; 'skip' leaves out methods referencing them (Doop)").build());
        o.addOption(Option.builder().longOpt("report").hasArg().argName("FILE.json")
                .desc("with --missing complement: write the complement's JSON report (as jphantom --report)").build());
        o.addOption(Option.builder().longOpt("reflection").hasArg().argName("MODE")
                .desc("reflective calls: 'solar' (default) infers what string constants do not tell (SOLAR) and reports"
                        + " where it may be unsound; 'probe' is SOLAR's lighter PROBE (no lazy typing at casts and"
                        + " invoke, no inference of classes from member names, no search for wholly unknown"
                        + " members); 'constants' reads names from string constants and casts (Livshits et al.);"
                        + " 'none' leaves them unresolved").build());
        o.addOption(Option.builder().longOpt("reflection-log").hasArg().argName("FILE")
                .desc("add the reflective targets a TamiFlex log (jphantom record) lists at their call sites").build());
        o.addOption(Option.builder().longOpt("reflection-hints").hasArg().argName("FILE")
                .desc("lightweight annotations (JSON): per reflective call site (class, method, optional line and"
                        + " api) the classes, methods or fields it may reach, or ignore; see the analysis-bridge README")
                .build());
        o.addOption(Option.builder().longOpt("reflection-strings").hasArg().argName("substring|classes|off")
                .desc("with solar: follow parts of class and member names through StringBuilder, concat and"
                        + " string concatenation, and match them by prefix and suffix; 'classes': at forName and"
                        + " loadClass only (default off)").build());
        o.addOption(Option.builder().longOpt("reflection-use-based").hasArg().argName("MODE")
                .desc("with solar: use-based inference; 'propagate': a cast or a member name tells an unresolved"
                        + " forName its classes; 'invent': objects of the cast type at casts of unresolved invoke/get"
                        + " results; 'both'; 'off' (default)").build());
        o.addOption(Option.builder().longOpt("reflection-lazy-limit").hasArg().argName("N|none")
                .desc("with solar: a cast (or invoke) that more than N classes satisfy does not type the objects"
                        + " newInstance made of unknown classes, and their site is reported unsound (default "
                        + ReflectionLimits.DEFAULT.lazyTypes() + "; none: SOLAR's unbounded typing)").build());
        o.addOption(Option.builder().longOpt("reflection-lazy-uses").hasArg().argName("N|none")
                .desc("with solar: at most N distinct casts and invoke calls type one object newInstance made of"
                        + " an unknown class; a further use does not type it, and its site is reported unsound"
                        + " (default " + ReflectionLimits.DEFAULT.lazyUses() + "; none: no limit)").build());
        o.addOption(Option.builder().longOpt("reflection-budget").hasArg().argName("N|none")
                .desc("the most classes one reflective call site may resolve targets of; a site past it gives up"
                        + " the targets of further classes and is reported 'limited' (default "
                        + ReflectionLimits.DEFAULT.siteClasses() + "; none: no budget)").build());
        o.addOption(Option.builder().longOpt("reflection-use-based-limits").hasArg().argName("C,D")
                .desc("with --reflection-use-based: a cast back-propagates or invents only when at most C classes"
                        + " satisfy it, a member name back-propagates only when at most D classes declare it"
                        + " (default " + ReflectionLimits.DEFAULT.castTypes() + "," + ReflectionLimits.DEFAULT.nameTypes()
                        + ")").build());
        o.addOption(Option.builder().longOpt("string-colouring").hasArg().argName("on|off")
                .desc("with solar: merge the member-name strings that never tell two members of a class apart"
                        + " (string colouring); default on").build());
        o.addOption(Option.builder().longOpt("dynamic-models").hasArg().argName("on|off")
                .desc("model the JVM's hidden calls (finalizers, uncaught-exception handlers, shutdown hooks, enum"
                        + " constants, serialization, proxies, services, Unsafe, method handles); default on").build());
        o.addOption(Option.builder().longOpt("jvm-startup").hasArg().argName("on|off")
                .desc("analyse what the JVM runs before main: the main thread, System.initPhase1/initPhase3 (the"
                        + " standard streams, system properties, context class loader), once and"
                        + " context-insensitively under any --context; sounder, but about 15,000 more reachable"
                        + " methods whatever the program; default off").build());
        o.addOption(Option.builder().longOpt("out").hasArg().argName("DIR")
                .desc("write reachable-methods.txt, call-edges.txt, stats.json and reflection.json to DIR").build());
        o.addOption(Option.builder().longOpt("dump-points-to")
                .desc("with --out: also write points-to.txt, the application variables' points-to sets").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMATS")
                .desc("with --out: the call graph's formats, " + OutputFormat.NAMES + " (repeatable or a comma list;"
                        + " default text): text writes reachable-methods.txt and call-edges.txt, jcg call-graph.jcg.json"
                        + " (JCG's serialized call graph), dot app-call-graph.dot (the application's call graph,"
                        + " collapsed to classes or packages past " + CallGraphDot.MAX_NODES + " nodes)").build());
        o.addOption(Option.builder().longOpt("html").hasArg().argName("DIR")
                .desc("write the HTML report (summary, entry points, methods per package with a searchable index,"
                        + " reflective and dynamic sites, the application's call graph as SVG, a page per application"
                        + " method with callers, callees and why it is reachable) to DIR").build());
        o.addOption(Option.builder().longOpt("explain").hasArg().argName("METHOD")
                .desc("print why METHOD is reachable: the shortest chain from an entry point, one line per call with"
                        + " its site and how it came to be (repeatable; <a.B: void m(int)>, a.B.m(I)V, a.B.m(int), or"
                        + " a.B.m for every overload)").build());
        o.addOption(Option.builder().longOpt("dot")
                .desc("with --out: also write app-call-graph.dot (as --format text,dot)").build());
        o.addOption(Option.builder("q").longOpt("quiet").desc("print nothing but errors").build());
        o.addOption(Option.builder("v").longOpt("verbose")
                .desc("print progress every 5 s, with the methods analysed in the most contexts").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    /** The entry classes of {@code --main} (repeatable); empty for every main method. */
    static List<String> mains(CommandLine cl) {
        return cl.getOptionValues("main") == null ? List.of() : List.of(cl.getOptionValues("main"));
    }

    /** The entry points of {@code --entry-points} and {@code --package-visibility}. */
    static EntryPointOptions entryPoints(CommandLine cl) throws ParseException {
        EntryPointMode mode = cl.hasOption("entry-points") ? EntryPointMode.named(cl.getOptionValue("entry-points")) : null;
        PackageVisibility packages = PackageVisibility.CLOSED;
        if (cl.hasOption("package-visibility")) {
            packages = PackageVisibility.named(cl.getOptionValue("package-visibility"));
            if (mode != null && mode != EntryPointMode.LIBRARY) {
                throw new ParseException("--package-visibility goes with --entry-points library, not " + mode.label());
            }
        }
        if (mode != null && mode != EntryPointMode.MAIN && cl.hasOption("main")) {
            throw new ParseException("--main goes with --entry-points main, not " + mode.label());
        }
        if (mode != null && mode != EntryPointMode.MAIN && cl.hasOption("arg")) {
            throw new ParseException("--arg goes with --entry-points main, not " + mode.label());
        }
        String startup = cl.getOptionValue("jvm-startup", "off");
        if (!startup.equals("on") && !startup.equals("off")) {
            throw new ParseException("--jvm-startup takes on or off, not '" + startup + "'");
        }
        List<String> args = cl.hasOption("arg") ? List.of(cl.getOptionValues("arg")) : null;
        return new EntryPointOptions(mode, packages, startup.equals("on"), args);
    }

    /**
     * The directory of {@code --option DIR}, or null when not given.
     *
     * @throws JphantomException if it names an existing file (checked before any work is done)
     */
    static Path outputDirectory(CommandLine cl, String option) {
        if (!cl.hasOption(option)) {
            return null;
        }
        Path dir = Path.of(cl.getOptionValue(option));
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw JphantomException.input("--" + option + " " + dir + " is a file; give a directory");
        }
        return dir;
    }

    static int execute(String[] args, PrintStream out, PrintStream err) throws ParseException {
        Options options = options();
        CommandLine cl = new DefaultParser().parse(options, args);
        if (cl.hasOption("h")) {
            new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100,
                    "jphantom analyze PROGRAM... [-cp LIB...] [--release N] [--main CLASS [--arg STRING]...] [--entry-points MODE]"
                            + " [--context KIND] [--reflection MODE] [--reflection-log FILE] [--out DIR]",
                    "Runs a whole-program points-to analysis with an on-the-fly call graph over PROGRAM (a complemented"
                            + " jar, typically), its class path and the JDK read as class files.", options, 2, 4, "");
            return Main.OK;
        }
        return run(parse(cl), out, err);
    }

    /**
     * A checked {@code jphantom analyze} command line: the request it makes and the rest of its
     * options, read when the analysis has run.
     */
    record Invocation(CommandLine cl, AnalysisRequest request, Path outDir, Path report, Set<OutputFormat> formats,
                      Path htmlDir, List<MethodQuery> explain) {
    }

    /**
     * Checks an {@code analyze} command line without {@code --help} and makes its request; nothing
     * is read or written yet. {@code jphantom IN -o OUT --analyze} forwards its analysis options
     * here, with OUT as the program, before it complements.
     */
    static Invocation parse(String[] args) throws ParseException {
        return parse(new DefaultParser().parse(options(), args));
    }

    private static Invocation parse(CommandLine cl) throws ParseException {
        for (String single : List.of("release", "context", "out", "html", "missing", "report", "entry-points",
                "package-visibility", "reflection", "reflection-log", "reflection-hints", "dynamic-models", "jvm-startup", "reflection-strings", "reflection-use-based",
                "string-colouring", "reflection-lazy-limit", "reflection-lazy-uses", "reflection-use-based-limits",
                "reflection-budget")) {
            String[] values = cl.getOptionValues(single);
            if (values != null && values.length > 1) {
                throw new ParseException("option --" + single + " given " + values.length + " times");
            }
        }
        if (cl.getArgList().isEmpty()) {
            throw new ParseException("no program given: jphantom analyze PROGRAM... [options]");
        }
        List<Path> program = cl.getArgList().stream().map(Path::of).toList();
        List<Path> cp = new ArrayList<>();
        if (cl.getOptionValues("cp") != null) {
            for (String v : cl.getOptionValues("cp")) {
                for (String p : v.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
                    if (!p.isEmpty()) {
                        cp.add(Path.of(p));
                    }
                }
            }
        }
        OptionalInt release = OptionalInt.empty();
        if (cl.hasOption("release")) {
            try {
                release = OptionalInt.of(Integer.parseInt(cl.getOptionValue("release")));
            } catch (NumberFormatException e) {
                throw new ParseException("--release needs a number, not '" + cl.getOptionValue("release") + "'");
            }
        }
        MissingMode missing;
        try {
            missing = MissingMode.named(cl.getOptionValue("missing", "complement"));
        } catch (JphantomException e) {
            throw new ParseException(e.getMessage());
        }
        Path report = CompletionOutput.reportFile(cl.getOptionValue("report"), missing, program);
        String dynamic = cl.getOptionValue("dynamic-models", "on");
        if (!dynamic.equals("on") && !dynamic.equals("off")) {
            throw new ParseException("--dynamic-models takes on or off, not '" + dynamic + "'");
        }
        List<String> mains = mains(cl);
        Path outDir = outputDirectory(cl, "out");
        if (outDir == null && (cl.hasOption("dump-points-to") || cl.hasOption("dot") || cl.hasOption("format"))) {
            throw new ParseException("--dump-points-to, --dot and --format need --out DIR");
        }
        Set<OutputFormat> formats = formats(cl);
        Path htmlDir = outputDirectory(cl, "html");
        List<MethodQuery> explain = new ArrayList<>();
        for (String q : cl.getOptionValues("explain") == null ? new String[0] : cl.getOptionValues("explain")) {
            try {
                explain.add(MethodQuery.parse(q));
            } catch (JphantomException e) {
                throw new ParseException(e.getMessage());
            }
        }
        Selectors.canonical(cl.getOptionValue("context", Selectors.DEFAULT));
        EntryPointOptions entryPoints = entryPoints(cl);
        ReflectionMode reflection = ReflectionMode.named(cl.getOptionValue("reflection", "solar"));
        Path log = cl.hasOption("reflection-log") ? Path.of(cl.getOptionValue("reflection-log")) : null;
        Path hints = cl.hasOption("reflection-hints") ? Path.of(cl.getOptionValue("reflection-hints")) : null;
        ReflectionOptions reflectionOptions = reflectionOptions(cl);
        AnalysisRequest request = AnalysisRequest.of(program).withClasspath(cp).withRelease(release)
                .withMains(mains).withContext(cl.getOptionValue("context", Selectors.DEFAULT))
                .withMissing(missing).withEntryPoints(entryPoints)
                .withReflection(reflection).withReflectionLog(log).withReflectionHints(hints)
                .withDynamicModels(dynamic.equals("on"))
                .withReflectionOptions(reflectionOptions);
        return new Invocation(cl, request, outDir, report, formats, htmlDir, explain);
    }

    /** Runs the analysis {@code inv} asks for, writes its dumps and prints its warnings and summary. */
    static int run(Invocation inv, PrintStream out, PrintStream err) {
        CommandLine cl = inv.cl();
        AnalysisRequest request = inv.request();
        Path outDir = inv.outDir();
        Path report = inv.report();
        Set<OutputFormat> formats = inv.formats();
        Path htmlDir = inv.htmlDir();
        List<MethodQuery> explain = inv.explain();
        List<org.jphantom.analysis.pta.plugin.Plugin> extra = cl.hasOption("q") ? List.of()
                : List.of(!cl.hasOption("v") && err == System.err && Terminal.stderrIsTerminal() ? Progress.onTerminal(err)
                        : new Progress(err, cl.hasOption("v"), 5000));
        StepClock clock = new StepClock();
        AnalysisResult result = Analysis.run(request, extra);
        clock.lap("analysis");
        if (report != null) {
            CompletionOutput.writeReport(result, report);
            clock.lap("--report");
        }
        result.stats(); // built once here, before the outputs are written at once: both read them
        clock.lap("statistics");
        // one index of the call graph for the formats, the HTML report and --explain
        MethodGraph graph = formats.contains(OutputFormat.JCG) || formats.contains(OutputFormat.DOT) || htmlDir != null
                || !explain.isEmpty() ? MethodGraph.of(result) : null;
        if (graph != null) {
            clock.lap("call graph index");
        }
        List<ConcurrentOutputs.Output> outputs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (outDir != null) {
            Dumps dumps = Dumps.prepare(result, cl.hasOption("dump-points-to"), formats, graph);
            outputs.add(files -> dumps.write(outDir, files));
            names.add("--out (" + formats.stream().map(OutputFormat::label).collect(Collectors.joining(",")) + ")");
        }
        if (htmlDir != null) { // the one output that uses the program: Dumps read theirs in prepare
            outputs.add(files -> AnalysisHtml.write(result, graph, htmlDir, files));
            names.add("--html");
        }
        if (!outputs.isEmpty()) {
            try {
                ConcurrentOutputs.run(outputs);
                clock.lap(String.join(" and ", names) + (outputs.size() > 1 ? " at once" : ""));
            } catch (RuntimeException | Error e) {
                if (report != null) { // a failing command leaves no part of its output
                    CompletionOutput.deleteQuietly(report);
                }
                throw e;
            }
        }
        if (!explain.isEmpty()) {
            Explainer explainer = new Explainer(result, graph, Provenance.of(result, graph));
            for (MethodQuery q : explain) {
                explainer.explain(q).forEach(out::println);
            }
            clock.lap("--explain");
        }
        if (!cl.hasOption("q")) {
            CompletionOutput.print(result.completion(), report, err);
            List<String> warnings = result.warnings();
            int shown = cl.hasOption("v") ? warnings.size() : Math.min(5, warnings.size());
            for (int i = 0; i < shown; i++) {
                err.println("warning: " + warnings.get(i));
            }
            if (shown < warnings.size()) {
                err.println("warning: ... and " + (warnings.size() - shown) + " more (-v shows all)");
            }
            if (result.reflection().hasProblems()) {
                boolean all = cl.hasOption("v");
                err.println("reflection: the sites to look at" + (all ? "" : " (the first " + TOP_PROBLEMS
                        + " of each list; -v lists all, reflection.json has every site)") + ", each with where to"
                        + " annotate it (<-); see --reflection-hints:");
                for (String p : all ? result.reflection().problems() : result.reflection().problems(TOP_PROBLEMS)) {
                    err.println("reflection: " + p);
                }
            }
            err.println(result.summary());
            if (cl.hasOption("v")) {
                err.println(clock.line());
            }
        }
        return Main.OK;
    }

    /** The formats of {@code --format} (text if not given), with dot for {@code --dot}. */
    private static Set<OutputFormat> formats(CommandLine cl) throws ParseException {
        Set<OutputFormat> formats;
        try {
            formats = cl.hasOption("format") ? OutputFormat.parse(List.of(cl.getOptionValues("format")))
                    : EnumSet.of(OutputFormat.TEXT);
        } catch (JphantomException e) {
            throw new ParseException(e.getMessage());
        }
        if (cl.hasOption("dot")) {
            formats.add(OutputFormat.DOT);
        }
        return formats;
    }

    /**
     * {@code --reflection-strings}, {@code --reflection-use-based}, {@code --string-colouring},
     * {@code --reflection-lazy-limit}, {@code --reflection-lazy-uses}, {@code --reflection-use-based-limits}.
     */
    private static ReflectionOptions reflectionOptions(CommandLine cl) throws ParseException {
        String strings = cl.getOptionValue("reflection-strings", "off");
        if (!strings.equals("substring") && !strings.equals("classes") && !strings.equals("off")) {
            throw new ParseException("--reflection-strings takes substring, classes or off, not '" + strings + "'");
        }
        String colouring = cl.getOptionValue("string-colouring", "on");
        if (!colouring.equals("on") && !colouring.equals("off")) {
            throw new ParseException("--string-colouring takes on or off, not '" + colouring + "'");
        }
        ReflectionOptions.UseBased useBased;
        ReflectionLimits limits = ReflectionLimits.DEFAULT;
        try {
            useBased = ReflectionOptions.UseBased.named(cl.getOptionValue("reflection-use-based", "off"));
            if (cl.hasOption("reflection-lazy-limit")) {
                limits = limits.withLazyTypes(ReflectionLimits.parseLazy(cl.getOptionValue("reflection-lazy-limit")));
            }
            if (cl.hasOption("reflection-lazy-uses")) {
                limits = limits.withLazyUses(ReflectionLimits.parseLazyUses(cl.getOptionValue("reflection-lazy-uses")));
            }
            if (cl.hasOption("reflection-budget")) {
                limits = limits.withSiteClasses(ReflectionLimits.parseBudget(cl.getOptionValue("reflection-budget")));
            }
            if (cl.hasOption("reflection-use-based-limits")) {
                limits = limits.withUseBased(cl.getOptionValue("reflection-use-based-limits"));
            }
        } catch (org.jphantom.JphantomException e) {
            throw new ParseException(e.getMessage());
        }
        return new ReflectionOptions(!strings.equals("off"), strings.equals("substring"), useBased, colouring.equals("on"),
                limits);
    }
}
