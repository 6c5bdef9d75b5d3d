package org.jphantom.report.html;

import org.jphantom.discover.Names;

/**
 * Draws a {@link HierarchyGraph} as a self-contained SVG, without Graphviz: layers top to bottom
 * (supertypes above their subtypes), a layer wrapped into rows no wider than
 * {@value #MAX_ROW_WIDTH} pixels ({@link LayeredLayout}), boxes sized from the label in a
 * monospace font, straight arrows from subtype to supertype (solid: extends, dashed: implements). Phantoms are filled
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

    private static final LayeredLayout.Geometry GEOMETRY = new LayeredLayout.Geometry(MAX_ROW_WIDTH, 660 /* the legend */,
            NODE_HEIGHT, H_GAP, ROW_GAP, MARGIN, MARGIN + LEGEND_HEIGHT);

    private SvgHierarchy() {
    }

    /** The SVG text; phantom boxes link to their pages relative to the report's directory. */
    static String draw(HierarchyGraph g) {
        LayeredLayout layout = LayeredLayout.of(g.layers(), SvgHierarchy::width, GEOMETRY);
        int totalWidth = layout.width();
        int totalHeight = layout.height();
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
        if (layout.isEmpty()) {
            sb.append("<text x=\"").append(MARGIN).append("\" y=\"").append(MARGIN + LEGEND_HEIGHT + 16)
                    .append("\">no phantoms</text>\n");
        }
        sb.append("<g class=\"edges\" fill=\"none\" stroke=\"#555\">\n");
        for (HierarchyGraph.Edge e : g.edges()) {
            LayeredLayout.Box sub = layout.box(e.sub());
            LayeredLayout.Box sup = layout.box(e.sup());
            sb.append("<line x1=\"").append(sub.centre()).append("\" y1=\"").append(sub.y()).append("\" x2=\"")
                    .append(sup.centre()).append("\" y2=\"").append(sup.y() + NODE_HEIGHT).append('"')
                    .append(e.implementsEdge() ? " stroke-dasharray=\"5,3\"" : "").append(" marker-end=\"url(#arrow)\"/>\n");
        }
        sb.append("</g>\n<g class=\"nodes\">\n");
        for (HierarchyGraph.Node n : g.nodes().values()) {
            node(sb, n, layout.box(n.name()));
        }
        sb.append("</g>\n</svg>\n");
        return sb.toString();
    }

    private static void node(StringBuilder sb, HierarchyGraph.Node n, LayeredLayout.Box b) {
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
}
