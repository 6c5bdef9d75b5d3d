package org.jphantom.report.html;

import org.jphantom.discover.Names;

/**
 * A {@link HierarchyGraph} in Graphviz's DOT language, for those who want Graphviz's layout:
 * edges point from subtype to supertype (dashed: implements), phantoms filled and carrying the
 * relative URL of their page. Sorted, so the text depends only on the graph.
 */
final class DotHierarchy {
    private DotHierarchy() {
    }

    static String write(HierarchyGraph g) {
        StringBuilder sb = new StringBuilder(4096);
        sb.append("// Edges point to supertypes (dashed: implements); a class with no extends edge extends java.lang.Object.\n")
                .append("digraph jphantom {\n  rankdir=BT;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
        for (HierarchyGraph.Node n : g.nodes().values()) {
            boolean itf = n.kind().equals("interface") || n.kind().equals("annotation");
            sb.append("  ").append(quote(Names.javaName(n.name()))).append(" [");
            if (n.phantom()) {
                sb.append("style=").append(itf ? "\"filled,rounded\"" : "filled")
                        .append(", fillcolor=\"#ffe8cc\", color=\"#d9480f\", URL=")
                        .append(quote(PageNames.phantom(n.name()))).append(", tooltip=").append(quote("phantom " + n.kind()));
            } else {
                sb.append("color=\"#999999\", fontcolor=\"#555555\", tooltip=\"known type\"");
            }
            sb.append("];\n");
        }
        for (HierarchyGraph.Edge e : g.edges()) {
            sb.append("  ").append(quote(Names.javaName(e.sub()))).append(" -> ").append(quote(Names.javaName(e.sup())))
                    .append(e.implementsEdge() ? " [style=dashed]" : "").append(";\n");
        }
        return sb.append("}\n").toString();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
