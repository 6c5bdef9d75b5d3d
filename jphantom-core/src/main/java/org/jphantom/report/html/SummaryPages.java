package org.jphantom.report.html;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jphantom.Result;
import org.jphantom.model.Constraint;
import org.jphantom.report.TextReport;
import org.jphantom.solve.UnsatisfiableException;

/**
 * The report's top pages: the index (summary, counts, timings, warnings, packages, the
 * hierarchy picture), the constraint table, and for an unsatisfiable run the index and the
 * conflict page.
 */
final class SummaryPages {
    private SummaryPages() {
    }

    static String index(Result r, SortedMap<String, List<Result.Phantom>> packages) {
        StringBuilder sb = Html.open("jphantom report", "", "");
        sb.append("<p>").append(Html.esc(TextReport.summary(r))).append("</p>\n");
        sb.append("<h2>Counts</h2>\n<table>\n");
        for (Map.Entry<String, Integer> e : new TreeMap<>(r.counts()).entrySet()) {
            sb.append("<tr><th>").append(Html.esc(e.getKey())).append("</th><td class=\"num\">").append(e.getValue())
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n<h2>Timings</h2>\n<table>\n<tr><th>stage</th><th>ms</th></tr>\n");
        for (Map.Entry<String, Long> e : r.timings().entrySet()) {
            sb.append("<tr><td>").append(Html.esc(e.getKey())).append("</td><td class=\"num\">").append(e.getValue())
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n<h2>Warnings</h2>\n");
        if (r.warnings().isEmpty()) {
            sb.append("<p>None.</p>\n");
        } else {
            sb.append("<ul>\n");
            r.warnings().forEach(w -> sb.append("<li class=\"warning\">").append(Html.esc(w)).append("</li>\n"));
            sb.append("</ul>\n");
        }
        sb.append("<h2>Phantom packages</h2>\n");
        if (packages.isEmpty()) {
            sb.append("<p>No phantoms: the program is complete against its class path.</p>\n");
        } else {
            sb.append("<table>\n<tr><th>package</th><th>phantoms</th><th>classes</th><th>interfaces</th></tr>\n");
            for (Map.Entry<String, List<Result.Phantom>> e : packages.entrySet()) {
                long itfs = e.getValue().stream().filter(p -> p.kind().isInterface()).count();
                sb.append("<tr><td class=\"mono\">").append(Html.link(PageNames.pkg(e.getKey()),
                                PageNames.packageLabel(e.getKey()))).append("</td><td class=\"num\">")
                        .append(e.getValue().size()).append("</td><td class=\"num\">").append(e.getValue().size() - itfs)
                        .append("</td><td class=\"num\">").append(itfs).append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        sb.append("<h2>Constraints</h2>\n<p>").append(Html.link("constraints.html", r.constraints().size()
                + " constraints")).append(" with the origin of each.</p>\n");
        sb.append("<h2>Hierarchy</h2>\n<p>The phantoms among their known direct supertypes (")
                .append(Html.link("hierarchy.svg", "SVG, phantoms linked")).append(", ")
                .append(Html.link("hierarchy.dot", "DOT")).append(").</p>\n")
                .append("<img class=\"hierarchy\" src=\"hierarchy.svg\" alt=\"phantom hierarchy\">\n");
        return sb.append(Html.close()).toString();
    }

    static String constraints(Result r) {
        StringBuilder sb = Html.open("Constraints", "", Html.esc("constraints"));
        sb.append("<p>Each distinct constraint, the number of uses that produced it, and its first use.</p>\n")
                .append("<table>\n<tr><th>#</th><th>constraint</th><th>type</th><th>uses</th>")
                .append(OriginRows.HEADER).append("</tr>\n");
        for (int i = 0; i < r.constraints().size(); i++) {
            Constraint c = r.constraints().get(i);
            sb.append("<tr><td class=\"num\">").append(i + 1).append("</td><td class=\"mono\">")
                    .append(Html.esc(c.toString())).append("</td><td>").append(OriginRows.type(c))
                    .append("</td><td class=\"num\">").append(r.occurrences().get(i)).append("</td>")
                    .append(OriginRows.cells(c.origin())).append("</tr>\n");
        }
        return sb.append("</table>\n").append(Html.close()).toString();
    }

    static String conflictIndex(UnsatisfiableException e) {
        StringBuilder sb = Html.open("jphantom report: unsatisfiable", "", "");
        sb.append("<p class=\"error\">").append(Html.esc(e.getMessage())).append("</p>\n<p>No complement exists: ")
                .append(Html.link("conflict.html", e.conflict().size() + " conflicting constraints"))
                .append(" admit none. Nothing was written.</p>\n");
        return sb.append(Html.close()).toString();
    }

    static String conflict(UnsatisfiableException e) {
        StringBuilder sb = Html.open("Conflict", "", Html.esc("conflict"));
        sb.append("<p class=\"error\">").append(Html.esc(e.getMessage())).append("</p>\n")
                .append("<p>These constraints cannot hold together; each comes from the use shown.</p>\n")
                .append("<table>\n<tr><th>constraint</th><th>type</th>").append(OriginRows.HEADER).append("</tr>\n");
        for (Constraint c : e.conflict()) {
            sb.append("<tr><td class=\"mono\">").append(Html.esc(c.toString())).append("</td><td>")
                    .append(OriginRows.type(c)).append("</td>").append(OriginRows.cells(c.origin())).append("</tr>\n");
        }
        return sb.append("</table>\n").append(Html.close()).toString();
    }
}
