package org.jphantom.solve;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.model.Constraint;
import org.jphantom.model.TypeKind;

/**
 * Solves a {@link HierarchyProblem}: gives every phantom a kind, a super class and super
 * interfaces so that, together with the fixed known hierarchy, every constraint holds.
 *
 * <p>The stages follow Chapter 4 of the JPhantom thesis: normalisation, class/interface
 * colouring (Section 4.5), single inheritance over classes (Section 4.4) and multiple
 * inheritance for constraints on interfaces (Section 4.3, Algorithm 4.1). The result is a
 * pure function of the problem: the same problem always yields the same solution or the same
 * conflict. The solver holds no state between calls and is safe to use from several threads.
 *
 * <p>Known types enter a problem only through the constraints that mention them (and their
 * known ancestry): {@link KnownTypes} cannot enumerate subclasses. A known class that extends
 * or implements a phantom therefore constrains it only if some constraint names that class;
 * the extractor is expected to report such uses (for instance as {@code K <: P}).
 *
 * <p>Conflicts: on failure the solver shrinks the constraints by deletion (halving chunks,
 * then single constraints, in sorted order), re-solving each candidate on a node set built
 * from that candidate alone, so a reported conflict is unsatisfiable by itself, including the
 * known types it names. Phantoms left undetermined are classes where that solves ({@link OpenKinds};
 * the problem's {@code interfaceLike} evidence keeps some interfaces), else interfaces (thesis Section 4.5);
 * with sealed known classes this default can lose solutions, so callers should report kinds.
 */
public final class HierarchySolver {
    /** Default bound on the single-inheritance search (states visited). */
    public static final long DEFAULT_MAX_SEARCH_STEPS = 200_000L;
    /**
     * Bound on the work spent shrinking a conflict, counted as the sum of the sizes of the
     * constraint sets tried (deterministic, unlike a time limit). Past it the conflict found so
     * far is reported: still unsatisfiable, perhaps not minimal.
     */
    private static final long MINIMISATION_BUDGET = 3_000_000L;

    private HierarchySolver() {
    }

    /** {@link #solve(HierarchyProblem, long)} with {@link #DEFAULT_MAX_SEARCH_STEPS}. */
    public static Solution solve(HierarchyProblem problem) {
        return solve(problem, DEFAULT_MAX_SEARCH_STEPS);
    }

    /**
     * Solves {@code problem}, visiting at most {@code maxSearchSteps} states in the
     * single-inheritance search.
     *
     * @return a shape for every phantom of the problem
     * @throws UnsatisfiableException when no complement exists (its {@code conflict()} is a small
     *     sorted subset of the constraints that is unsatisfiable by itself), or when the search
     *     bound is hit (the message says so; the conflict then lists the class constraints searched)
     * @throws IllegalArgumentException when a type is neither known nor a phantom, a phantom is
     *     known, or {@code maxSearchSteps < 1}: programming errors of the caller
     */
    public static Solution solve(HierarchyProblem problem, long maxSearchSteps) {
        if (maxSearchSteps < 1) {
            throw new IllegalArgumentException("maxSearchSteps must be positive: " + maxSearchSteps);
        }
        Nodes nodes = Nodes.build(problem.phantoms(), problem.constraints(), problem.known());
        try {
            return attempt(nodes, problem.constraints(), maxSearchSteps, problem.interfaceLike(), problem.programClasses());
        } catch (Failure f) {
            throw explain(problem, f, maxSearchSteps);
        }
    }

    private static UnsatisfiableException explain(HierarchyProblem problem, Failure f, long maxSteps) {
        if (f.boundHit) {
            return new UnsatisfiableException(f.getMessage(), f.suspects);
        }
        List<Constraint> core = new ArrayList<>(f.suspects);
        long[] budget = {MINIMISATION_BUDGET};
        if (!fails(problem, core, maxSteps, budget)) {
            core = new ArrayList<>(new TreeSet<>(problem.constraints()));
        }
        // Delta-debugging style: drop chunks, halving their size, ending with single constraints.
        for (int chunk = Math.max(1, core.size() / 2); ; chunk = Math.max(1, chunk / 2)) {
            for (int i = 0; i < core.size() && budget[0] > 0; ) {
                List<Constraint> rest = new ArrayList<>(core.subList(0, i));
                rest.addAll(core.subList(Math.min(core.size(), i + chunk), core.size()));
                if (rest.size() < core.size() && fails(problem, rest, maxSteps, budget)) {
                    core = rest;
                } else {
                    i += chunk;
                }
            }
            if (chunk == 1 || budget[0] <= 0) {
                break;
            }
        }
        String list = core.stream().map(Constraint::toString).collect(Collectors.joining(", "));
        String msg = "unsatisfiable: " + core.size() + " conflicting constraint" + (core.size() == 1 ? "" : "s")
                + " (" + list + ")";
        return new UnsatisfiableException(msg, core);
    }

    /**
     * Whether {@code cs} alone is proven unsatisfiable (a hit search bound proves nothing). The
     * node set is rebuilt from {@code cs}, so a conflict also names the known types it needs.
     */
    private static boolean fails(HierarchyProblem problem, List<Constraint> cs, long maxSteps, long[] budget) {
        if (budget[0] <= 0) {
            return false;
        }
        budget[0] -= cs.size() + 1;
        try {
            attempt(Nodes.build(problem.phantoms(), cs, problem.known()), cs, maxSteps, problem.interfaceLike(),
                    problem.programClasses());
            return false;
        } catch (Failure f) {
            return !f.boundHit;
        }
    }

    /**
     * One solving attempt over {@code constraints}; node set {@code nodes} covers all their types.
     * Open kinds as the first {@link OpenKinds} mode that solves (the failure of the last is thrown).
     */
    private static Solution attempt(Nodes nodes, List<Constraint> constraints, long maxSteps, Set<String> interfaceLike,
            Set<String> programClasses) throws Failure {
        Failure last = null;
        for (OpenKinds open : OpenKinds.values()) {
            try {
                return attempt(nodes, constraints, maxSteps, open, interfaceLike, programClasses);
            } catch (Failure f) {
                last = f;
            }
        }
        throw last;
    }

    private static Solution attempt(Nodes nodes, List<Constraint> constraints, long maxSteps, OpenKinds open,
            Set<String> interfaceLike, Set<String> programClasses) throws Failure {
        List<Constraint.Kind> kinds = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        for (Constraint c : new TreeSet<>(constraints)) {
            if (c instanceof Constraint.Kind k) {
                int v = nodes.index(k.type());
                if (nodes.phantom[v]) {
                    kinds.add(k);
                } else if (v == nodes.object ? k.kind().isInterface() : nodes.knownInterface[v] != k.kind().isInterface()) {
                    throw new Failure("unsatisfiable: known " + k.type().replace('/', '.') + " is "
                            + (k.kind().isInterface() ? "a class" : "an interface") + " (" + k + ", " + k.origin() + ")",
                            List.of(k));
                }
            } else if (c instanceof Constraint.Subtype s) {
                int a = nodes.index(s.sub()), b = nodes.index(s.sup());
                if (a == b || b == nodes.object) {
                    continue;
                }
                if (a == nodes.object) {
                    throw new Failure("unsatisfiable: java.lang.Object has no supertype (" + s + ", " + s.origin() + ")",
                            List.of(s));
                }
                if (nodes.isKnown(a) && nodes.isKnown(b)) {
                    if (nodes.knownAncestry(a).get(b)) {
                        continue;
                    }
                    if (!nodes.reachesPhantom(a)) {
                        throw new Failure("unsatisfiable: " + s + " does not hold in the known hierarchy (" + s.origin() + ")",
                                List.of(s));
                    }
                }
                edges.add(new Edge(a, b, s));
            }
        }
        boolean[] likeInterface = new boolean[nodes.size()];
        for (int v = 0; v < nodes.size(); v++) {
            likeInterface[v] = nodes.phantom[v] && interfaceLike.contains(nodes.names[v]);
        }
        Colouring colours = Colouring.compute(nodes, kinds, edges, open, likeInterface);
        boolean[] white = colours.white;
        List<Edge> classEdges = new ArrayList<>();
        List<Edge> interfaceEdges = new ArrayList<>();
        List<Constraint> classSuspects = new ArrayList<>(kinds);
        for (Edge e : edges) {
            if (white[e.sup()]) {
                classEdges.add(e);
                classSuspects.add(e.constraint());
            } else {
                interfaceEdges.add(e);
            }
        }
        int[] parent = SingleInheritance.solve(nodes, white, classEdges, classSuspects, maxSteps);
        BitSet[] itf = MultipleInheritance.solve(nodes, parent, interfaceEdges, constraints, programClasses);
        TreeMap<String, PhantomShape> shapes = new TreeMap<>();
        for (int v = 0; v < nodes.size(); v++) {
            if (!nodes.phantom[v]) {
                continue;
            }
            TreeSet<String> interfaces = nodes.namesOf(itf[v]);
            TypeKind kind = white[v] ? TypeKind.CLASS : colours.annotation[v] ? TypeKind.ANNOTATION : TypeKind.INTERFACE;
            if (kind == TypeKind.ANNOTATION && !reachesAnnotation(nodes, itf[v])) {
                interfaces.add(Nodes.ANNOTATION);
            }
            String sup = white[v] ? nodes.names[parent[v]] : Nodes.OBJECT;
            shapes.put(nodes.names[v], new PhantomShape(nodes.names[v], kind, sup, List.copyOf(interfaces), colours.reason[v]));
        }
        return new Solution(shapes);
    }

    private static boolean reachesAnnotation(Nodes nodes, BitSet supers) {
        for (int s = supers.nextSetBit(0); s >= 0; s = supers.nextSetBit(s + 1)) {
            if (nodes.names[s].equals(Nodes.ANNOTATION)
                    || nodes.isKnown(s) && nodes.namesOf(nodes.knownAncestry(s)).contains(Nodes.ANNOTATION)) {
                return true;
            }
        }
        return false;
    }
}
