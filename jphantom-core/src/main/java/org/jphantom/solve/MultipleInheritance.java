package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.jphantom.model.Constraint;

/**
 * Section 4.3, Algorithm 4.1: satisfies every subtype constraint whose target is an interface
 * by adding super interfaces to phantoms. The fixed edges are the known direct edges and the
 * super classes chosen by {@link SingleInheritance}; the result is redundancy-free.
 */
final class MultipleInheritance {
    private final Nodes nodes;
    private final int[][] direct;
    private BitSet[] reach;
    /** The program's own classes (known types), for {@link UnaskedSubtypes}. */
    private final Set<String> programClasses;
    /** Which carriers give an interface to known classes without need (set by {@link #run}). */
    private UnaskedSubtypes unasked;

    private MultipleInheritance(Nodes nodes, int[] parent, Set<String> programClasses) {
        this.nodes = nodes;
        this.programClasses = programClasses;
        int n = nodes.size();
        direct = new int[n][];
        for (int v = 0; v < n; v++) {
            if (nodes.isKnown(v)) {
                direct[v] = nodes.knownDirectSupers(v);
            } else if (parent[v] >= 0 && parent[v] != nodes.object) {
                direct[v] = new int[] {parent[v]};
            } else {
                direct[v] = new int[0];
            }
        }
    }

    /**
     * Returns, per node, the super interfaces to give each phantom (empty for known nodes).
     *
     * @param parent the solved super class per white phantom (see {@link SingleInheritance})
     * @param paths subtype constraints whose target is an interface
     * @param suspects the constraints to blame when no stratification exists
     * @param programClasses the program's own classes (see {@link UnaskedSubtypes})
     */
    static BitSet[] solve(Nodes nodes, int[] parent, List<Edge> paths, List<Constraint> suspects,
            Set<String> programClasses) throws Failure {
        return new MultipleInheritance(nodes, parent, programClasses).run(paths, suspects);
    }

    private BitSet[] run(List<Edge> allPaths, List<Constraint> suspects) throws Failure {
        int n = nodes.size();
        int[][] forced = forcedEdges(allPaths);
        unasked = new UnaskedSubtypes(nodes, direct, forced, allPaths, programClasses);
        BitSet[] forcedReach = new BitSet[n];
        int[][] proj = new int[n][];
        List<Edge> paths = new ArrayList<>();
        BitSet named = new BitSet(); // indices into paths of constraints kept only for a carrier's name
        for (Edge e : allPaths) {
            int s = e.sub(), t = e.sup();
            if (reach(s).get(t)) {
                continue;
            }
            if (nodes.isKnown(s) && ancestors(forced, forcedReach, s).get(t)) {
                if (proj[s] == null) {
                    proj[s] = projection(s);
                }
                if (Arrays.stream(proj[s]).noneMatch(p -> namedAfter(p, t))) {
                    continue; // already holds through the phantoms' own constraints: no carrier to invent
                }
                named.set(paths.size());
            }
            paths.add(e);
        }
        for (Edge e : paths) {
            int s = e.sub();
            if (nodes.isKnown(s) && proj[s] == null) {
                proj[s] = projection(s);
                if (proj[s].length == 0) {
                    throw new Failure("unsatisfiable: " + nodes.display(s) + " cannot reach " + nodes.display(e.sup())
                            + " and has no phantom supertype (" + e.constraint() + ", " + e.constraint().origin() + ")",
                            List.of(e.constraint()));
                }
            }
        }
        int[] strata = stratify(paths, proj);
        if (strata == null) {
            throw new Failure("unsatisfiable: the interface constraints admit no acyclic hierarchy (Algorithm 4.1 found no stratification)",
                    suspects);
        }
        BitSet[] itf = carriersByPreference(paths, proj, strata, named);
        if (itf == null) {
            itf = carriersByStrata(paths, proj, strata, named);
        }
        minimise(itf);
        return itf;
    }

    /**
     * Algorithm 4.1's choice: each known class's carrier is a phantom of its projection set below
     * the interface's stratum, the {@link #closer} one among them.
     */
    private BitSet[] carriersByStrata(List<Edge> paths, int[][] proj, int[] strata, BitSet named) {
        int n = nodes.size();
        BitSet[] itf = new BitSet[n];
        for (int v = 0; v < n; v++) {
            itf[v] = new BitSet();
        }
        for (int i = 0; i < paths.size(); i++) {
            Edge e = paths.get(i);
            int s = e.sub(), t = e.sup();
            if (nodes.phantom[s]) {
                itf[s].set(t);
                continue;
            }
            int best = -1;
            for (int p : proj[s]) {
                if (strata[p] < strata[t] && (best < 0 || closer(p, best, t, strata) < 0)) {
                    best = p; // proj is sorted by index, i.e. name, so ties keep the first name
                }
            }
            if (best < 0) {
                throw new IllegalStateException("Algorithm 4.1 invariant broken for " + e.constraint());
            }
            if (!named.get(i) || namedAfter(best, t)) {
                itf[best].set(t);
            }
        }
        return itf;
    }

    /**
     * The carriers chosen among the whole projection set, not only below the interface's stratum:
     * the strata of Algorithm 4.1 are the lowest layering, a means to acyclicity and no evidence,
     * and they can leave only a carrier the program gives no reason for. The AWS SDK's model
     * requests extend {@code SqsRequest extends AwsRequest} and implement {@code ToCopyableBuilder};
     * they must be {@code SdkPojo}s, and the strata put {@code SdkPojo} just above
     * {@code ToCopyableBuilder}, below {@code AwsRequest} (which lies above {@code SqsRequest}), so
     * that {@code ToCopyableBuilder}, implemented by every model class, was the only carrier (not
     * real; {@code AwsRequest}'s super class implements {@code SdkPojo}). Here each constraint in
     * turn takes the {@link #closer} phantom of its projection set that the interface does not
     * already reach through the edges so far (the phantoms' own interfaces first, then the carriers
     * chosen), so every step keeps the hierarchy acyclic. Returns null when a constraint is left
     * with no such phantom; the caller then falls back to the strata, which always succeed.
     */
    private BitSet[] carriersByPreference(List<Edge> paths, int[][] proj, int[] strata, BitSet named) {
        int n = nodes.size();
        BitSet[] itf = new BitSet[n];
        for (int v = 0; v < n; v++) {
            itf[v] = new BitSet();
        }
        for (Edge e : paths) {
            if (nodes.phantom[e.sub()]) {
                itf[e.sub()].set(e.sup());
            }
        }
        for (int i = 0; i < paths.size(); i++) {
            Edge e = paths.get(i);
            int s = e.sub(), t = e.sup();
            if (nodes.phantom[s]) {
                continue;
            }
            BitSet above = upward(t, itf);
            int best = -1;
            for (int p : proj[s]) {
                if (p != t && !above.get(p) && (best < 0 || closer(p, best, t, strata) < 0)) {
                    best = p; // proj is sorted by index, i.e. name, so ties keep the first name
                }
            }
            if (best < 0) {
                return null;
            }
            if (!named.get(i) || namedAfter(best, t)) {
                itf[best].set(t);
            }
        }
        return itf;
    }

    /** The nodes {@code v} reaches through the fixed edges and the super interfaces in {@code itf}. */
    private BitSet upward(int v, BitSet[] itf) {
        BitSet r = new BitSet();
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(v));
        while (!work.isEmpty()) {
            int x = work.pop();
            for (int y : direct[x]) {
                if (!r.get(y)) {
                    r.set(y);
                    work.push(y);
                }
            }
            for (int y = itf[x].nextSetBit(0); y >= 0; y = itf[x].nextSetBit(y + 1)) {
                if (!r.get(y)) {
                    r.set(y);
                    work.push(y);
                }
            }
        }
        return r;
    }

    /**
     * Which of two phantoms (each a valid carrier: below {@code t} in the strata) is likelier to be
     * the real subtype of interface {@code t}, negative for {@code p}: any candidate keeps the
     * hierarchy acyclic (Algorithm 4.1), so the choice follows the program and then the library's
     * naming: first a simple name containing {@code t}'s ({@code ContextAwareBase} for
     * {@code ContextAware}), then the carrier that makes fewer known classes subtypes of {@code t}
     * although nothing in the program asks for it ({@link UnaskedSubtypes}), then the longer common
     * package prefix with {@code t}, then the lower stratum.
     */
    private int closer(int p, int q, int t, int[] strata) {
        int c = Boolean.compare(namedAfter(q, t), namedAfter(p, t));
        if (c == 0) {
            c = Integer.compare(unasked.count(p, t), unasked.count(q, t));
        }
        if (c == 0) {
            c = Integer.compare(FreeOrder.commonPackage(nodes.names[q], nodes.names[t]), FreeOrder.commonPackage(nodes.names[p], nodes.names[t]));
        }
        return c != 0 ? c : Integer.compare(strata[p], strata[q]);
    }

    /** Whether phantom {@code p}'s simple name contains {@code t}'s ({@code HierarchicalBeanFactory}, {@code BeanFactory}). */
    private boolean namedAfter(int p, int t) {
        return simpleName(nodes.names[p]).contains(simpleName(nodes.names[t]));
    }

    private static String simpleName(String name) {
        return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('$')) + 1);
    }


    /** Ancestors of {@code v} through the fixed edges (memoised; the fixed graph is acyclic). */
    private BitSet reach(int v) {
        if (reach == null) {
            reach = new BitSet[nodes.size()];
        }
        BitSet r = reach[v];
        if (r == null) {
            r = new BitSet();
            for (int s : direct[v]) {
                r.set(s);
                r.or(reach(s));
            }
            reach[v] = r;
        }
        return r;
    }

    /** Ancestors of {@code v} in {@code graph} (which may have cycles), memoised per start in {@code memo}. */
    private static BitSet ancestors(int[][] graph, BitSet[] memo, int v) {
        BitSet r = memo[v];
        if (r == null) {
            r = Reachability.from(graph, v);
            memo[v] = r;
        }
        return r;
    }

    /**
     * The fixed edges plus, for every phantom, the interfaces its own constraints name: edges
     * every solution has (as edges or as paths). A known node's constraint that these already
     * satisfy needs no carrier from its projection set, yet Algorithm 4.1 adds one, a subtype
     * relation nothing in the program asks for (jetty's {@code Dumpable extends Runnable}, when
     * {@code DemandCallback implements Invocable.Task, Dumpable} reaches {@code Runnable} through
     * {@code Invocable.Task <: Runnable}). Such a constraint keeps a carrier only when one is named
     * after the target ({@code HierarchicalBeanFactory} for {@code BeanFactory}), the first choice
     * of {@link #closer}: on bench/fidelity.sh's tuning set the carriers so named were real super
     * interfaces (3 of 3), the others not (2 of 2). Skipping a carrier only removes edges, so the
     * solution stays acyclic.
     */
    private int[][] forcedEdges(List<Edge> allPaths) {
        int n = nodes.size();
        BitSet[] own = new BitSet[n];
        for (Edge e : allPaths) {
            if (nodes.phantom[e.sub()]) {
                if (own[e.sub()] == null) {
                    own[e.sub()] = new BitSet();
                }
                own[e.sub()].set(e.sup());
            }
        }
        int[][] forced = direct.clone();
        for (int v = 0; v < n; v++) {
            if (own[v] != null) {
                int[] extra = own[v].stream().toArray();
                forced[v] = Arrays.copyOf(direct[v], direct[v].length + extra.length);
                System.arraycopy(extra, 0, forced[v], direct[v].length, extra.length);
            }
        }
        return forced;
    }

    /** Definition 4.1: the phantoms reachable from known {@code s} through direct edges, stopping at phantoms. */
    private int[] projection(int s) {
        BitSet seen = new BitSet();
        BitSet out = new BitSet();
        List<Integer> work = new ArrayList<>(List.of(s));
        while (!work.isEmpty()) {
            int x = work.remove(work.size() - 1);
            for (int y : direct[x]) {
                if (seen.get(y)) {
                    continue;
                }
                seen.set(y);
                if (nodes.phantom[y]) {
                    out.set(y);
                } else {
                    work.add(y);
                }
            }
        }
        return out.stream().toArray();
    }

    /** STRATIFY of Algorithm 4.1; null when the constraint graph is unsolvable. */
    private int[] stratify(List<Edge> paths, int[][] proj) {
        int n = nodes.size();
        int[] prev = null;
        int[] cur = new int[n];
        for (int i = 0; i < n; i++) {
            int[] next = cur.clone();
            for (int v = 0; v < n; v++) {
                for (int s : direct[v]) {
                    next[s] = Math.max(next[s], 1 + cur[v]);
                }
            }
            for (Edge e : paths) {
                int s = e.sub(), t = e.sup();
                next[t] = Math.max(next[t], 1 + cur[s]);
                if (nodes.isKnown(s)) {
                    int min = Integer.MAX_VALUE;
                    for (int p : proj[s]) {
                        min = Math.min(min, cur[p]);
                    }
                    next[t] = Math.max(next[t], 1 + min);
                }
            }
            if (Arrays.equals(next, cur)) {
                return cur;
            }
            if (prev != null) {
                boolean progress = false;
                for (int v = 0; v < n && !progress; v++) {
                    progress = next[v] == cur[v] && cur[v] != prev[v];
                }
                if (!progress) {
                    return null;
                }
            }
            prev = cur;
            cur = next;
        }
        return null;
    }

    /** Drops a phantom's super interface when another of its direct supertypes already reaches it. */
    private void minimise(BitSet[] itf) {
        int n = nodes.size();
        // Reachability in the full graph; dropping redundant edges never changes it.
        int[][] full = new int[n][];
        for (int v = 0; v < n; v++) {
            int[] extra = itf[v].stream().toArray();
            full[v] = Arrays.copyOf(direct[v], direct[v].length + extra.length);
            System.arraycopy(extra, 0, full[v], direct[v].length, extra.length);
        }
        int[][] saved = direct.clone();
        System.arraycopy(full, 0, direct, 0, n);
        reach = null;
        for (int p = 0; p < n; p++) {
            if (!nodes.phantom[p] || itf[p].isEmpty()) {
                continue;
            }
            for (int i = itf[p].nextSetBit(0); i >= 0; i = itf[p].nextSetBit(i + 1)) {
                boolean redundant = false;
                for (int d : saved[p]) {
                    redundant |= reach(d).get(i);
                }
                for (int d = itf[p].nextSetBit(0); d >= 0 && !redundant; d = itf[p].nextSetBit(d + 1)) {
                    redundant = d != i && reach(d).get(i);
                }
                if (redundant) {
                    itf[p].clear(i);
                }
            }
        }
        System.arraycopy(saved, 0, direct, 0, n);
        reach = null;
    }
}
