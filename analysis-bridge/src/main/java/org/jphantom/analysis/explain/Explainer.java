package org.jphantom.analysis.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;

/**
 * Answers {@code --explain METHOD}: for each method the query names, the shortest chain from an
 * entry point, one line per step: the caller, the call site (source line and bytecode offset), the
 * callee, and how the step came to be. A method that is not reachable says so, with the reachable
 * methods whose calls name it or a method it overrides (the nearest callers that could reach it
 * if a receiver of its class reached them).
 */
public final class Explainer {
    /** Candidate callers listed for an unreachable method. */
    private static final int MAX_CALLERS = 5;

    private final AnalysisResult result;
    private final MethodGraph graph;
    private final Provenance provenance;
    private final EdgeDescriber describer;

    public Explainer(AnalysisResult result, MethodGraph graph, Provenance provenance) {
        this.result = result;
        this.graph = graph;
        this.provenance = provenance;
        this.describer = new EdgeDescriber(result, graph);
    }

    /** A new explainer over {@code result}'s call graph. */
    public static Explainer of(AnalysisResult result) {
        MethodGraph g = MethodGraph.of(result);
        return new Explainer(result, g, Provenance.of(result, g));
    }

    public EdgeDescriber describer() {
        return describer;
    }

    public Provenance provenance() {
        return provenance;
    }

    /** The lines that answer {@code query}. */
    public List<String> explain(MethodQuery query) {
        List<String> out = new ArrayList<>();
        List<JMethod> methods = query.find(result.program());
        if (methods.isEmpty()) {
            out.add("explain " + query.display() + ": no such method in the program, its class path or the JDK");
            return out;
        }
        for (JMethod m : methods) {
            out.addAll(explain(m));
        }
        return out;
    }

    /** The lines that explain one method. */
    public List<String> explain(JMethod m) {
        List<String> out = new ArrayList<>();
        String sig = m.signature(result.program());
        List<Step> chain = provenance.chain(m.id());
        if (chain.isEmpty()) {
            out.add("explain " + sig + ": not reachable");
            List<String> callers = candidateCallers(m);
            if (callers.isEmpty()) {
                out.add("  no reachable call names it or a method it overrides");
            } else {
                out.add("  reachable calls that name it or a method it overrides (none dispatched to it):");
                callers.forEach(c -> out.add("    " + c));
            }
            return out;
        }
        out.add("explain " + sig + ": reachable in " + (chain.size() - 1) + " step" + (chain.size() == 2 ? "" : "s"));
        for (Step s : chain) {
            out.add("  " + line(s));
        }
        return out;
    }

    /** One step as a line: {@code caller @L12 pc 7 -> callee  [how]}. */
    public String line(Step s) {
        if (s.kind() == Step.Kind.ROOT) {
            return graph.signature(s.callee()) + "  [" + describer.describe(s) + "]";
        }
        return graph.signature(s.caller()) + " " + where(s) + " -> " + graph.signature(s.callee())
                + "  [" + describer.describe(s) + "]";
    }

    /** The site of a step: {@code @L<line> pc <offset>} as far as known. */
    public static String where(Step s) {
        return "@L" + (s.line() > 0 ? String.valueOf(s.line()) : "?") + (s.pc() >= 0 ? " pc " + s.pc() : "");
    }

    /**
     * Call sites of reachable methods whose declared target is {@code m} or a method {@code m}
     * overrides: they would reach {@code m} on a receiver of its class.
     */
    private List<String> candidateCallers(JMethod m) {
        Program program = result.program();
        SortedSet<String> out = new TreeSet<>();
        for (int caller : graph.reachable()) {
            for (int site : graph.sitesOf(caller)) {
                Invoke inv = graph.site(site);
                if (!inv.name.equals(m.name()) || !inv.desc.equals(m.desc())) {
                    continue;
                }
                JMethod resolved = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
                if (resolved != null && (resolved.id() == m.id()
                        || (!m.isStatic() && program.isSubtype(m.declaringType(), resolved.declaringType())))) {
                    out.add(graph.signature(caller) + " @L" + (inv.line > 0 ? inv.line : "?")
                            + (inv.pc >= 0 ? " pc " + inv.pc : "") + " calls " + inv.owner.replace('/', '.') + "."
                            + inv.name);
                }
            }
        }
        List<String> list = new ArrayList<>(out);
        if (list.size() > MAX_CALLERS) {
            int more = list.size() - MAX_CALLERS;
            list = new ArrayList<>(list.subList(0, MAX_CALLERS));
            list.add("... and " + more + " more");
        }
        return list;
    }
}
