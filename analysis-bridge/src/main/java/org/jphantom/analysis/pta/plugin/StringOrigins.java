package org.jphantom.analysis.pta.plugin;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongSet;

/**
 * Which strings of a colour reach a pointer (string colouring, seed 000, Section 5.1). One object
 * stands for all the string constants of a colour, so where a colour's object reaches a reflective
 * lookup the points-to set no longer says which of its strings did; a lookup that took it for all
 * of them would select, on a class where only one string of the colour names a member, that member
 * also where only another string of the colour flows (the analysis' own imprecision lets strings
 * reach lookups on classes they were never meant for). The paper counters this with backward
 * analyses at the use; here the answer is exact: a string {@code s} reaches pointer {@code p}
 * when a path of the pointer flow graph leads from a variable a constant {@code s} is loaded into
 * (in any context) to {@code p}, through pointers that hold the colour's object and edges whose
 * type filters admit strings; which is the path {@code s}'s own object would take without
 * colouring. The search runs when the solver has nothing left to propagate ({@link
 * Plugin#onQuiescence}), over the graph as it is then, for the strings a question still finds
 * relevant, and again at each later quiescence for those not found yet (graphs only grow, and a
 * string found stays found); the answers it gives make the solver resume. It is one sweep per
 * colour for all of its strings at once: each pointer of the colour's region collects a bit set of
 * the strings that reach it (64 strings a word), as the solver would propagate the constants'
 * own objects, but only over that region and only when a lookup asks.
 *
 * <p>Flows that are no edges: a call binds its receiver objects to the callee's {@code this} one
 * by one; the solver tells ({@link Solver#listenToReceivers}), and the search takes each such
 * binding of a colour's object as an edge from the receiver variable (a string's {@code this}
 * returned by {@code toString()} or {@code trim()} is the same string); so is an object a plugin
 * moves with {@link Solver#addPointsTo(int, int, int)}, which names the pointer it came from (a
 * reflective call's receiver). A pointer a plugin gives a colour's object to without saying where
 * from is taken as a source of every string of the colour, so nothing the uncoloured analysis
 * finds is lost there.
 *
 * <p>Contract: {@link #whenReaches} calls back once per string of the colour that reaches the
 * pointer and is relevant, in the solver's thread, at a quiescence or at once; strings of other
 * objects (one constant, the object of strings that name nothing) are the caller's business.
 */
public final class StringOrigins implements Plugin {
    private Solver solver;
    /** Per method id: its loads of a colour's string constants, as (variable, constant) pairs. */
    private final Map<Integer, List<Load>> loadsOf = new HashMap<>();
    /** Per constant: the pointers it is loaded into. */
    private final Map<String, IntList> sources = new HashMap<>();
    /** Per colour object (context-sensitive): the pointers plugins gave it to (sources of all its strings). */
    private final Map<Integer, IntList> anySources = new HashMap<>();
    private final List<Question> open = new ArrayList<>();
    /** Per pointer: the {@code this} pointers its colour objects were bound to as receivers (edges for the sweep). */
    private final Map<Integer, IntList> receiverEdges = new HashMap<>();
    private final LongSet receiverEdgeSet = new LongSet();
    private final BitSet colourChecked = new BitSet();
    private final BitSet colourKnown = new BitSet();
    private ColourSweep sweep;
    private long searches;
    private long nanos;
    private int rounds;

    private record Load(int var, String value) {
    }

    private static final class Question {
        final int pointer;
        final int object;
        final List<String> strings;
        final Predicate<String> relevant;
        final Consumer<String> then;
        final Set<String> found = new HashSet<>();

        Question(int pointer, int object, List<String> strings, Predicate<String> relevant, Consumer<String> then) {
            this.pointer = pointer;
            this.object = object;
            this.strings = strings;
            this.relevant = relevant;
            this.then = then;
        }
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.sweep = new ColourSweep(solver);
        solver.listenToAddedObjects(this::added);
        solver.listenToReceivers(this::bound);
    }

    private boolean isColourCached(int csObject) {
        if (!colourChecked.get(csObject)) {
            colourChecked.set(csObject);
            if (solver.cs().heapContextOf(csObject) == Contexts.EMPTY && isColour(csObject)) {
                colourKnown.set(csObject);
            }
        }
        return colourKnown.get(csObject);
    }

    private void bound(int csm, int recvVar, int self, int csObject) {
        if (!isColourCached(csObject)) {
            return;
        }
        int from = solver.varPointer(csm, recvVar);
        if (receiverEdgeSet.add(((long) from << 32) | self)) {
            receiverEdges.computeIfAbsent(from, k -> new IntList(2)).add(self);
        }
    }

    /** Whether {@code csObject} stands for several string constants (a colour's object). */
    public boolean isColour(int csObject) {
        return solver.heap().isMergedStrings(solver.cs().siteOf(csObject));
    }

    /**
     * Calls {@code then} with each string of the colour object {@code csObject} that reaches
     * {@code pointer} and that {@code relevant} accepts at the time it is searched for ({@code
     * relevant} may accept more strings later: they are searched for then).
     */
    public void whenReaches(int pointer, int csObject, Predicate<String> relevant, Consumer<String> then) {
        List<String> strings = solver.heap().stringValues(solver.cs().siteOf(csObject));
        open.add(new Question(pointer, csObject, strings, relevant, then));
    }

    @Override
    public void onNewMethod(JMethod m) {
        MethodIR ir = solver.ir(m);
        List<Load> loads = null;
        for (Stmt s : ir.stmts) {
            if (s instanceof New n && n.what == New.Kind.STRING && n.lhs >= 0) {
                int site = solver.heap().objectOf(m, n);
                if (solver.heap().isMergedStrings(site)) {
                    solver.listenToReceiver(solver.csObject(Contexts.EMPTY, site));
                    if (loads == null) {
                        loads = new ArrayList<>(2);
                    }
                    loads.add(new Load(n.lhs, n.constant));
                }
            }
        }
        if (loads != null) {
            loadsOf.put(m.id(), loads);
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        List<Load> loads = loadsOf.get(solver.methodOf(csm).id());
        if (loads != null) {
            for (Load l : loads) {
                sources.computeIfAbsent(l.value(), k -> new IntList(2)).add(solver.varPointer(csm, l.var()));
            }
        }
    }

    private void added(int pointer, int csObject, int from) {
        if (from >= 0) {
            if (isColourCached(csObject) && receiverEdgeSet.add(((long) from << 32) | pointer)) {
                receiverEdges.computeIfAbsent(from, k -> new IntList(2)).add(pointer);
            }
            return;
        }
        if (isColourCached(csObject)) {
            anySources.computeIfAbsent(csObject, k -> new IntList(2)).add(pointer);
        }
    }

    @Override
    public void onQuiescence() {
        if (open.isEmpty()) {
            return;
        }
        rounds++;
        // per colour object, per string still to find: the questions it is relevant to
        Map<Integer, TreeMap<String, List<Question>>> wanted = new TreeMap<>();
        for (Question q : open) {
            for (String s : q.strings) {
                if (!q.found.contains(s) && q.relevant.test(s)) {
                    wanted.computeIfAbsent(q.object, k -> new TreeMap<>())
                            .computeIfAbsent(s, k -> new ArrayList<>(2)).add(q);
                }
            }
        }
        // the non-edge flows, by the representatives of their sources now (cycles merge pointers)
        Map<Integer, IntList> extraEdges = new HashMap<>();
        for (Map.Entry<Integer, IntList> e : receiverEdges.entrySet()) {
            IntList to = extraEdges.computeIfAbsent(solver.representative(e.getKey()), k -> new IntList(2));
            for (int k = 0; k < e.getValue().size(); k++) {
                to.add(e.getValue().get(k));
            }
        }
        List<Runnable> answers = new ArrayList<>();
        for (Map.Entry<Integer, TreeMap<String, List<Question>>> colour : wanted.entrySet()) {
            List<String> strings = new ArrayList<>(colour.getValue().keySet());
            long start = System.nanoTime();
            searches++;
            List<IntList> from = new ArrayList<>(strings.size());
            strings.forEach(s -> from.add(sources.get(s)));
            sweep.run(colour.getKey(), from, anySources.get(colour.getKey()), extraEdges);
            nanos += System.nanoTime() - start;
            for (int i = 0; i < strings.size(); i++) {
                String s = strings.get(i);
                for (Question q : colour.getValue().get(s)) {
                    if (sweep.reached(solver.representative(q.pointer), i) && q.found.add(s)) {
                        answers.add(() -> q.then.accept(s));
                    }
                }
            }
        }
        open.removeIf(q -> q.found.size() == q.strings.size());
        answers.forEach(Runnable::run);
    }

    /** The sweeps run so far (one per colour with open questions and quiescence). */
    public long searches() {
        return searches;
    }

    /** The quiescences at which questions were open. */
    public int rounds() {
        return rounds;
    }

    /** The pointers the searches visited, in all. */
    public long visited() {
        return sweep == null ? 0 : sweep.visited();
    }

    /** The time the searches took, in milliseconds (deciding which strings are relevant not included). */
    public long millis() {
        return nanos / 1_000_000;
    }
}
