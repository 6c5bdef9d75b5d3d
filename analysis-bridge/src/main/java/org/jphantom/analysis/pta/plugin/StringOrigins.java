package org.jphantom.analysis.pta.plugin;

import java.util.ArrayList;
import java.util.Arrays;
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
    private int[] stamp = new int[1 << 12];
    private int search;
    private int[] queue = new int[1 << 10];
    private long searches;
    private long visited;
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
        solver.listenToAddedObjects(this::added);
        solver.listenToReceivers(this::bound);
    }

    /** Per pointer: the {@code this} pointers its colour objects were bound to as receivers (edges for the sweep). */
    private final Map<Integer, IntList> receiverEdges = new HashMap<>();
    /** {@link #receiverEdges} by the representatives of their sources, for one quiescence. */
    private Map<Integer, IntList> extraEdges = Map.of();
    private final Set<Long> receiverEdgeSet = new HashSet<>();
    private final java.util.BitSet colourChecked = new java.util.BitSet();
    private final java.util.BitSet colourKnown = new java.util.BitSet();

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
        extraEdges = new HashMap<>();
        for (Map.Entry<Integer, IntList> e : receiverEdges.entrySet()) {
            IntList to = extraEdges.computeIfAbsent(solver.representative(e.getKey()), k -> new IntList(2));
            for (int k = 0; k < e.getValue().size(); k++) {
                to.add(e.getValue().get(k));
            }
        }
        List<Runnable> answers = new ArrayList<>();
        for (Map.Entry<Integer, TreeMap<String, List<Question>>> colour : wanted.entrySet()) {
            List<String> strings = new ArrayList<>(colour.getValue().keySet());
            Map<Question, long[]> reached = sweep(colour.getKey(), strings, colour.getValue());
            for (int i = 0; i < strings.size(); i++) {
                String s = strings.get(i);
                for (Question q : colour.getValue().get(s)) {
                    long[] at = reached.get(q);
                    if (at != null && (at[i >> 6] & (1L << i)) != 0 && q.found.add(s)) {
                        answers.add(() -> q.then.accept(s));
                    }
                }
            }
        }
        open.removeIf(q -> q.found.size() == q.strings.size());
        answers.forEach(Runnable::run);
    }

    /**
     * One sweep of the pointer flow graph for colour object {@code object}: from the loads of each
     * of {@code strings} (bit i for strings[i]; a pointer a plugin gave the object to carries every
     * bit), along the edges that admit strings, through the pointers that hold the object, each
     * pointer collecting the bits of the strings that reach it. Returns the bits at the pointer of
     * each question of {@code wanted} that any string reaches.
     */
    private Map<Question, long[]> sweep(int object, List<String> strings, Map<String, List<Question>> wanted) {
        long start = System.nanoTime();
        searches++;
        int words = (strings.size() + 63) >> 6;
        int n = solver.cs().pointerCount();
        if (stamp.length < n) {
            stamp = Arrays.copyOf(stamp, Math.max(n, stamp.length * 2));
            slot = Arrays.copyOf(slot, stamp.length);
            inQueue = Arrays.copyOf(inQueue, stamp.length);
        }
        int id = ++search;
        used = 0;
        int tail = 0;
        IntList any = anySources.get(object);
        for (int i = -1; i < strings.size(); i++) {
            IntList from = i < 0 ? any : sources.get(strings.get(i));
            for (int k = 0; from != null && k < from.size(); k++) {
                int p = solver.representative(from.get(k));
                int base = slotOf(p, id, words);
                boolean grew = false;
                for (int w = 0; w < words; w++) {
                    long add = i < 0 ? -1L : (i >> 6) == w ? 1L << i : 0L;
                    if ((bits[base + w] | add) != bits[base + w]) {
                        bits[base + w] |= add;
                        grew = true;
                    }
                }
                if (grew && inQueue[p] != id) {
                    tail = enqueue(p, tail, id);
                }
            }
        }
        int type = solver.typeOfObject(object);
        long[] delta = new long[words];
        int[] state = new int[1];
        for (int head = 0; head < tail; head++) {
            int p = queue[head];
            visited++;
            inQueue[p] = 0;
            System.arraycopy(bits, slot[p] * words, delta, 0, words);
            state[0] = tail;
            java.util.function.IntConsumer step = q -> {
                if (stamp[q] != id && !solver.pointsTo(q).contains(object)) {
                    return;
                }
                int qb = slotOf(q, id, words);
                boolean grew = false;
                for (int w = 0; w < words; w++) {
                    long add = delta[w] & ~bits[qb + w];
                    if (add != 0) {
                        bits[qb + w] |= add;
                        grew = true;
                    }
                }
                if (grew && inQueue[q] != id) {
                    state[0] = enqueue(q, state[0], id);
                }
            };
            solver.forEachSuccessor(p, type, step);
            IntList selves = extraEdges.get(p);
            for (int k = 0; selves != null && k < selves.size(); k++) {
                step.accept(solver.representative(selves.get(k)));
            }
            tail = state[0];
        }
        Map<Question, long[]> out = new java.util.IdentityHashMap<>();
        for (List<Question> qs : wanted.values()) {
            for (Question q : qs) {
                int p = solver.representative(q.pointer);
                if (stamp[p] == id) {
                    out.put(q, Arrays.copyOfRange(bits, slot[p] * words, slot[p] * words + words));
                }
            }
        }
        nanos += System.nanoTime() - start;
        return out;
    }

    private int[] slot = new int[1 << 12];
    private int[] inQueue = new int[1 << 12];
    private long[] bits = new long[1 << 10];
    private int used;

    /** The offset of pointer {@code p}'s bits in this sweep (given a cleared slot on first use). */
    private int slotOf(int p, int id, int words) {
        if (stamp[p] != id) {
            stamp[p] = id;
            slot[p] = used++;
            int need = used * words;
            if (need > bits.length) {
                bits = Arrays.copyOf(bits, Math.max(need, bits.length * 2));
            }
            Arrays.fill(bits, need - words, need, 0L);
        }
        return slot[p] * words;
    }

    /** Appends {@code p} to the queue (a pointer is queued again each time its bits grow after it was taken). */
    private int enqueue(int p, int tail, int id) {
        inQueue[p] = id;
        if (tail == queue.length) {
            queue = Arrays.copyOf(queue, tail * 2);
        }
        queue[tail] = p;
        return tail + 1;
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
        return visited;
    }

    /** The time the searches took, in milliseconds (deciding which strings are relevant not included). */
    public long millis() {
        return nanos / 1_000_000;
    }
}
