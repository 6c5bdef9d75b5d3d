package org.jphantom.solve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.model.Constraint;
import org.jphantom.model.TypeKind;

/**
 * Section 4.5: decides for every node whether it is a class (white) or an interface (black).
 * Known types have their fixed colour; kind constraints and the super class / interface lists
 * of known types colour phantoms directly; then colours travel along subtype constraints and
 * known edges (a subtype of a class other than Object is a class, a supertype of an interface
 * is an interface). Phantoms the constraints leave open get the kind of the {@link OpenKinds}
 * policy: all classes (the kind of most real types; always colour-consistent, because an open
 * phantom has no interface below it, else propagation would have made it an interface), or all
 * interfaces (thesis Section 4.5; never constrains the single-inheritance problem).
 */
final class Colouring {
    private static final byte NONE = 0, WHITE = 1, BLACK = 2;

    final boolean[] white;
    final boolean[] annotation;
    /** Why each phantom got its colour, for {@link PhantomShape#reason()}. */
    final String[] reason;

    private final Nodes nodes;
    private final byte[] colour;
    /** Node whose colour forced this one (-1 for seeds). */
    private final int[] from;
    /** The constraint that forced this colour (null for known edges and defaults). */
    private final Constraint[] via;
    private final Constraint[] annotationKind;

    private Colouring(Nodes nodes) {
        this.nodes = nodes;
        int n = nodes.size();
        white = new boolean[n];
        annotation = new boolean[n];
        reason = new String[n];
        colour = new byte[n];
        from = new int[n];
        via = new Constraint[n];
        annotationKind = new Constraint[n];
        java.util.Arrays.fill(from, -1);
    }

    /**
     * Colours all nodes.
     *
     * @param kinds kind constraints on phantoms, sorted
     * @param edges subtype constraints, none with target Object
     * @throws Failure on a colour conflict, with the constraints on both forcing chains
     */
    static Colouring compute(Nodes nodes, List<Constraint.Kind> kinds, List<Edge> edges, OpenKinds open,
            boolean[] interfaceLike) throws Failure {
        Colouring c = new Colouring(nodes);
        c.run(kinds, edges, open, interfaceLike);
        return c;
    }

    private void run(List<Constraint.Kind> kinds, List<Edge> edges, OpenKinds open, boolean[] interfaceLike)
            throws Failure {
        int n = nodes.size();
        List<List<Edge>> out = new ArrayList<>(n), in = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new ArrayList<>());
            in.add(new ArrayList<>());
        }
        for (Edge e : edges) {
            out.get(e.sub()).add(e);
            in.get(e.sup()).add(e);
        }
        for (int v = 0; v < n; v++) {
            if (nodes.isKnown(v)) {
                for (int s : nodes.knownDirectSupers(v)) {
                    Edge e = new Edge(v, s, null);
                    out.get(v).add(e);
                    in.get(s).add(e);
                }
            }
        }
        Deque<Integer> work = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            if (nodes.isKnown(v)) {
                colour[v] = nodes.knownInterface[v] ? BLACK : WHITE;
                work.add(v);
            }
        }
        for (Constraint.Kind k : kinds) {
            int v = nodes.index(k.type());
            if (k.kind() == TypeKind.ANNOTATION) {
                annotation[v] = true;
                annotationKind[v] = k;
            }
            String why = (k.kind().isInterface() ? "must be an interface: " : "must be a class: ") + k.origin();
            set(v, k.kind().isInterface() ? BLACK : WHITE, -1, k, why, work);
        }
        for (int v = 0; v < n; v++) {
            if (!nodes.isKnown(v)) {
                continue;
            }
            int sup = nodes.knownSuper[v];
            if (sup >= 0 && nodes.phantom[sup]) {
                set(sup, WHITE, v, null, "must be a class: super class of " + nodes.display(v), work);
            }
            for (int s : nodes.knownInterfaces[v]) {
                if (nodes.phantom[s]) {
                    String why = nodes.knownInterface[v] ? "extended by interface " : "implemented by ";
                    set(s, BLACK, v, null, "must be an interface: " + why + nodes.display(v), work);
                }
            }
        }
        while (!work.isEmpty()) {
            int v = work.poll();
            if (colour[v] == WHITE) {
                if (v == nodes.object) {
                    continue;
                }
                for (Edge e : in.get(v)) {
                    set(e.sub(), WHITE, v, e.constraint(), "must be a class: subtype of class " + nodes.display(v)
                            + (e.constraint() == null ? "" : ", " + e.constraint().origin()), work);
                }
            } else {
                for (Edge e : out.get(v)) {
                    set(e.sup(), BLACK, v, e.constraint(), "must be an interface: supertype of interface "
                            + nodes.display(v) + (e.constraint() == null ? "" : ", " + e.constraint().origin()), work);
                }
            }
        }
        boolean[] free = open == OpenKinds.FREE_CLASSES ? free(in) : null;
        for (int v = 0; v < n; v++) {
            if (colour[v] == NONE) {
                if (interfaceLike[v]) {
                    colour[v] = BLACK;
                    reason[v] = "kind left open: interface, as the program's uses say";
                } else if (open == OpenKinds.CLASSES || open == OpenKinds.FREE_CLASSES && free[v]) {
                    colour[v] = WHITE;
                    reason[v] = "kind left open: class";
                } else {
                    colour[v] = BLACK;
                    reason[v] = "defaults to interface";
                }
            }
            white[v] = colour[v] == WHITE;
            if (annotation[v] && white[v]) {
                throw conflict(v, -1, null, "annotation " + nodes.display(v) + " must be an interface");
            }
        }
    }

    /** The open nodes all of whose subtypes (along known edges and constraints) are free open nodes. */
    private boolean[] free(List<List<Edge>> in) {
        int n = nodes.size();
        boolean[] free = new boolean[n];
        Deque<Integer> gone = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            free[v] = colour[v] == NONE;
        }
        for (int v = 0; v < n; v++) {
            if (free[v]) {
                for (Edge e : in.get(v)) {
                    if (colour[e.sub()] != NONE) {
                        free[v] = false;
                        gone.add(v);
                        break;
                    }
                }
            }
        }
        List<List<Integer>> supsOf = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            supsOf.add(new ArrayList<>());
        }
        for (int v = 0; v < n; v++) {
            for (Edge e : in.get(v)) {
                supsOf.get(e.sub()).add(v);
            }
        }
        while (!gone.isEmpty()) {
            for (int s : supsOf.get(gone.poll())) {
                if (free[s]) {
                    free[s] = false;
                    gone.add(s);
                }
            }
        }
        return free;
    }

    private void set(int v, byte c, int src, Constraint cause, String why, Deque<Integer> work) throws Failure {
        if (colour[v] == c) {
            return;
        }
        if (colour[v] != NONE) {
            throw conflict(v, src, cause, nodes.display(v) + " must be both a class and an interface");
        }
        colour[v] = c;
        from[v] = src;
        via[v] = cause;
        reason[v] = why;
        work.add(v);
    }

    private Failure conflict(int v, int src, Constraint cause, String what) {
        Set<Constraint> cs = new TreeSet<>();
        if (cause != null) {
            cs.add(cause);
        }
        chain(v, cs);
        chain(src, cs);
        if (annotationKind[v] != null) {
            cs.add(annotationKind[v]);
        }
        return new Failure("unsatisfiable: " + what, cs);
    }

    private void chain(int v, Set<Constraint> cs) {
        for (int guard = 0; v >= 0 && guard <= from.length; guard++) {
            if (via[v] != null) {
                cs.add(via[v]);
            }
            v = from[v];
        }
    }
}
