package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * For {@link MultipleInheritance}'s choice between carriers of an interface: how many known
 * classes a carrier would make subtypes of the interface although no constraint asks for it and
 * the edges every solution has do not already make them so. Counts the problem's known nodes and
 * the program's classes that are no node (a class that only {@code implements} a phantom gives a
 * kind constraint, not a subtype constraint). Everything is made when first asked for and
 * memoised: most problems never need a tie broken this way.
 */
final class UnaskedSubtypes {
    private final Nodes nodes;
    private final int[][] direct;
    /** The edges every solution has ({@code MultipleInheritance.forcedEdges}). */
    private final int[][] forced;
    /** Per node with a constraint to it: the nodes whose constraints name it. */
    private final BitSet[] needs;
    /** The program's own classes (known types); those that are no node still count. */
    private final Set<String> programClasses;
    /** Per phantom: the known nodes whose projection holds it (made when first asked for). */
    private BitSet[] knownBelow;
    /** Per phantom: the frontiers of the program classes that are no node and reach it (made with {@link #knownBelow}). */
    private List<List<BitSet>> outsideBelow;
    private final Map<Long, Integer> unaskedCounts = new HashMap<>();
    /** Direct subtypes per node through the forced edges, and per target the nodes reaching it (made when first asked for). */
    private int[][] subs;
    private final Map<Integer, BitSet> reaching = new HashMap<>();

    /**
     * @param direct the fixed direct supertypes per node (known edges, chosen super classes)
     * @param forced the edges every solution has
     * @param paths the subtype constraints whose target is an interface
     */
    UnaskedSubtypes(Nodes nodes, int[][] direct, int[][] forced, List<Edge> paths, Set<String> programClasses) {
        this.nodes = nodes;
        this.direct = direct;
        this.forced = forced;
        this.programClasses = programClasses;
        this.needs = new BitSet[nodes.size()];
        for (Edge e : paths) {
            if (needs[e.sup()] == null) {
                needs[e.sup()] = new BitSet();
            }
            needs[e.sup()].set(e.sub());
        }
    }

    /**
     * How many known classes carrier {@code p} would make subtypes of {@code t} that no constraint
     * asks to be and that do not reach it already through the edges every solution has: the known
     * nodes whose projection holds {@code p}, and the program's classes that no constraint names
     * ({@link #outsideBelow}). The AWS SDK's model builders all implement {@code CopyableBuilder},
     * its exception builders alone {@code AwsServiceException.Builder}: the exception builders'
     * constraint to {@code SdkException.Builder} is carried by the second, which gives it to no
     * class that does not need it. Carriers that give an interface to classes the program never
     * uses as one are subtype relations the program does not show.
     */
    int count(int p, int t) {
        if (knownBelow == null) {
            knownBelow = new BitSet[nodes.size()];
            BitSet[] memo = new BitSet[nodes.size()];
            for (int v = 0; v < nodes.size(); v++) {
                if (!nodes.phantom[v]) {
                    BitSet proj = projectionOf(v, memo);
                    for (int x = proj.nextSetBit(0); x >= 0; x = proj.nextSetBit(x + 1)) {
                        if (knownBelow[x] == null) {
                            knownBelow[x] = new BitSet();
                        }
                        knownBelow[x].set(v);
                    }
                }
            }
            outsideBelow = outsideBelow(memo);
        }
        BitSet below = knownBelow[p];
        List<BitSet> outside = outsideBelow.get(p);
        if (below == null && outside.isEmpty()) {
            return 0;
        }
        return unaskedCounts.computeIfAbsent(((long) p << 32) | t, k -> {
            int count = 0;
            if (below != null) {
                BitSet without = (BitSet) below.clone();
                if (needs[t] != null) {
                    without.andNot(needs[t]);
                }
                without.andNot(reaching(t));
                count = without.cardinality();
            }
            BitSet reachingT = reaching(t);
            for (BitSet frontier : outside) {
                if (!frontier.get(t) && !frontier.intersects(reachingT)) {
                    count++; // no constraint names an outside class, so only reaching t already excuses it
                }
            }
            return count;
        });
    }

    /**
     * Per phantom, the frontiers of the program classes that are no node of the problem and whose
     * projection holds it: a program class that merely {@code implements} a phantom is a kind
     * constraint, not a subtype constraint, so the nodes do not show it (vertx-web's
     * {@code SharedDataSessionImpl implements Shareable}). A frontier is the set of nodes where the
     * class's known ancestry first meets the problem.
     */
    private List<List<BitSet>> outsideBelow(BitSet[] memo) {
        List<List<BitSet>> out = new ArrayList<>();
        for (int v = 0; v < nodes.size(); v++) {
            out.add(new ArrayList<>());
        }
        for (String c : new TreeSet<>(programClasses)) {
            if (nodes.indexOrNone(c) >= 0 || !nodes.known.isKnown(c)) {
                continue;
            }
            BitSet frontier = new BitSet();
            Set<String> seen = new HashSet<>();
            ArrayDeque<String> work = new ArrayDeque<>(List.of(c));
            while (!work.isEmpty()) {
                String x = work.pop();
                List<String> sups = new ArrayList<>(nodes.known.interfaces(x));
                String sup = nodes.known.superName(x);
                if (sup != null) {
                    sups.add(sup);
                }
                for (String y : sups) {
                    if (!seen.add(y)) {
                        continue;
                    }
                    int i = nodes.indexOrNone(y);
                    if (i >= 0) {
                        frontier.set(i);
                    } else if (nodes.known.isKnown(y)) {
                        work.push(y);
                    }
                }
            }
            BitSet proj = new BitSet();
            for (int f = frontier.nextSetBit(0); f >= 0; f = frontier.nextSetBit(f + 1)) {
                if (nodes.phantom[f]) {
                    proj.set(f);
                } else {
                    proj.or(projectionOf(f, memo));
                }
            }
            for (int x = proj.nextSetBit(0); x >= 0; x = proj.nextSetBit(x + 1)) {
                out.get(x).add(frontier);
            }
        }
        return out;
    }

    /**
     * The nodes that reach {@code t} through the edges every solution has ({@link #forcedEdges}:
     * the fixed edges and each phantom's own interface constraints), memoised per {@code t}.
     */
    private BitSet reaching(int t) {
        if (subs == null) {
            List<List<Integer>> lists = new ArrayList<>();
            for (int v = 0; v < nodes.size(); v++) {
                lists.add(new ArrayList<>());
            }
            for (int v = 0; v < nodes.size(); v++) {
                for (int y : forced[v]) {
                    lists.get(y).add(v);
                }
            }
            subs = new int[nodes.size()][];
            for (int v = 0; v < nodes.size(); v++) {
                subs[v] = lists.get(v).stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return reaching.computeIfAbsent(t, x -> Reachability.from(subs, x));
    }

    /** Definition 4.1's projection of known {@code v}, memoised over the known nodes (their graph is acyclic). */
    private BitSet projectionOf(int v, BitSet[] memo) {
        BitSet r = memo[v];
        if (r == null) {
            r = new BitSet();
            for (int y : direct[v]) {
                if (nodes.phantom[y]) {
                    r.set(y);
                } else {
                    r.or(projectionOf(y, memo));
                }
            }
            memo[v] = r;
        }
        return r;
    }
}
