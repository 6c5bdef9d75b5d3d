package org.jphantom.analysis.output;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.analysis.graph.MethodGraph;

/**
 * The application's call graph in Graphviz DOT: the reachable methods of application classes and
 * the calls among them (contexts and call sites dropped). A picture past a few hundred nodes is
 * unreadable, so the graph is collapsed: one node per method while there are at most
 * {@value #MAX_NODES} of them, else one per class while there are at most {@value #MAX_NODES}
 * classes, else one per package. A collapsed edge carries the number of method-level calls it
 * stands for as its label; calls within one node are left out. Sorted, the same result gives the
 * same bytes. Reads nothing but the {@link MethodGraph}, so it may run while another thread uses
 * the program.
 */
public final class CallGraphDot {
    /** The most nodes a level may have before the graph is collapsed to the next. */
    public static final int MAX_NODES = 300;

    /** What one node stands for. */
    public enum Level {
        METHOD, CLASS, PACKAGE
    }

    private CallGraphDot() {
    }

    /** The level the graph is drawn at: the finest with at most {@value #MAX_NODES} nodes. */
    public static Level level(MethodGraph graph) {
        return level(graph, MAX_NODES);
    }

    /** The finest level with at most {@code maxNodes} nodes. */
    public static Level level(MethodGraph graph, int maxNodes) {
        int methods = 0; // reachable methods have distinct signatures
        Set<String> classes = new HashSet<>();
        for (int m : graph.reachable()) {
            if (graph.isApplication(m)) {
                methods++;
                classes.add(graph.className(m));
            }
        }
        return methods <= maxNodes ? Level.METHOD : classes.size() <= maxNodes ? Level.CLASS : Level.PACKAGE;
    }

    /** The node method {@code m} belongs to at {@code level}. */
    public static String node(MethodGraph graph, int m, Level level) {
        return switch (level) {
            case METHOD -> graph.signature(m);
            case CLASS -> className(graph, m);
            case PACKAGE -> packageName(graph, m);
        };
    }

    /**
     * The application's nodes at {@code level} and its edges between different nodes, with the
     * number of method-level calls each stands for.
     */
    public static SortedMap<String, SortedMap<String, Integer>> edges(MethodGraph graph, Level level,
                                                                     SortedSet<String> nodes) {
        SortedMap<String, SortedMap<String, Integer>> edges = new TreeMap<>();
        for (int m : graph.reachable()) {
            if (!graph.isApplication(m)) {
                continue;
            }
            String from = node(graph, m, level);
            nodes.add(from);
            SortedSet<Integer> callees = new TreeSet<>();
            for (int site : graph.sitesOf(m)) {
                for (int t : graph.targetsOf(site)) {
                    if (graph.isApplication(t)) {
                        callees.add(t);
                    }
                }
            }
            for (int t : callees) {
                String to = node(graph, t, level);
                if (level == Level.METHOD || !to.equals(from)) {
                    edges.computeIfAbsent(from, k -> new TreeMap<>()).merge(to, 1, Integer::sum);
                }
            }
        }
        return edges;
    }

    public static String dot(MethodGraph graph) {
        return dot(graph, MAX_NODES);
    }

    /** The DOT text, collapsed past {@code maxNodes} nodes per level. */
    public static String dot(MethodGraph graph, int maxNodes) {
        Level level = level(graph, maxNodes);
        SortedSet<String> nodes = new TreeSet<>();
        SortedMap<String, SortedMap<String, Integer>> edges = edges(graph, level, nodes);
        StringBuilder sb = new StringBuilder("digraph callgraph {\n");
        sb.append("  // application call graph, one node per ").append(level.name().toLowerCase(java.util.Locale.ROOT))
                .append(" (at most ").append(maxNodes).append(" nodes per level before collapsing)\n");
        sb.append("  node [shape=box];\n");
        for (String n : nodes) {
            sb.append("  ").append(quote(n)).append(";\n");
        }
        for (Map.Entry<String, SortedMap<String, Integer>> e : edges.entrySet()) {
            for (Map.Entry<String, Integer> t : e.getValue().entrySet()) {
                sb.append("  ").append(quote(e.getKey())).append(" -> ").append(quote(t.getKey()));
                if (level != Level.METHOD) {
                    sb.append(" [label=\"").append(t.getValue()).append("\"]");
                }
                sb.append(";\n");
            }
        }
        return sb.append("}\n").toString();
    }

    /** A DOT string literal: backslashes and quotes escaped, line breaks as {@code \n}. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"', '\\' -> sb.append('\\').append(c);
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static String className(MethodGraph graph, int m) {
        return graph.className(m).replace('/', '.');
    }

    private static String packageName(MethodGraph graph, int m) {
        String c = graph.className(m);
        int slash = c.lastIndexOf('/');
        return slash < 0 ? "(default package)" : c.substring(0, slash).replace('/', '.');
    }
}
