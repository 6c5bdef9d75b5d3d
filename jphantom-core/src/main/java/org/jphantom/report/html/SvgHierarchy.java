package org.jphantom.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jphantom.discover.Names;

/**
 * Draws a {@link HierarchyGraph} as a self-contained SVG, without Graphviz: layers top to bottom
 * (supertypes above their subtypes), a layer wrapped into rows no wider than
 * {@value #MAX_ROW_WIDTH} pixels, boxes sized from the label in a monospace font, straight
 * arrows from subtype to supertype (solid: extends, dashed: implements). Phantoms are filled
 * and link to their pages; known types are plain. Integer coordinates only, so the text is the
 * same on every machine and locale.
 */
final class SvgHierarchy {
    static final int MAX_ROW_WIDTH = 1400;
    private static final int CHAR_WIDTH = 7;
    private static final int PAD = 8;
    private static final int NODE_HEIGHT = 24;
    private static final int H_GAP = 16;
    private static final int ROW_GAP = 48;
    private static final int MARGIN = 16;
    private static final int LEGEND_HEIGHT = 40;

    private record Box(int x, int y, int w) {
        int centre() {
            return x + w / 2;
        }
    }

    private SvgHierarchy() {
    }

    /** The SVG text; phantom boxes link to their pages relative to the report's directory. */
    static String draw(HierarchyGraph g) {
        List<List<String>> rows = new ArrayList<>();
        for (List<String> layer : g.layers()) {
            List<String> row = new ArrayList<>();
            int width = 0;
            for (String n : layer) {
                int w = width(n);
                if (!row.isEmpty() && width + H_GAP + w > MAX_ROW_WIDTH) {
                    rows.add(row);
                    row = new ArrayList<>();
                    width = 0;
                }
                width += (row.isEmpty() ? 0 : H_GAP) + w;
                row.add(n);
            }
            if (!row.isEmpty()) {
                rows.add(row);
            }
        }
        int maxWidth = 660; // room for the legend
        for (List<String> row : rows) {
            maxWidth = Math.max(maxWidth, rowWidth(row));
        }
        Map<String, Box> boxes = new TreeMap<>();
        int y = MARGIN + LEGEND_HEIGHT;
        for (List<String> row : rows) {
            int x = MARGIN + (maxWidth - rowWidth(row)) / 2;
            for (String n : row) {
                boxes.put(n, new Box(x, y, width(n)));
                x += width(n) + H_GAP;
            }
            y += NODE_HEIGHT + ROW_GAP;
        }
        int totalWidth = maxWidth + 2 * MARGIN;
        int totalHeight = rows.isEmpty() ? MARGIN * 2 + LEGEND_HEIGHT + NODE_HEIGHT : y - ROW_GAP + MARGIN;
        StringBuilder sb = new StringBuilder(8192);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(totalWidth)
                .append("\" height=\"").append(totalHeight).append("\" viewBox=\"0 0 ").append(totalWidth).append(' ')
                .append(totalHeight).append("\" font-family=\"monospace\" font-size=\"12\">\n")
                .append("<title>jphantom: phantom hierarchy</title>\n")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"10\"")
                .append(" markerHeight=\"10\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#fff\"")
                .append(" stroke=\"#555\"/></marker></defs>\n")
                .append("<rect x=\"0\" y=\"0\" width=\"").append(totalWidth).append("\" height=\"").append(totalHeight)
                .append("\" fill=\"#fff\"/>\n");
        legend(sb);
        if (rows.isEmpty()) {
            sb.append("<text x=\"").append(MARGIN).append("\" y=\"").append(MARGIN + LEGEND_HEIGHT + 16)
                    .append("\">no phantoms</text>\n");
        }
        sb.append("<g class=\"edges\" fill=\"none\" stroke=\"#555\">\n");
        for (HierarchyGraph.Edge e : g.edges()) {
            Box sub = boxes.get(e.sub());
            Box sup = boxes.get(e.sup());
            sb.append("<line x1=\"").append(sub.centre()).append("\" y1=\"").append(sub.y()).append("\" x2=\"")
                    .append(sup.centre()).append("\" y2=\"").append(sup.y() + NODE_HEIGHT).append('"')
                    .append(e.implementsEdge() ? " stroke-dasharray=\"5,3\"" : "").append(" marker-end=\"url(#arrow)\"/>\n");
        }
        sb.append("</g>\n<g class=\"nodes\">\n");
        for (HierarchyGraph.Node n : g.nodes().values()) {
            node(sb, n, boxes.get(n.name()));
        }
        sb.append("</g>\n</svg>\n");
        return sb.toString();
    }

    private static void node(StringBuilder sb, HierarchyGraph.Node n, Box b) {
        String label = Names.javaName(n.name());
        boolean itf = n.kind().equals("interface") || n.kind().equals("annotation");
        if (n.phantom()) {
            sb.append("<a href=\"").append(Html.esc(PageNames.phantom(n.name()))).append("\">");
        }
        sb.append("<g><title>").append(Html.esc((n.phantom() ? "phantom " + n.kind() : "known type") + " " + label))
                .append("</title><rect x=\"").append(b.x()).append("\" y=\"").append(b.y()).append("\" width=\"")
                .append(b.w()).append("\" height=\"").append(NODE_HEIGHT).append("\" rx=\"").append(itf ? 10 : 2)
                .append("\" fill=\"").append(n.phantom() ? "#ffe8cc" : "#f4f4f4").append("\" stroke=\"")
                .append(n.phantom() ? "#d9480f" : "#999").append("\"/><text x=\"").append(b.x() + PAD).append("\" y=\"")
                .append(b.y() + 16).append('"').append(itf ? " font-style=\"italic\"" : "")
                .append(n.phantom() ? "" : " fill=\"#555\"").append('>').append(Html.esc(label)).append("</text></g>");
        if (n.phantom()) {
            sb.append("</a>");
        }
        sb.append('\n');
    }

    private static void legend(StringBuilder sb) {
        int y = MARGIN;
        sb.append("<g class=\"legend\" font-size=\"11\">")
                .append("<rect x=\"").append(MARGIN).append("\" y=\"").append(y).append("\" width=\"60\" height=\"16\"")
                .append(" fill=\"#ffe8cc\" stroke=\"#d9480f\"/><text x=\"").append(MARGIN + 66).append("\" y=\"")
                .append(y + 12).append("\">phantom</text>")
                .append("<rect x=\"").append(MARGIN + 130).append("\" y=\"").append(y)
                .append("\" width=\"60\" height=\"16\" fill=\"#f4f4f4\" stroke=\"#999\"/><text x=\"").append(MARGIN + 196)
                .append("\" y=\"").append(y + 12).append("\">known</text>")
                .append("<text x=\"").append(MARGIN + 250).append("\" y=\"").append(y + 12)
                .append("\">solid arrow: extends, dashed: implements, italic: interface;</text>")
                .append("<text x=\"").append(MARGIN + 250).append("\" y=\"").append(y + 26)
                .append("\">a class with no solid arrow extends java.lang.Object</text></g>\n");
    }

    private static int width(String internalName) {
        return Names.javaName(internalName).length() * CHAR_WIDTH + 2 * PAD;
    }

    private static int rowWidth(List<String> row) {
        int w = -H_GAP;
        for (String n : row) {
            w += width(n) + H_GAP;
        }
        return w;
    }
}
