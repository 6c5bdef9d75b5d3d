package org.jphantom.analysis.report;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.pta.solver.CallGraph;

/**
 * The sites page: every reflective call site the reflection analysis reached (its status, API,
 * each target and how it was found, the unknown names' sources: where an annotation or a recorded
 * run would help), then the call edges models added (JVM callbacks, proxies, method handles,
 * services) with the model that added each.
 */
final class Sites {
    private Sites() {
    }

    static String page(AnalysisResult result, MethodGraph graph) {
        StringBuilder sb = Html.open("Reflective and dynamic sites", "");
        sb.append("<h2>Reflective sites</h2>\n<p>").append(Html.esc(result.reflection().summary())).append("</p>\n");
        Object sites = result.reflection().toJson().get("sites");
        sb.append("<table>\n<tr><th>status</th><th>API</th><th>site (annotation point)</th><th>targets and how found</th>")
                .append("<th>unknown names from</th></tr>\n");
        if (sites instanceof List<?> list) {
            for (Object o : list) {
                Map<?, ?> s = (Map<?, ?>) o;
                String status = String.valueOf(s.get("status"));
                sb.append("<tr><td class=\"").append(Html.esc(status)).append("\">").append(Html.esc(status));
                if (s.get("reasons") != null) {
                    sb.append("<br>").append(Html.esc(String.valueOf(s.get("reasons"))));
                }
                sb.append("</td><td><code>").append(Html.esc(String.valueOf(s.get("api")))).append("</code></td><td><code>")
                        .append(Html.esc(s.get("class") + "." + s.get("method"))).append("</code> line ")
                        .append(Html.esc(String.valueOf(s.get("line")))).append(", call ").append(Html.esc(String.valueOf(s.get("call"))))
                        .append("</td><td>");
                for (Object t : (List<?>) s.get("targets")) {
                    Map<?, ?> tm = (Map<?, ?>) t;
                    sb.append("<code>").append(Html.esc(String.valueOf(tm.get("target")))).append("</code> (")
                            .append(Html.esc(String.valueOf(tm.get("how")))).append(")<br>");
                }
                sb.append("</td><td>");
                if (s.get("unknownNamesFrom") != null) {
                    sb.append(Html.esc(String.valueOf(s.get("unknownNamesFrom"))));
                }
                sb.append("</td></tr>\n");
            }
        }
        sb.append("</table>\n");

        CallGraph cg = result.solver().callGraph();
        SortedMap<String, String> rows = new TreeMap<>();
        for (int m : graph.reachable()) {
            for (int site : graph.sitesOf(m)) {
                Invoke inv = graph.site(site);
                String siteModel = cg.callSiteOrigin(site);
                for (int t : graph.targetsOf(site)) {
                    String model = siteModel != null ? siteModel : cg.edgeOrigin(site, t);
                    if (model == null || inv.owner.startsWith("java/lang/reflect/") || inv.owner.equals("java/lang/Class")) {
                        continue;
                    }
                    String key = model + "\u0000" + graph.signature(m) + "\u0000" + inv.ordinal + "\u0000" + graph.signature(t);
                    rows.put(key, "<tr><td>" + Html.esc(model) + "</td><td><code>" + Html.esc(graph.signature(m))
                            + "</code> line " + (inv.line > 0 ? inv.line : "?") + "</td><td><code>"
                            + Html.esc(inv.owner.replace('/', '.') + "." + inv.name) + "</code></td><td><code>"
                            + Html.esc(graph.signature(t)) + "</code></td></tr>\n");
                }
            }
        }
        sb.append("<h2>Calls added by the dynamic models</h2>\n<p>").append(rows.size()).append(" edges.</p>\n")
                .append("<table>\n<tr><th>model</th><th>caller and line</th><th>call</th><th>target</th></tr>\n");
        rows.values().stream().limit(2000).forEach(sb::append);
        sb.append("</table>\n");
        if (rows.size() > 2000) {
            sb.append("<p>... and ").append(rows.size() - 2000).append(" more</p>\n");
        }
        return sb.append(Html.close()).toString();
    }
}
