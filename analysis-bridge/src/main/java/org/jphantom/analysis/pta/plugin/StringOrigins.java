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
 * string found stays found); the answers it gives make the solver resume.
 *
 * <p>What the search cannot see: objects a plugin copies from one pointer to another without an
 * edge (a reflective call's bound receiver, a handle's arguments). A pointer a plugin gives a
 * colour's object to is taken as a source of every string of the colour, so nothing the
 * uncoloured analysis finds is lost there.
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
    private final Set<Integer> colourObjects = new HashSet<>();
    private final List<Question> open = new ArrayList<>();
    private int[] stamp = new int[1 << 12];
    private int search;
    private int[] queue = new int[1 << 10];
    private long searches;
    private long visited;
    private long nanos;

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
    }

    /** Whether {@code csObject} stands for several string constants (a colour's object). */
    public boolean isColour(int csObject) {
        List<String> values = solver.heap().stringValues(solver.cs().siteOf(csObject));
        return values != null && values.size() > 1;
    }

    /**
     * Calls {@code then} with each string of the colour object {@code csObject} that reaches
     * {@code pointer} and that {@code relevant} accepts at the time it is searched for ({@code
     * relevant} may accept more strings later: they are searched for then).
     */
    public void whenReaches(int pointer, int csObject, Predicate<String> relevant, Consumer<String> then) {
        List<String> strings = solver.heap().stringValues(solver.cs().siteOf(csObject));
        colourObjects.add(csObject);
        open.add(new Question(pointer, csObject, strings, relevant, then));
    }

    @Override
    public void onNewMethod(JMethod m) {
        MethodIR ir = solver.ir(m);
        List<Load> loads = null;
        for (Stmt s : ir.stmts) {
            if (s instanceof New n && n.what == New.Kind.STRING && n.lhs >= 0) {
                List<String> values = solver.heap().stringValues(solver.heap().objectOf(m, n));
                if (values != null && values.size() > 1) {
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

    private void added(int pointer, int csObject) {
        if (solver.cs().heapContextOf(csObject) == Contexts.EMPTY && isColour(csObject)) {
            anySources.computeIfAbsent(csObject, k -> new IntList(2)).add(pointer);
        }
    }

    @Override
    public void onQuiescence() {
        if (open.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
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
        List<Runnable> answers = new ArrayList<>();
        for (Map.Entry<Integer, TreeMap<String, List<Question>>> colour : wanted.entrySet()) {
            int object = colour.getKey();
            IntList any = anySources.get(object);
            Map<Integer, List<Question>> reachedByAny = any == null ? Map.of() : reach(object, any, null, colour.getValue());
            for (Map.Entry<String, List<Question>> e : colour.getValue().entrySet()) {
                String s = e.getKey();
                List<Question> qs = new ArrayList<>();
                for (Question q : e.getValue()) {
                    if (reachedByAny.containsKey(q.pointer)) {
                        q.found.add(s);
                        answers.add(() -> q.then.accept(s));
                    } else {
                        qs.add(q);
                    }
                }
                IntList from = sources.get(s);
                if (qs.isEmpty() || from == null) {
                    continue;
                }
                for (Question q : reach(object, from, qs, null).values().stream().flatMap(List::stream).toList()) {
                    q.found.add(s);
                    answers.add(() -> q.then.accept(s));
                }
            }
        }
        open.removeIf(q -> q.found.size() == q.strings.size());
        nanos += System.nanoTime() - start;
        answers.forEach(Runnable::run);
    }

    /**
     * The questions (of {@code targets}, or of every string's in {@code all}) whose pointers the
     * flow from {@code from} reaches through pointers holding {@code object}, by their pointers.
     */
    private Map<Integer, List<Question>> reach(int object, IntList from, List<Question> targets,
                                               Map<String, List<Question>> all) {
        Map<Integer, List<Question>> byRep = new HashMap<>();
        for (List<Question> qs : targets != null ? List.of(targets) : all.values()) {
            for (Question q : qs) {
                byRep.computeIfAbsent(solver.representative(q.pointer), k -> new ArrayList<>(1)).add(q);
            }
        }
        Map<Integer, List<Question>> out = new HashMap<>();
        int n = solver.cs().pointerCount();
        if (stamp.length < n) {
            stamp = Arrays.copyOf(stamp, Math.max(n, stamp.length * 2));
        }
        int id = ++search;
        searches++;
        int head = 0;
        int tail = 0;
        int type = solver.typeOfObject(object);
        for (int i = 0; i < from.size(); i++) {
            int p = solver.representative(from.get(i));
            if (stamp[p] != id) {
                stamp[p] = id;
                if (tail == queue.length) {
                    queue = Arrays.copyOf(queue, tail * 2);
                }
                queue[tail++] = p;
            }
        }
        int[] remaining = {byRep.size()};
        while (head < tail && remaining[0] > 0) {
            int p = queue[head++];
            visited++;
            List<Question> hit = byRep.remove(p);
            if (hit != null) {
                for (Question q : hit) {
                    out.computeIfAbsent(q.pointer, k -> new ArrayList<>(1)).add(q);
                }
                remaining[0]--;
            }
            int[] t = {tail};
            solver.forEachSuccessor(p, type, q -> {
                if (stamp[q] != id && solver.pointsTo(q).contains(object)) {
                    stamp[q] = id;
                    if (t[0] == queue.length) {
                        queue = Arrays.copyOf(queue, t[0] * 2);
                    }
                    queue[t[0]++] = q;
                }
            });
            tail = t[0];
        }
        return out;
    }

    /** The searches run so far (one per string and quiescence, plus one per colour given to pointers by plugins). */
    public long searches() {
        return searches;
    }

    /** The pointers the searches visited, in all. */
    public long visited() {
        return visited;
    }

    /** The time spent answering, in milliseconds. */
    public long millis() {
        return nanos / 1_000_000;
    }
}
