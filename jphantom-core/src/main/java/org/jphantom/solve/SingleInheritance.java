package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import org.jphantom.model.Constraint;

/**
 * Section 4.4: chooses the super class of every phantom class so that all class-to-class
 * subtype constraints hold. Uses Algorithm 4.2 when no known class has a phantom direct super
 * class, and a complete, bounded, deterministic search otherwise.
 */
final class SingleInheritance {
    private final Nodes nodes;
    private final boolean[] white;
    private final List<Edge> edges;
    /** All constraints that made nodes white or relate white nodes: the suspects of a failure. */
    private final List<Constraint> suspects;
    private final long maxSteps;

    private SingleInheritance(Nodes nodes, boolean[] white, List<Edge> edges, List<Constraint> suspects, long maxSteps) {
        this.nodes = nodes;
        this.white = white;
        this.edges = edges;
        this.suspects = suspects;
        this.maxSteps = maxSteps;
    }

    /**
     * Returns, indexed by node, the chosen super class of every white phantom (Object's index
     * when it extends Object; -1 for other nodes).
     *
     * @param edges subtype constraints between white nodes, target never Object
     * @param suspects the constraints to blame on failure
     */
    static int[] solve(Nodes nodes, boolean[] white, List<Edge> edges, List<Constraint> suspects, long maxSteps)
            throws Failure {
        SingleInheritance s = new SingleInheritance(nodes, white, edges, suspects, maxSteps);
        for (Edge e : edges) {
            if (!white[e.sub()]) { // an interface (or annotation) would have to extend a class
                throw s.fail(nodes.display(e.sub()) + " is an interface but must be a subtype of class "
                        + nodes.display(e.sup()), e.constraint());
            }
        }
        for (int v = 0; v < nodes.size(); v++) {
            if (nodes.isKnown(v) && white[v] && nodes.knownSuper[v] >= 0 && nodes.phantom[nodes.knownSuper[v]]) {
                return s.search();
            }
        }
        int[] chains = s.simple();
        // Algorithm 4.2 linearises each component into one chain. Like the thesis' implementation
        // we prefer a tree (fewer invented subtype relations, better for analyses): the minimal
        // ancestor search gives one, and in this setting it never has to backtrack, because any
        // two phantoms of one component may be ordered either way. The chains stay the fallback.
        try {
            return new SingleInheritance(nodes, white, edges, suspects, maxSteps).search();
        } catch (Failure f) {
            return chains;
        }
    }

    private Failure fail(String message, Constraint.Subtype c) {
        return new Failure("unsatisfiable: " + message + (c == null ? "" : " (" + c + ", " + c.origin() + ")"), suspects);
    }

    /** Whether known class {@code sup} is on the fixed super class chain of known class {@code sub}. */
    private boolean knownChainHas(int sub, int sup) {
        for (int x = nodes.knownSuper[sub]; x >= 0; x = nodes.phantom[x] ? -1 : nodes.knownSuper[x]) {
            if (x == sup) {
                return true;
            }
        }
        return false;
    }

    // ---- Algorithm 4.2 ------------------------------------------------------------------------

    private int[] simple() throws Failure {
        int n = nodes.size();
        int[] uf = new int[n];
        for (int i = 0; i < n; i++) {
            uf[i] = i;
        }
        List<Edge> phantomEdges = new ArrayList<>();
        List<Edge> toKnown = new ArrayList<>();
        for (Edge e : edges) {
            if (nodes.isKnown(e.sub())) {
                if (!knownChainHas(e.sub(), e.sup())) {
                    throw fail(nodes.display(e.sub()) + " cannot reach " + nodes.display(e.sup())
                            + " through its fixed super classes", e.constraint());
                }
            } else if (nodes.phantom[e.sup()]) {
                phantomEdges.add(e);
                union(uf, e.sub(), e.sup());
            } else {
                toKnown.add(e);
            }
        }
        int[] top = new int[n];
        Arrays.fill(top, nodes.object);
        Edge[] topWhy = new Edge[n];
        for (Edge e : toKnown) {
            int k = find(uf, e.sub());
            int t = e.sup();
            if (top[k] == t || top[k] == nodes.object || knownChainHas(t, top[k])) {
                top[k] = t;
                topWhy[k] = e;
            } else if (!knownChainHas(top[k], t)) {
                throw fail(nodes.display(e.sub()) + " needs unrelated super classes " + nodes.display(t) + " and "
                        + nodes.display(top[k]), e.constraint());
            }
        }
        // Linearise each component: highest first (nodes with no remaining constraint upwards).
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        List<List<Integer>> down = new ArrayList<>(n);
        int[] upCount = new int[n];
        for (int i = 0; i < n; i++) {
            down.add(new ArrayList<>());
        }
        for (Edge e : phantomEdges) {
            down.get(e.sup()).add(e.sub());
            upCount[e.sub()]++;
        }
        int[] last = new int[n];
        Arrays.fill(last, -1);
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int v = 0; v < n; v++) {
            if (nodes.phantom[v] && white[v] && upCount[v] == 0) {
                ready.add(v);
            }
        }
        int placed = 0, whitePhantoms = 0;
        for (int v = 0; v < n; v++) {
            if (nodes.phantom[v] && white[v]) {
                whitePhantoms++;
            }
        }
        List<Integer> deferred = new ArrayList<>();
        while (!ready.isEmpty()) {
            int v = ready.poll();
            int k = find(uf, v);
            int above = last[k] >= 0 ? last[k] : top[k];
            if (last[k] < 0 && above != nodes.object && !nodes.known.allowsDirectSubtype(nodes.names[above], nodes.names[v])) {
                // try another highest node of this component first; fail if none is allowed
                deferred.add(v);
                if (ready.stream().noneMatch(u -> find(uf, u) == k)) {
                    Edge why = topWhy[k];
                    throw fail(nodes.display(above) + " is final or sealed and cannot be extended by "
                            + nodes.display(v), why == null ? null : why.constraint());
                }
                continue;
            }
            parent[v] = above;
            last[k] = v;
            placed++;
            ready.addAll(deferred);
            deferred.clear();
            for (int d : down.get(v)) {
                if (--upCount[d] == 0) {
                    ready.add(d);
                }
            }
        }
        if (placed != whitePhantoms) {
            throw fail("cyclic subtype constraints among phantom classes", null);
        }
        return parent;
    }

    private static int find(int[] uf, int x) {
        while (uf[x] != x) {
            uf[x] = uf[uf[x]];
            x = uf[x];
        }
        return x;
    }

    private static void union(int[] uf, int a, int b) {
        int ra = find(uf, a), rb = find(uf, b);
        if (ra != rb) {
            uf[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    // ---- complete search ----------------------------------------------------------------------

    /** Dense indices of the white nodes other than Object. */
    private int[] dense;
    private int[] nodeOf;
    private boolean[] isPhantom;
    /** First phantom on the fixed super class chain of each dense known node, -1 if none (dense). */
    private int[] p0;
    /** Known classes no phantom may ever sit directly below (dense). */
    private BitSet dead;

    private int[] search() throws Failure {
        int n = nodes.size();
        dense = new int[n];
        Arrays.fill(dense, -1);
        List<Integer> ws = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (white[v] && v != nodes.object) {
                dense[v] = ws.size();
                ws.add(v);
            }
        }
        int w = ws.size();
        nodeOf = ws.stream().mapToInt(Integer::intValue).toArray();
        isPhantom = new boolean[w];
        p0 = new int[w];
        BitSet[] anc = new BitSet[w];
        boolean[] hasKnownChild = new boolean[n];
        for (int i = 0; i < w; i++) {
            int v = nodeOf[i];
            isPhantom[i] = nodes.phantom[v];
            p0[i] = -1;
            anc[i] = new BitSet(w);
            if (!isPhantom[i]) {
                for (int x = nodes.knownSuper[v]; x >= 0; x = nodes.phantom[x] ? -1 : nodes.knownSuper[x]) {
                    anc[i].set(dense[x]);
                    hasKnownChild[x] |= x == nodes.knownSuper[v];
                    if (nodes.phantom[x]) {
                        p0[i] = dense[x];
                    }
                }
            }
        }
        dead = new BitSet(w);
        for (int i = 0; i < w; i++) {
            int v = nodeOf[i];
            if (isPhantom[i] || hasKnownChild[v]) {
                continue;
            }
            boolean open = false;
            for (int j = 0; j < w && !open; j++) {
                open = isPhantom[j] && nodes.known.allowsDirectSubtype(nodes.names[v], nodes.names[nodeOf[j]]);
            }
            if (!open) {
                dead.set(i);
            }
        }
        for (Edge e : edges) {
            if (!require(anc, dense[e.sub()], dense[e.sup()])) {
                throw fail(nodes.display(e.sub()) + " cannot be placed below " + nodes.display(e.sup()), e.constraint());
            }
        }
        if (isDead(anc)) {
            throw fail("a phantom class must extend a final class", null);
        }
        Deque<BitSet[]> stack = new ArrayDeque<>();
        stack.push(anc);
        long steps = 0;
        while (!stack.isEmpty()) {
            if (++steps > maxSteps) {
                throw new Failure("gave up: the single-inheritance search bound of " + maxSteps
                        + " steps was hit before finding a class hierarchy (the constraints may still be satisfiable)",
                        suspects, true);
            }
            BitSet[] st = stack.pop();
            int[] pair = incomparablePair(st);
            if (pair == null) {
                int[] parent = leaf(st);
                if (parent != null) {
                    return parent;
                }
                continue;
            }
            // up: pair[0] below pair[1]; down: the reverse. The likelier order is pushed last, tried first.
            BitSet[] up = copy(st), down = copy(st);
            boolean okDown = require(down, pair[1], pair[0]) && !isDead(down);
            boolean okUp = require(up, pair[0], pair[1]) && !isDead(up);
            boolean upFirst = FreeOrder.lowerFirst(nodes.names[nodeOf[pair[2]]], nodes.names[nodeOf[pair[0]]],
                    nodes.names[nodeOf[pair[1]]]);
            BitSet[] first = upFirst ? up : down, second = upFirst ? down : up;
            if (upFirst ? okDown : okUp) {
                stack.push(second);
            }
            if (upFirst ? okUp : okDown) {
                stack.push(first);
            }
        }
        throw fail("no arrangement of the phantom classes satisfies the class constraints", null);
    }

    private static BitSet[] copy(BitSet[] s) {
        BitSet[] r = new BitSet[s.length];
        for (int i = 0; i < s.length; i++) {
            r[i] = (BitSet) s[i].clone();
        }
        return r;
    }

    /** Makes {@code a <: b} hold (dense indices); false when impossible in this state. */
    private boolean require(BitSet[] anc, int a, int b) {
        if (a == b || anc[a].get(b)) {
            return true;
        }
        if (!isPhantom[a]) {
            return p0[a] >= 0 && require(anc, p0[a], b);
        }
        if (anc[b].get(a)) {
            return false;
        }
        BitSet add = (BitSet) anc[b].clone();
        add.set(b);
        for (int z = 0; z < anc.length; z++) {
            if (z == a || anc[z].get(a)) {
                anc[z].or(add);
            }
        }
        return true;
    }

    private boolean isDead(BitSet[] anc) {
        for (int i = 0; i < anc.length; i++) {
            if (isPhantom[i] && anc[i].intersects(dead)) {
                return true;
            }
        }
        return false;
    }

    /** The first incomparable pair of the first phantom (by name) whose required ancestors are not a chain, and that phantom. */
    private int[] incomparablePair(BitSet[] anc) {
        for (int p = 0; p < anc.length; p++) {
            if (!isPhantom[p] || isChain(anc, anc[p])) {
                continue;
            }
            BitSet a = anc[p];
            for (int x = a.nextSetBit(0); x >= 0; x = a.nextSetBit(x + 1)) {
                for (int y = a.nextSetBit(x + 1); y >= 0; y = a.nextSetBit(y + 1)) {
                    if (!anc[x].get(y) && !anc[y].get(x)) {
                        return new int[] {x, y, p};
                    }
                }
            }
        }
        return null;
    }

    /** A closed ancestor set is a chain iff its members' ancestor counts are pairwise distinct. */
    private static boolean isChain(BitSet[] anc, BitSet set) {
        int m = set.cardinality();
        BitSet seen = new BitSet(m);
        for (int x = set.nextSetBit(0); x >= 0; x = set.nextSetBit(x + 1)) {
            int c = anc[x].cardinality();
            if (c >= m || seen.get(c)) {
                return false;
            }
            seen.set(c);
        }
        return true;
    }

    /** Parents from a state where every phantom's ancestors form a chain; null if a parent forbids it. */
    private int[] leaf(BitSet[] anc) {
        int[] parent = new int[nodes.size()];
        Arrays.fill(parent, -1);
        for (int p = 0; p < anc.length; p++) {
            if (!isPhantom[p]) {
                continue;
            }
            int best = -1;
            for (int x = anc[p].nextSetBit(0); x >= 0; x = anc[p].nextSetBit(x + 1)) {
                if (best < 0 || anc[x].cardinality() > anc[best].cardinality()) {
                    best = x;
                }
            }
            int v = nodeOf[p];
            if (best < 0) {
                parent[v] = nodes.object;
            } else {
                parent[v] = nodeOf[best];
                if (!isPhantom[best] && !nodes.known.allowsDirectSubtype(nodes.names[parent[v]], nodes.names[v])) {
                    return null;
                }
            }
        }
        return parent;
    }
}
