package org.jphantom.analysis.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.jphantom.JphantomException;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;

/**
 * Writes a result to a directory: {@code stats.json}, {@code reflection.json} (unless reflection is
 * off) and the call graph in the {@link OutputFormat}s asked for: {@code reachable-methods.txt} and
 * {@code call-edges.txt} (sorted, one per line; the default), {@code call-graph.jcg.json} (JCG),
 * {@code app-call-graph.dot}; on request {@code points-to.txt}. The files of formats not asked for
 * are removed (an earlier run's would mislead). A failing write removes what it wrote.
 *
 * <p>In two steps: {@link #prepare} reads on the calling thread what needs the analysis' program
 * (not thread-safe): the statistics, the reflection report, the points-to sets, the text lists when
 * no call graph index is at hand. {@link #write(Path, WrittenFiles)} reads only that and the
 * {@link MethodGraph}, so it may run while another thread uses the program (the HTML report, say).
 */
public final class Dumps {
    public static final String REACHABLE = "reachable-methods.txt";
    public static final String EDGES = "call-edges.txt";
    public static final String STATS = "stats.json";
    public static final String POINTS_TO = "points-to.txt";
    public static final String DOT = "app-call-graph.dot";
    public static final String REFLECTION = "reflection.json";
    public static final String JCG = "call-graph.jcg.json";

    private final Set<OutputFormat> formats;
    private final MethodGraph graph;
    private final String stats;
    private final String reflection;
    private final List<String> pointsTo;
    private final List<String> reachable;
    private final List<String> edges;

    private Dumps(AnalysisResult result, boolean pointsTo, Set<OutputFormat> formats, MethodGraph graph) {
        this.formats = formats.isEmpty() ? EnumSet.noneOf(OutputFormat.class) : EnumSet.copyOf(formats);
        boolean text = formats.contains(OutputFormat.TEXT);
        if (graph == null && (formats.contains(OutputFormat.DOT) || formats.contains(OutputFormat.JCG))) {
            graph = MethodGraph.of(result);
        }
        this.graph = graph;
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        try {
            this.stats = mapper.writeValueAsString(result.stats()) + "\n";
            this.reflection = result.reflection().mode() == ReflectionMode.NONE ? null
                    : mapper.writeValueAsString(result.reflection().toJson()) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("the statistics do not serialize", e);
        }
        this.pointsTo = pointsTo ? result.applicationPointsTo() : null;
        // with an index, write() builds the text lists from it; without, they are read here
        this.reachable = text && graph == null ? result.reachableMethods() : null;
        this.edges = text && graph == null ? result.callEdges() : null;
    }

    /**
     * Reads from {@code result}, on the calling thread, all that writing it in {@code formats}
     * needs besides {@code graph} (built here if null and the JCG or DOT format is asked for).
     */
    public static Dumps prepare(AnalysisResult result, boolean pointsTo, Set<OutputFormat> formats, MethodGraph graph) {
        return new Dumps(result, pointsTo, formats, graph);
    }

    /**
     * @throws JphantomException if {@code dir} cannot be created or written
     */
    public static void write(AnalysisResult result, Path dir) {
        write(result, dir, false, false);
    }

    /**
     * Also writes, on request, the application's points-to sets ({@value #POINTS_TO}) and its call
     * graph in DOT ({@value #DOT}).
     *
     * @throws JphantomException if {@code dir} cannot be created or written
     */
    public static void write(AnalysisResult result, Path dir, boolean pointsTo, boolean dot) {
        write(result, dir, pointsTo, dot ? EnumSet.of(OutputFormat.TEXT, OutputFormat.DOT) : EnumSet.of(OutputFormat.TEXT));
    }

    /**
     * Writes the call graph in {@code formats}, and the application's points-to sets
     * ({@value #POINTS_TO}) if {@code pointsTo}.
     *
     * @throws JphantomException if {@code dir} cannot be created or written
     */
    public static void write(AnalysisResult result, Path dir, boolean pointsTo, Set<OutputFormat> formats) {
        write(result, dir, pointsTo, formats, null);
    }

    /**
     * As {@link #write(AnalysisResult, Path, boolean, Set)}, with {@code graph} the result's call graph
     * for the JCG and DOT formats (built here if null and one of them is asked for).
     *
     * @throws JphantomException if {@code dir} cannot be created or written
     */
    public static void write(AnalysisResult result, Path dir, boolean pointsTo, Set<OutputFormat> formats,
                             MethodGraph graph) {
        prepare(result, pointsTo, formats, graph).write(dir);
    }

    /**
     * Writes the prepared files to {@code dir}.
     *
     * @throws JphantomException if {@code dir} cannot be created or written
     */
    public void write(Path dir) {
        write(dir, new WrittenFiles());
    }

    /**
     * Writes the prepared files to {@code dir}, recording each in {@code files}. On a failure the
     * files of every format are removed, an earlier run's too: no half of the output stays.
     *
     * @throws JphantomException if {@code dir} cannot be created or written
     * @throws WrittenFiles.Stopped if an output written at the same time failed
     */
    public void write(Path dir, WrittenFiles files) {
        try {
            files.createDirectories(dir);
        } catch (IOException e) {
            throw JphantomException.input("cannot create output directory " + dir + " (" + e + ")", e);
        }
        boolean written = false;
        try {
            if (formats.contains(OutputFormat.TEXT)) {
                writeLines(dir.resolve(REACHABLE), reachable != null ? reachable : reachableLines(graph), files);
                writeLines(dir.resolve(EDGES), edges != null ? edges : edgeLines(graph), files);
            } else {
                Files.deleteIfExists(dir.resolve(REACHABLE));
                Files.deleteIfExists(dir.resolve(EDGES));
            }
            if (formats.contains(OutputFormat.JCG)) {
                files.add(dir.resolve(JCG));
                try (OutputStream out = Files.newOutputStream(dir.resolve(JCG))) {
                    JcgWriter.write(graph, out);
                }
            } else {
                Files.deleteIfExists(dir.resolve(JCG));
            }
            files.add(dir.resolve(STATS));
            Files.writeString(dir.resolve(STATS), stats);
            if (reflection != null) {
                files.add(dir.resolve(REFLECTION));
                Files.writeString(dir.resolve(REFLECTION), reflection);
            } else {
                Files.deleteIfExists(dir.resolve(REFLECTION)); // a report of an earlier run would mislead
            }
            if (pointsTo != null) {
                writeLines(dir.resolve(POINTS_TO), pointsTo, files);
            }
            if (formats.contains(OutputFormat.DOT)) {
                files.add(dir.resolve(DOT));
                Files.writeString(dir.resolve(DOT), CallGraphDot.dot(graph));
            } else {
                Files.deleteIfExists(dir.resolve(DOT));
            }
            written = true;
        } catch (IOException e) {
            throw JphantomException.input("cannot write to " + dir + " (" + e + ")", e);
        } finally {
            if (!written) { // an I/O error, running out of memory part-way, or stopped: no half of the output stays
                for (String f : List.of(REACHABLE, EDGES, STATS, REFLECTION, POINTS_TO, DOT, JCG)) {
                    try {
                        Files.deleteIfExists(dir.resolve(f));
                    } catch (IOException ignored) {
                        // The original failure is what the user needs to see.
                    }
                }
                files.removeAll();
            }
        }
    }

    /** The reachable methods' signatures, sorted: {@link AnalysisResult#reachableMethods()} from the index. */
    static Iterable<String> reachableLines(MethodGraph graph) {
        return () -> Arrays.stream(graph.reachable()).mapToObj(graph::signature).iterator();
    }

    /**
     * The call edges' lines, sorted: {@link AnalysisResult#callEdges()} from the index, caller by
     * caller. Lines {@code <caller>/<ordinal> -> <callee>} sort by caller first unless one caller's
     * signature is a prefix of another's (a name holding {@code ">/"}, say), and then the next
     * caller in signature order starts with it too; a model's call site in a method no call
     * reached has no place in that order. In those two cases the lines are sorted all at once.
     */
    static Iterable<String> edgeLines(MethodGraph graph) {
        int[] callers = graph.reachable();
        boolean byCaller = true;
        for (int i = 1; i < callers.length && byCaller; i++) {
            byCaller = !graph.signature(callers[i]).startsWith(graph.signature(callers[i - 1]));
        }
        for (int site = 0; site < graph.siteCount() && byCaller; site++) {
            byCaller = graph.isReachable(graph.callerOf(site).id());
        }
        if (!byCaller) {
            List<String> all = new ArrayList<>();
            for (int site = 0; site < graph.siteCount(); site++) {
                addEdgeLines(graph, site, all);
            }
            all.sort(null);
            return all;
        }
        return () -> new Iterator<>() { // one caller's lines at a time: 200,000 lines need not be held
            private int next;
            private final List<String> lines = new ArrayList<>();
            private int at;

            @Override
            public boolean hasNext() {
                while (at == lines.size() && next < callers.length) {
                    lines.clear();
                    at = 0;
                    for (int site : graph.sitesOf(callers[next++])) {
                        addEdgeLines(graph, site, lines);
                    }
                    lines.sort(null);
                }
                return at < lines.size();
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return lines.get(at++);
            }
        };
    }

    private static void addEdgeLines(MethodGraph graph, int site, List<String> out) {
        int[] targets = graph.targetsOf(site);
        if (targets.length > 0) {
            String from = graph.signature(graph.callerOf(site).id()) + "/" + graph.site(site).ordinal + " -> ";
            for (int t : targets) {
                out.add(from + graph.signature(t));
            }
        }
    }

    /** The lines in UTF-8, each ended by a line break; a string that is not Unicode (a lone surrogate) fails. */
    private static void writeLines(Path file, Iterable<String> lines, WrittenFiles files) throws IOException {
        files.add(file);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (String l : lines) {
                byte[] b = l.getBytes(StandardCharsets.UTF_8);
                if (b.length != l.length()) { // not ASCII: encoded strictly, where getBytes would write '?'
                    ByteBuffer strict = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(l));
                    b = Arrays.copyOf(strict.array(), strict.limit());
                }
                out.write(b);
                out.write('\n');
            }
        }
    }
}
