package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.model.Constraint;

/**
 * The int-indexed node set of one problem: every phantom, every type a constraint mentions and
 * the known ancestry of the known ones. Indices follow the sorted order of the names, so every
 * iteration by index is deterministic. Immutable after construction.
 */
final class Nodes {
    static final String OBJECT = "java/lang/Object";
    static final String ANNOTATION = "java/lang/annotation/Annotation";

    final String[] names;
    final boolean[] phantom;
    /** Known interfaces (phantoms are never marked here). */
    final boolean[] knownInterface;
    /** Known direct super class, -1 when it is Object, absent, or the node is a phantom. */
    final int[] knownSuper;
    /** Known direct super interfaces, empty for phantoms. */
    final int[][] knownInterfaces;
    final int object;
    final KnownTypes known;
    private final Map<String, Integer> index;
    /** Per known node: ancestors through known edges (stopping at phantoms, which are included). */
    private final BitSet[] knownAncestry;

    private Nodes(TreeMap<String, Boolean> all, KnownTypes known) {
        this.known = known;
        int n = all.size();
        names = all.keySet().toArray(new String[0]);
        index = new HashMap<>(n * 2);
        phantom = new boolean[n];
        knownInterface = new boolean[n];
        knownSuper = new int[n];
        knownInterfaces = new int[n][];
        for (int i = 0; i < n; i++) {
            index.put(names[i], i);
        }
        for (int i = 0; i < n; i++) {
            phantom[i] = all.get(names[i]);
            knownSuper[i] = -1;
            knownInterfaces[i] = new int[0];
            if (!phantom[i] && !names[i].equals(OBJECT)) {
                knownInterface[i] = known.isInterface(names[i]);
                String sup = known.superName(names[i]);
                if (!knownInterface[i] && sup != null && !sup.equals(OBJECT)) {
                    knownSuper[i] = index.get(sup);
                }
                knownInterfaces[i] = known.interfaces(names[i]).stream().mapToInt(index::get).toArray();
            }
        }
        object = index.get(OBJECT);
        knownAncestry = new BitSet[n];
    }

    /**
     * Indexes {@code phantoms}, the types of {@code constraints} and the known ancestry of the
     * known ones.
     *
     * @throws IllegalArgumentException when a type is neither known nor phantom, or a phantom is known
     */
    static Nodes build(SortedSet<String> phantoms, List<Constraint> constraints, KnownTypes known) {
        TreeMap<String, Boolean> all = new TreeMap<>();
        all.put(OBJECT, false);
        for (String p : phantoms) {
            if (p.equals(OBJECT) || known.isKnown(p)) {
                throw new IllegalArgumentException("phantom " + p + " is a known type");
            }
            all.put(p, true);
        }
        Deque<String> work = new ArrayDeque<>();
        for (Constraint c : constraints) {
            List<String> types = c instanceof Constraint.Subtype s ? List.of(s.sub(), s.sup())
                    : List.of(((Constraint.Kind) c).type());
            for (String t : types) {
                if (!all.containsKey(t)) {
                    if (!known.isKnown(t)) {
                        throw new IllegalArgumentException("type " + t + " in constraint '" + c + "' from "
                                + c.origin() + " is neither known nor phantom");
                    }
                    all.put(t, false);
                    work.add(t);
                }
            }
        }
        while (!work.isEmpty()) {
            String t = work.poll();
            List<String> sups = new ArrayList<>(known.interfaces(t));
            String sup = known.superName(t);
            if (sup != null) {
                sups.add(sup);
            }
            for (String s : sups) {
                if (all.containsKey(s)) {
                    continue;
                }
                if (!known.isKnown(s)) {
                    throw new IllegalArgumentException("supertype " + s + " of known " + t + " is neither known nor phantom");
                }
                all.put(s, false);
                work.add(s);
            }
        }
        return new Nodes(all, known);
    }

    int size() {
        return names.length;
    }

    int index(String name) {
        return index.get(name);
    }

    /** The index of {@code name}, or -1 when it is no node of this problem. */
    int indexOrNone(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    boolean isKnown(int v) {
        return !phantom[v];
    }

    /** Display name ({@code a.b.C}). */
    String display(int v) {
        return names[v].replace('/', '.');
    }

    /** Known direct supertypes of known {@code v} other than Object (super class first). */
    int[] knownDirectSupers(int v) {
        int[] itfs = knownInterfaces[v];
        if (knownSuper[v] < 0) {
            return itfs;
        }
        int[] r = new int[itfs.length + 1];
        r[0] = knownSuper[v];
        System.arraycopy(itfs, 0, r, 1, itfs.length);
        return r;
    }

    /**
     * The proper ancestors of known {@code v} reachable through known direct edges, with the
     * walk stopping at phantoms (which are included). Object is never included.
     */
    BitSet knownAncestry(int v) {
        BitSet r = knownAncestry[v];
        if (r == null) {
            r = new BitSet(names.length);
            Deque<Integer> work = new ArrayDeque<>();
            work.add(v);
            while (!work.isEmpty()) {
                int x = work.poll();
                for (int s : knownDirectSupers(x)) {
                    if (!r.get(s)) {
                        r.set(s);
                        if (!phantom[s]) {
                            work.add(s);
                        }
                    }
                }
            }
            knownAncestry[v] = r;
        }
        return r;
    }

    /** Whether the known ancestry of known {@code v} contains a phantom. */
    boolean reachesPhantom(int v) {
        BitSet a = knownAncestry(v);
        for (int i = a.nextSetBit(0); i >= 0; i = a.nextSetBit(i + 1)) {
            if (phantom[i]) {
                return true;
            }
        }
        return false;
    }

    /** Names of the given indices, sorted. */
    TreeSet<String> namesOf(BitSet set) {
        TreeSet<String> r = new TreeSet<>();
        set.stream().forEach(i -> r.add(names[i]));
        return r;
    }
}
