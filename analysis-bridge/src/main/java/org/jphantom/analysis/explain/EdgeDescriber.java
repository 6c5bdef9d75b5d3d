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
import org.jphantom.analysis.pta.solver.PointsToSet;
import org.jphantom.analysis.util.IntList;
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
    /** Per call site described so far: the receiver types (ids) by the callee dispatch selects for them. */
    private final Map<Integer, Map<Integer, IntList>> receiverTypes = new HashMap<>();
    /**
     * The receiver types by callee per resolved method and receiver sets: call sites whose receivers
     * share one set object (common under ci) and call one method dispatch once for all of them.
     */
    private final Map<Receivers, Map<Integer, IntList>> byReceivers = new HashMap<>();
    /** Type names with dots, by type id, as they are needed. */
    private final Map<Integer, String> typeNames = new HashMap<>();

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
        IntList ids = receiverTypes.computeIfAbsent(site, this::receiverTypesByCallee).get(callee);
        if (ids == null) {
            return " on " + simple(inv.owner) + "." + inv.name;
        }
        // the first few names in order, without sorting them all: a library site has thousands
        SortedSet<String> shown = new TreeSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String name = typeNames.computeIfAbsent(ids.get(i), t -> program.typeName(t).replace('/', '.'));
            if (shown.size() < MAX_TYPES) {
                shown.add(name);
            } else if (name.compareTo(shown.last()) < 0) {
                shown.remove(shown.last());
                shown.add(name);
            }
        }
        return " on receiver type" + (ids.size() == 1 ? " " : "s ") + String.join(", ", shown)
                + (ids.size() > shown.size() ? ", ... (" + ids.size() + ")" : "");
    }

    /**
     * The receiver types at call site {@code site}, by the callee dispatch selects for each: one
     * dispatch per type the receiver's objects have. A method page describes each call of the
     * method, and a library site (a {@code hashCode} call in a map) calls many of them.
     */
    private Map<Integer, IntList> receiverTypesByCallee(int site) {
        Invoke inv = graph.site(site);
        JMethod resolved = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
        Map<Integer, IntList> byCallee = new HashMap<>();
        if (resolved == null) {
            return byCallee;
        }
        List<PointsToSet> sets = result.pointsToSets(graph.callerOf(site), inv.recv);
        return byReceivers.computeIfAbsent(new Receivers(resolved.id(), sets), k -> {
            BitSet types = result.typesOf(sets);
            for (int type = types.nextSetBit(0); type >= 0; type = types.nextSetBit(type + 1)) {
                JMethod target = program.dispatch(type, resolved);
                if (target != null) {
                    byCallee.computeIfAbsent(target.id(), c -> new IntList(4)).add(type);
                }
            }
            return byCallee;
        });
    }

    /** A resolved method and the points-to sets of a call's receiver, the sets compared by identity. */
    private static final class Receivers {
        private final int resolved;
        private final List<PointsToSet> sets;
        private final int hash;

        Receivers(int resolved, List<PointsToSet> sets) {
            this.resolved = resolved;
            this.sets = sets;
            int h = resolved;
            for (PointsToSet s : sets) {
                h = h * 31 + System.identityHashCode(s);
            }
            this.hash = h;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Receivers r) || r.resolved != resolved || r.sets.size() != sets.size()) {
                return false;
            }
            for (int i = 0; i < sets.size(); i++) {
                if (r.sets.get(i) != sets.get(i)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }
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
