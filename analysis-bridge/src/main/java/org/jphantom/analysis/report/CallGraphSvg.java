package org.jphantom.analysis.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Function;
import org.jphantom.report.html.LayeredLayout;

/**
 * Draws a directed graph as a self-contained SVG without an external layout tool, the way the
 * complement report draws its hierarchy: nodes in layers by their breadth-first distance from the
 * nodes nothing calls (callers above callees; a node only reached through a cycle joins the layer
 * below its first caller), a layer wrapped into rows no wider than {@value #MAX_ROW_WIDTH} pixels
 * ({@link LayeredLayout}, as the hierarchy's), boxes sized from the label in a monospace font,
 * straight arrows. Integer coordinates only, sorted input: the same graph gives the same text.
 */
final class CallGraphSvg {
    static final int MAX_ROW_WIDTH = 1600;
    private static final int MAX_LABEL = 60;
    /** Twice a character's width in pixels: 12 px monospace fonts are 7.2 px wide (DejaVu Sans Mono). */
    private static final int TWO_CHARS = 15;
    private static final int PAD = 6;
    private static final int NODE_HEIGHT = 22;
    private static final int H_GAP = 14;
    private static final int ROW_GAP = 40;
    private static final int MARGIN = 16;

    private static final LayeredLayout.Geometry GEOMETRY = new LayeredLayout.Geometry(MAX_ROW_WIDTH, 400, NODE_HEIGHT,
            H_GAP, ROW_GAP, MARGIN, MARGIN);

    private CallGraphSvg() {
    }

    /**
     * The SVG of {@code nodes} and {@code edges} (edge labels: call counts, drawn when
     * {@code counts}); {@code href} gives each node's link (relative to the report), or null.
     */
    static String draw(String title, SortedSet<String> nodes, SortedMap<String, SortedMap<String, Integer>> edges,
                       boolean counts, Function<String, String> href) {
        LayeredLayout layout = LayeredLayout.of(layers(nodes, edges), CallGraphSvg::width, GEOMETRY);
        int w = layout.width();
        int h = layout.height();
        StringBuilder sb = new StringBuilder(16384);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w).append("\" height=\"").append(h).append("\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" font-family=\"monospace\" font-size=\"12\">\n<title>").append(Html.esc(title)).append("</title>\n")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\"")
                .append(" markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>\n")
                .append("<rect x=\"0\" y=\"0\" width=\"").append(w).append("\" height=\"").append(h).append("\" fill=\"#fff\"/>\n");
        if (layout.isEmpty()) {
            sb.append("<text x=\"").append(MARGIN).append("\" y=\"").append(MARGIN + 16).append("\">no application methods reachable</text>\n");
        }
        sb.append("<g class=\"edges\" fill=\"none\" stroke=\"#777\" stroke-width=\"1\">\n");
        for (Map.Entry<String, SortedMap<String, Integer>> e : edges.entrySet()) {
            LayeredLayout.Box a = layout.box(e.getKey());
            for (Map.Entry<String, Integer> t : e.getValue().entrySet()) {
                LayeredLayout.Box b = layout.box(t.getKey());
                if (a == null || b == null || a == b) {
                    continue;
                }
                boolean down = b.y() > a.y();
                int y1 = down ? a.y() + NODE_HEIGHT : a.y();
                int y2 = down ? b.y() : b.y() + NODE_HEIGHT;
                if (b.y() == a.y()) {
                    y1 = a.y() + NODE_HEIGHT / 2;
                    y2 = y1;
                }
                sb.append("<line x1=\"").append(a.centre()).append("\" y1=\"").append(y1).append("\" x2=\"").append(b.centre())
                        .append("\" y2=\"").append(y2).append("\" marker-end=\"url(#arrow)\"><title>")
                        .append(Html.esc(e.getKey() + " -> " + t.getKey() + (counts ? " (" + t.getValue() + " calls)" : "")))
                        .append("</title></line>\n");
            }
        }
        sb.append("</g>\n<g class=\"nodes\">\n");
        for (Map.Entry<String, LayeredLayout.Box> e : layout.boxes().entrySet()) {
            LayeredLayout.Box b = e.getValue();
            String link = href.apply(e.getKey());
            if (link != null) {
                sb.append("<a href=\"").append(Html.esc(link)).append("\">");
            }
            sb.append("<g><title>").append(Html.esc(e.getKey())).append("</title><rect x=\"").append(b.x()).append("\" y=\"")
                    .append(b.y()).append("\" width=\"").append(b.w()).append("\" height=\"").append(NODE_HEIGHT)
                    .append("\" rx=\"3\" fill=\"#e7f0fb\" stroke=\"#4a7ab5\"/><text x=\"").append(b.x() + PAD).append("\" y=\"")
                    .append(b.y() + 15).append("\">").append(Html.esc(label(e.getKey()))).append("</text></g>");
            if (link != null) {
                sb.append("</a>");
            }
            sb.append('\n');
        }
        return sb.append("</g>\n</svg>\n").toString();
    }

    /** Layers by breadth-first distance from the nodes no other node calls (or, in a cycle, the first left). */
    static List<List<String>> layers(SortedSet<String> nodes, SortedMap<String, SortedMap<String, Integer>> edges) {
        Map<String, Integer> indegree = new TreeMap<>();
        nodes.forEach(n -> indegree.put(n, 0));
        edges.forEach((from, tos) -> tos.keySet().forEach(t -> {
            if (!t.equals(from)) {
                indegree.merge(t, 1, Integer::sum);
            }
        }));
        Map<String, Integer> layer = new TreeMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        for (String n : nodes) {
            if (indegree.get(n) == 0) {
                layer.put(n, 0);
                queue.add(n);
            }
        }
        for (String start : nodes) { // nodes only reachable in cycles: start from the first one left
            if (!layer.containsKey(start) && queue.isEmpty()) {
                layer.put(start, 0);
                queue.add(start);
            }
            while (!queue.isEmpty()) {
                String n = queue.poll();
                for (String t : edges.getOrDefault(n, new TreeMap<>()).keySet()) {
                    if (!layer.containsKey(t)) {
                        layer.put(t, layer.get(n) + 1);
                        queue.add(t);
                    }
                }
            }
        }
        List<List<String>> out = new ArrayList<>();
        for (String n : nodes) {
            int l = layer.get(n);
            while (out.size() <= l) {
                out.add(new ArrayList<>());
            }
            out.get(l).add(n);
        }
        return out;
    }

    private static String label(String n) {
        return n.length() <= MAX_LABEL ? n : n.substring(0, MAX_LABEL - 3) + "...";
    }

    private static int width(String n) {
        return label(n).length() * TWO_CHARS / 2 + 2 * PAD;
    }
}
