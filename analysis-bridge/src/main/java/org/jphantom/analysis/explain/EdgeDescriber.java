package org.jphantom.analysis.explain;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.CallGraph;
import org.objectweb.asm.Opcodes;

/**
 * How a step came to be, in words: a static or direct call; virtual dispatch on the receiver types
 * that select the callee; a reflective call site with the targets' inference from the reflection
 * report; a call a model (plugin) added or bound, by the model's name; a class initialisation.
 */
public final class EdgeDescriber {
    /** Receiver types listed before "...". */
    private static final int MAX_TYPES = 5;

    private final AnalysisResult result;
    private final MethodGraph graph;
    private final CallGraph cg;
    private final Program program;
    private Map<String, Map<String, Object>> reflectiveSites;
    /** Per call site described so far: the receiver types by the callee dispatch selects for them. */
    private final Map<Integer, Map<Integer, SortedSet<String>>> receiverTypes = new HashMap<>();

    public EdgeDescriber(AnalysisResult result, MethodGraph graph) {
        this.result = result;
        this.graph = graph;
        this.cg = result.solver().callGraph();
        this.program = result.program();
    }

    /** How {@code step} came to be. */
    public String describe(Step step) {
        return switch (step.kind()) {
            case ROOT -> step.detail();
            case CLASS_INIT -> "class initialisation of " + step.detail();
            case CALL -> call(step.site(), step.callee());
        };
    }

    private String call(int site, int callee) {
        Invoke inv = graph.site(site);
        String siteModel = cg.callSiteOrigin(site);
        if (siteModel != null) {
            if (inv.owner.startsWith("java/lang/invoke/")) { // a model's own site for the program's handle call
                return "method handle call " + simple(inv.owner) + "." + inv.name + " resolved by " + siteModel;
            }
            return "JVM callback modelled by " + siteModel + " (" + simple(inv.owner) + "." + inv.name + ")";
        }
        String bound = cg.edgeOrigin(site, callee);
        if (bound != null) {
            String api = simple(inv.owner) + "." + inv.name;
            if (inv.owner.startsWith("java/lang/reflect/") || inv.owner.equals("java/lang/Class")) {
                return "reflective call " + api + " resolved by " + bound + reflection(site, callee);
            }
            if (inv.owner.startsWith("java/lang/invoke/")) {
                return "method handle call " + api + " resolved by " + bound;
            }
            return "modelled by " + bound + " at a call of " + api;
        }
        return switch (inv.opcode) {
            case Opcodes.INVOKESTATIC -> "static call";
            case Opcodes.INVOKESPECIAL -> "direct call";
            default -> "virtual dispatch" + receivers(site, callee);
        };
    }

    /** The receiver types at call site {@code site} for which dispatch selects {@code callee}. */
    private String receivers(int site, int callee) {
        Invoke inv = graph.site(site);
        if (inv.recv < 0) {
            return "";
        }
        SortedSet<String> types = receiverTypes.computeIfAbsent(site, this::receiverTypesByCallee)
                .getOrDefault(callee, Collections.emptySortedSet());
        if (types.isEmpty()) {
            return " on " + simple(inv.owner) + "." + inv.name;
        }
        List<String> shown = new ArrayList<>(types).subList(0, Math.min(MAX_TYPES, types.size()));
        return " on receiver type" + (types.size() == 1 ? " " : "s ") + String.join(", ", shown)
                + (types.size() > shown.size() ? ", ... (" + types.size() + ")" : "");
    }

    /**
     * The receiver types at call site {@code site}, by the callee dispatch selects for each: one pass
     * over the receiver's objects, one dispatch per distinct type. A method page describes each call
     * of the method, and a library site (a {@code hashCode} call in a map) calls many of them.
     */
    private Map<Integer, SortedSet<String>> receiverTypesByCallee(int site) {
        Invoke inv = graph.site(site);
        JMethod resolved = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
        Map<Integer, SortedSet<String>> byCallee = new HashMap<>();
        if (resolved == null) {
            return byCallee;
        }
        BitSet objects = result.pointsTo(graph.callerOf(site), inv.recv);
        BitSet seen = new BitSet();
        for (int o = objects.nextSetBit(0); o >= 0; o = objects.nextSetBit(o + 1)) {
            int type = result.heap().typeOf(o);
            if (type < 0 || seen.get(type)) {
                continue;
            }
            seen.set(type);
            JMethod target = program.dispatch(type, resolved);
            if (target != null) {
                byCallee.computeIfAbsent(target.id(), k -> new TreeSet<>()).add(program.typeName(type).replace('/', '.'));
            }
        }
        return byCallee;
    }

    /** What the reflection report says about the site: how the target was found, and the site's status. */
    private String reflection(int site, int callee) {
        Map<String, Object> s = reflectiveSite(site);
        if (s == null) {
            return "";
        }
        String target = graph.signature(callee);
        for (Object t : (List<?>) s.get("targets")) {
            Map<?, ?> tm = (Map<?, ?>) t;
            String name = String.valueOf(tm.get("target"));
            if (target.contains(name) || name.contains(graph.method(callee).name())) {
                return "; target " + name + " inferred by " + tm.get("how") + "; site " + s.get("status");
            }
        }
        return "; site " + s.get("status");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> reflectiveSite(int site) {
        if (reflectiveSites == null) {
            reflectiveSites = new HashMap<>();
            Object sites = result.reflection().toJson().get("sites");
            if (sites instanceof List<?> list) {
                for (Object o : list) {
                    Map<String, Object> s = (Map<String, Object>) o;
                    reflectiveSites.put(s.get("class") + "." + s.get("method") + "/" + s.get("call"), s);
                }
            }
        }
        Invoke inv = graph.site(site);
        JMethod caller = graph.callerOf(site);
        String cls = program.typeName(caller.declaringType());
        String key = "." + caller.name() + caller.desc() + "/" + inv.ordinal;
        Map<String, Object> s = reflectiveSites.get(cls.replace('/', '.') + key);
        return s != null ? s : reflectiveSites.get(cls + key);
    }

    private static String simple(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
