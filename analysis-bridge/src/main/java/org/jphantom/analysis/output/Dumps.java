package org.jphantom.analysis.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.util.EnumSet;
import java.util.Set;
import org.jphantom.analysis.graph.MethodGraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;

/**
 * Writes a result to a directory: {@code stats.json}, {@code reflection.json} (unless reflection is
 * off) and the call graph in the {@link OutputFormat}s asked for: {@code reachable-methods.txt} and
 * {@code call-edges.txt} (sorted, one per line; the default), {@code call-graph.jcg.json} (JCG),
 * {@code app-call-graph.dot}; on request {@code points-to.txt}. The files of formats not asked for
 * are removed (an earlier run's would mislead). A failing write removes what it wrote.
 */
public final class Dumps {
    public static final String REACHABLE = "reachable-methods.txt";
    public static final String EDGES = "call-edges.txt";
    public static final String STATS = "stats.json";
    public static final String POINTS_TO = "points-to.txt";
    public static final String DOT = "app-call-graph.dot";
    public static final String REFLECTION = "reflection.json";
    public static final String JCG = "call-graph.jcg.json";

    private Dumps() {
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
        boolean text = formats.contains(OutputFormat.TEXT);
        boolean dot = formats.contains(OutputFormat.DOT);
        boolean jcg = formats.contains(OutputFormat.JCG);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw JphantomException.input("cannot create output directory " + dir + " (" + e + ")", e);
        }
        boolean written = false;
        try {
            if (text) {
                writeLines(dir.resolve(REACHABLE), result.reachableMethods());
                writeLines(dir.resolve(EDGES), result.callEdges());
            } else {
                Files.deleteIfExists(dir.resolve(REACHABLE));
                Files.deleteIfExists(dir.resolve(EDGES));
            }
            if (graph == null && (dot || jcg)) {
                graph = MethodGraph.of(result);
            }
            if (jcg) {
                try (Writer w = Files.newBufferedWriter(dir.resolve(JCG))) {
                    JcgWriter.write(graph, w);
                }
            } else {
                Files.deleteIfExists(dir.resolve(JCG));
            }
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            Files.writeString(dir.resolve(STATS), mapper.writeValueAsString(result.stats()) + "\n");
            if (result.reflection().mode() != ReflectionMode.NONE) {
                Files.writeString(dir.resolve(REFLECTION), mapper.writeValueAsString(result.reflection().toJson()) + "\n");
            } else {
                Files.deleteIfExists(dir.resolve(REFLECTION)); // a report of an earlier run would mislead
            }
            if (pointsTo) {
                writeLines(dir.resolve(POINTS_TO), result.applicationPointsTo());
            }
            if (dot) {
                Files.writeString(dir.resolve(DOT), CallGraphDot.dot(graph));
            } else {
                Files.deleteIfExists(dir.resolve(DOT));
            }
            written = true;
        } catch (IOException e) {
            throw JphantomException.input("cannot write to " + dir + " (" + e + ")", e);
        } finally {
            if (!written) { // an I/O error, or running out of memory part-way: no half of the output stays
                for (String f : List.of(REACHABLE, EDGES, STATS, REFLECTION, POINTS_TO, DOT, JCG)) {
                    try {
                        Files.deleteIfExists(dir.resolve(f));
                    } catch (IOException ignored) {
                        // The original failure is what the user needs to see.
                    }
                }
            }
        }
    }

    private static void writeLines(Path file, List<String> lines) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append('\n');
        }
        Files.writeString(file, sb);
    }
}
