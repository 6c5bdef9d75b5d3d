package org.jphantom.analysis.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.JphantomException;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.explain.Explainer;
import org.jphantom.analysis.explain.Provenance;
import org.jphantom.analysis.explain.Step;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.output.CallGraphDot;
import org.jphantom.analysis.output.WrittenFiles;

/**
 * Writes the HTML report of an analysis to a directory: {@code index.html} (summary, packages with
 * the program's own first, the application's call graph), {@code timings.html}, {@code methods.html}
 * (a searchable index of the application's reachable methods), {@code sites.html} (reflective sites
 * with status, API, targets and how each was found; the calls and edges models added),
 * {@code entries.html}, {@code package/pN.html} per package, {@code method/mN.html} per application
 * method (callers and callees with their sites, and the chain that explains it) and
 * {@code callgraph.svg}. Pages of library and JDK methods are not written (a large analysis has tens
 * of thousands); their packages list them. A failing write removes what it wrote.
 */
public final class AnalysisHtml {
    /** Callers or callees listed per method page before "... and N more". */
    static final int MAX_ROWS = 200;

    private final AnalysisResult result;
    private final MethodGraph graph;
    private final Provenance provenance;
    private final Explainer explainer;
    private final Map<Integer, String> methodPages = new HashMap<>();
    private final SortedMap<String, List<Integer>> packages = new TreeMap<>();
    private final Map<String, String> packagePages = new HashMap<>();
    /** {@link #methodLink}s from the report's directory and from its subdirectories ({@code ../}). */
    private final Map<Integer, String> topLinks = new HashMap<>();
    private final Map<Integer, String> links = new HashMap<>();

    private AnalysisHtml(AnalysisResult result, MethodGraph graph) {
        this.result = result;
        this.graph = graph;
        this.provenance = Provenance.of(result, graph);
        this.explainer = new Explainer(result, graph, provenance);
        int n = 0;
        for (int m : graph.reachable()) {
            if (graph.isApplication(m)) {
                methodPages.put(m, "method/m" + n++ + ".html");
            }
            packages.computeIfAbsent(packageOf(m), k -> new ArrayList<>()).add(m);
        }
        int p = 0;
        for (String pkg : orderedPackages()) {
            packagePages.put(pkg, "package/p" + p++ + ".html");
        }
    }

    /** Where the pages go, one at a time, as each is rendered. */
    @FunctionalInterface
    private interface Sink {
        void put(String path, String text) throws IOException;
    }

    /** The report's files by relative path, in memory (the same result gives the same text but for timings.html). */
    public static SortedMap<String, String> pages(AnalysisResult result) {
        return pages(result, MethodGraph.of(result));
    }

    /** As {@link #pages(AnalysisResult)}, over {@code graph}, the call graph of {@code result}. */
    public static SortedMap<String, String> pages(AnalysisResult result, MethodGraph graph) {
        SortedMap<String, String> out = new TreeMap<>();
        try {
            new AnalysisHtml(result, graph).render(out::put);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a map does not throw it
        }
        return out;
    }

    /**
     * Writes the report to {@code dir}.
     *
     * @throws JphantomException if the directory cannot be written (nothing of the report stays)
     */
    public static void write(AnalysisResult result, Path dir) {
        write(result, MethodGraph.of(result), dir);
    }

    /**
     * Writes the report of {@code result}, whose call graph {@code graph} is, to {@code dir}, each
     * page as it is rendered (a large program's report is tens of megabytes of text).
     *
     * @throws JphantomException if the directory cannot be written (nothing of the report stays)
     */
    public static void write(AnalysisResult result, MethodGraph graph, Path dir) {
        write(result, graph, dir, new WrittenFiles());
    }

    /**
     * As {@link #write(AnalysisResult, MethodGraph, Path)}, recording each file and directory in
     * {@code files}; on a failure it removes them.
     *
     * @throws JphantomException if the directory cannot be written (nothing of the report stays)
     * @throws WrittenFiles.Stopped if an output written at the same time failed
     */
    public static void write(AnalysisResult result, MethodGraph graph, Path dir, WrittenFiles files) {
        boolean done = false;
        try {
            files.createDirectories(dir.resolve("method"));
            files.createDirectories(dir.resolve("package"));
            new AnalysisHtml(result, graph).render((path, text) -> {
                Path f = dir.resolve(path);
                files.add(f);
                Files.writeString(f, text);
            });
            done = true;
        } catch (IOException e) {
            throw JphantomException.input("cannot write the HTML report to " + dir + " (" + e + ")", e);
        } finally {
            if (!done) {
                files.removeAll();
            }
        }
    }

    private void render(Sink out) throws IOException {
        out.put("analysis.css", Html.CSS);
        CallGraphDot.Level level = CallGraphDot.level(graph);
        SortedSet<String> nodes = new TreeSet<>();
        SortedMap<String, SortedMap<String, Integer>> edges = CallGraphDot.edges(graph, level, nodes);
        Map<String, String> nodePages = new HashMap<>();
        for (int m : graph.reachable()) {
            if (graph.isApplication(m)) {
                String node = CallGraphDot.node(graph, m, level);
                nodePages.putIfAbsent(node, level == CallGraphDot.Level.METHOD ? methodPages.get(m)
                        : packagePages.get(packageOf(m)));
            }
        }
        out.put("callgraph.svg", CallGraphSvg.draw("application call graph", nodes, edges,
                level != CallGraphDot.Level.METHOD, nodePages::get));
        out.put("index.html", index(level, nodes.size()));
        out.put("timings.html", timings());
        out.put("methods.html", methods());
        out.put("entries.html", entries());
        out.put("sites.html", Sites.page(result, graph));
        for (String pkg : orderedPackages()) {
            out.put(packagePages.get(pkg), packagePage(pkg));
        }
        for (int m : graph.reachable()) {
            String page = methodPages.get(m);
            if (page != null) {
                out.put(page, methodPage(m));
            }
        }
    }

    private List<String> orderedPackages() {
        List<String> app = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : packages.entrySet()) {
            (e.getValue().stream().anyMatch(graph::isApplication) ? app : rest).add(e.getKey());
        }
        app.addAll(rest);
        return app;
    }

    private String packageOf(int m) {
        String c = graph.className(m);
        int slash = c.lastIndexOf('/');
        return slash < 0 ? "(default package)" : c.substring(0, slash).replace('/', '.');
    }

    private String index(CallGraphDot.Level level, int nodeCount) {
        StringBuilder sb = Html.open("jphantom analyze: summary", "");
        Map<String, Object> s = result.stats();
        sb.append("<h2>Summary</h2>\n<table>\n");
        for (String k : List.of("context", "entryPointMode", "entryPoints", "reachableMethods", "applicationReachableMethods",
                "callEdges", "polymorphicCallSites", "casts", "mayFailCasts", "abstractObjects", "reflection")) {
            if (s.containsKey(k)) {
                sb.append("<tr><th>").append(Html.esc(k)).append("</th><td>").append(Html.esc(String.valueOf(s.get(k))))
                        .append("</td></tr>\n");
            }
        }
        sb.append("<tr><th>missing classes</th><td>").append(result.completion().missing().size()).append(" (--missing ")
                .append(result.completion().mode().label()).append(", ").append(result.completion().phantomTypes())
                .append(" phantom types generated)</td></tr>\n");
        sb.append("<tr><th>reflective sites</th><td>").append(Html.esc(result.reflection().summary())).append("</td></tr>\n");
        sb.append("<tr><th>warnings</th><td>").append(result.warnings().size()).append("</td></tr>\n</table>\n");
        sb.append("<p>").append(Html.link("timings.html", "Timings and memory")).append(" (the one page that differs between runs).</p>\n");
        sb.append("<h2>Application call graph</h2>\n<p>One node per ").append(level.name().toLowerCase(java.util.Locale.ROOT))
                .append(" (").append(nodeCount).append(" nodes; collapsed to classes, then packages, past ")
                .append(CallGraphDot.MAX_NODES).append(").</p>\n")
                .append("<p><a href=\"callgraph.svg\"><img class=\"graph\" src=\"callgraph.svg\" alt=\"application call graph\"></a></p>\n");
        sb.append("<h2>Packages</h2>\n<table>\n<tr><th>package</th><th>reachable methods</th><th>application</th></tr>\n");
        for (String pkg : orderedPackages()) {
            List<Integer> ms = packages.get(pkg);
            long app = ms.stream().filter(graph::isApplication).count();
            sb.append("<tr><td>").append(Html.link(packagePages.get(pkg), pkg)).append("</td><td class=\"num\">")
                    .append(ms.size()).append("</td><td class=\"num\">").append(app).append("</td></tr>\n");
        }
        sb.append("</table>\n");
        if (!result.warnings().isEmpty()) {
            sb.append("<h2>Warnings</h2>\n<ul>\n");
            result.warnings().stream().limit(MAX_ROWS).forEach(w -> sb.append("<li>").append(Html.esc(w)).append("</li>\n"));
            sb.append("</ul>\n");
        }
        return sb.append(Html.close()).toString();
    }

    private String timings() {
        StringBuilder sb = Html.open("Timings and memory", "");
        sb.append("<table>\n");
        for (String k : List.of("timeMs", "mainTimeMs", "mainCpuMs", "loadTimeMs", "peakHeapMB", "peakRssMB")) {
            sb.append("<tr><th>").append(k).append("</th><td class=\"num\">").append(result.stats().get(k)).append("</td></tr>\n");
        }
        return sb.append("</table>\n").append(Html.close()).toString();
    }

    private String methods() {
        StringBuilder sb = Html.open("Reachable application methods", "");
        sb.append("<p><input id=\"filter\" type=\"search\" placeholder=\"filter by name\" aria-label=\"filter\"></p>\n<ul>\n");
        for (int m : graph.reachable()) {
            if (methodPages.containsKey(m)) {
                sb.append("<li class=\"m\">").append(Html.link(methodPages.get(m), graph.signature(m))).append("</li>\n");
            }
        }
        sb.append("</ul>\n").append(Html.FILTER_SCRIPT);
        return sb.append(Html.close()).toString();
    }

    private String entries() {
        StringBuilder sb = Html.open("Entry points (" + result.entryMode() + ")", "");
        sb.append("<ul>\n");
        result.entries().stream().map(m -> m.id()).distinct().sorted((a, b) -> graph.signature(a).compareTo(graph.signature(b)))
                .forEach(m -> sb.append("<li class=\"m\">").append(methodLink(m, "")).append("</li>\n"));
        return sb.append("</ul>\n").append(Html.close()).toString();
    }

    private String packagePage(String pkg) {
        StringBuilder sb = Html.open("Package " + pkg, "../");
        sb.append("<ul>\n");
        for (int m : packages.get(pkg)) {
            sb.append("<li class=\"m\">").append(methodLink(m, "../")).append("</li>\n");
        }
        return sb.append("</ul>\n").append(Html.close()).toString();
    }

    private String methodLink(int m, String root) {
        Map<Integer, String> cache = root.isEmpty() ? topLinks : links;
        String link = cache.get(m);
        if (link == null) { // a method is linked from many pages, its name escaped once
            String page = methodPages.get(m);
            link = page == null ? "<code>" + Html.esc(graph.signature(m)) + "</code>" : Html.link(root + page, graph.signature(m));
            cache.put(m, link);
        }
        return link;
    }

    private String methodPage(int m) {
        StringBuilder sb = Html.open(graph.signature(m), "../");
        sb.append("<p>Package ").append(Html.link("../" + packagePages.get(packageOf(m)), packageOf(m))).append("</p>\n");
        sb.append("<h2>Why reachable</h2>\n<ol class=\"chain\">\n");
        for (Step s : provenance.chain(m)) {
            sb.append("<li>");
            if (s.kind() != Step.Kind.ROOT) {
                sb.append(methodLink(s.caller(), "../")).append(' ').append(Html.esc(Explainer.where(s))).append(" &rarr; ");
            }
            sb.append(methodLink(s.callee(), "../")).append(" [").append(Html.esc(explainer.describer().describe(s)))
                    .append("]</li>\n");
        }
        sb.append("</ol>\n<h2>Callers</h2>\n");
        int[] callers = graph.callersOf(m);
        sb.append("<table>\n<tr><th>caller</th><th>line</th><th>pc</th><th>how</th></tr>\n");
        for (int i = 0; i < Math.min(callers.length, MAX_ROWS); i++) {
            int site = callers[i];
            Invoke inv = graph.site(site);
            int caller = graph.callerOf(site).id();
            sb.append("<tr><td>").append(methodLink(caller, "../")).append("</td><td class=\"num\">").append(inv.line > 0 ? inv.line : "")
                    .append("</td><td class=\"num\">").append(inv.pc >= 0 ? inv.pc : "").append("</td><td>")
                    .append(Html.esc(explainer.describer().describe(new Step(caller, site, m, Step.Kind.CALL, inv.line, inv.pc, null))))
                    .append("</td></tr>\n");
        }
        more(sb.append("</table>\n"), callers.length);
        sb.append("<h2>Callees</h2>\n<table>\n<tr><th>line</th><th>pc</th><th>call</th><th>targets</th></tr>\n");
        int[] sites = graph.sitesOf(m);
        for (int i = 0; i < Math.min(sites.length, MAX_ROWS); i++) {
            Invoke inv = graph.site(sites[i]);
            sb.append("<tr><td class=\"num\">").append(inv.line > 0 ? inv.line : "").append("</td><td class=\"num\">")
                    .append(inv.pc >= 0 ? inv.pc : "").append("</td><td><code>")
                    .append(Html.esc(inv.owner.replace('/', '.') + "." + inv.name + inv.desc)).append("</code></td><td>");
            int[] targets = graph.targetsOf(sites[i]);
            if (targets.length == 0) {
                sb.append("<em>none</em>");
            }
            for (int t : targets) {
                sb.append(methodLink(t, "../")).append("<br>");
            }
            sb.append("</td></tr>\n");
        }
        more(sb.append("</table>\n"), sites.length);
        return sb.append(Html.close()).toString();
    }

    private static void more(StringBuilder sb, int n) {
        if (n > MAX_ROWS) {
            sb.append("<p>... and ").append(n - MAX_ROWS).append(" more</p>\n");
        }
    }
}
