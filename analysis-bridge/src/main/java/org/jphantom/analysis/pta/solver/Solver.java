package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.ProgramIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.ContextSelector;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.context.SelectorFactory;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.util.IntList;

/**
 * The inclusion-based (Andersen-style) solver with an on-the-fly call graph: the work list loop
 * and the operations plugins use.
 *
 * <p>The work list holds pointers with pending new objects; processing one adds only the
 * difference to its set and propagates only that difference along the {@link PointerFlowGraph}
 * (difference propagation). New objects at a variable trigger the statements that dereference it
 * ({@link StatementHandler}): field and array accesses add edges, calls select their targets on
 * the receiver's type and add call edges ({@link CallGraph}), whose callees become reachable and
 * have their statements instantiated in the callee's context. Cycles of unfiltered edges are
 * collapsed lazily ({@link CycleEliminator}); classes are initialised when the JVM would
 * ({@link ClassInitializer}).
 *
 * <p>All state of an analysis lives in the solver's parts ({@link CSManager}, the graph, the work
 * list, the call graph, the method bodies) and in its heap model: the program and its IR are only
 * read, so any number of solvers can analyse one {@link ProgramIR}, one after another or side by
 * side (in one thread: the program model is not thread-safe). The solver knows nothing about
 * contexts (a {@link ContextSelector} decides them), the heap abstraction (a {@link HeapModel}) or
 * library semantics (plugins).
 */
public final class Solver {
    private final Program program;
    private final HeapModel heap;
    private final Contexts contexts = new Contexts();
    private final ContextSelector selector;
    private final List<Plugin> plugins;
    private final MethodBodies bodies;
    private final WorkList work = new WorkList();
    private final CSManager cs;
    private final PointerFlowGraph graph;
    private final CycleEliminator cycles;
    private final CallGraph callGraph;
    private final ClassInitializer classes;
    private final StatementHandler statements;
    /** Pointers some plugin watches. */
    private final BitSet watched = new BitSet();
    /** Shared variable pointers and their new users, waiting to run (see {@link #sharedUse}). */
    private final IntList pendingShared = new IntList(64);
    private boolean drainingShared;
    /** Type filters of parameters and results. */
    private final DeclaredTypes declared;

    /** Who hears of the flows that are no edges. */
    private final FlowListeners listeners = new FlowListeners();

    /**
     * A solver over {@code ir}'s program; the selector is made by {@code selectors} with this
     * solver's contexts, and the plugins are told this solver ({@link Plugin#setSolver}) in order.
     */
    public Solver(ProgramIR ir, HeapModel heap, SelectorFactory selectors, List<Plugin> plugins) {
        this.program = ir.program();
        this.heap = heap;
        this.plugins = List.copyOf(plugins);
        this.bodies = new MethodBodies(ir, this.plugins);
        this.cs = new CSManager(program, heap, bodies, work);
        this.graph = cs.graph();
        this.declared = new DeclaredTypes(program);
        this.cycles = new CycleEliminator(graph, work, new CycleEliminator.Delivery() {
            @Override
            public boolean hasDuty(int pointer) {
                return cs.isDerefed(pointer) || watched.get(pointer);
            }

            @Override
            public void deliver(int pointer, int[] objs) {
                notifyNew(pointer, objs);
            }
        });
        this.callGraph = new CallGraph(program);
        this.classes = new ClassInitializer(program, cs, this);
        this.statements = new StatementHandler(program, heap, cs, callGraph, bodies, classes, this);
        this.selector = selectors.create(contexts, cs);
        statements.setSelector(selector);
        cs.setSelector(selector, this::sharedUse, statements::hasAddedUse);
        graph.setGuards(new GuardCheck(this.plugins, cs));
        for (Plugin p : this.plugins) {
            p.setSolver(this);
        }
    }

    public Program program() {
        return program;
    }

    public HeapModel heap() {
        return heap;
    }

    public Contexts contexts() {
        return contexts;
    }

    public ContextSelector selector() {
        return selector;
    }

    /** The context-sensitive methods, objects and pointers of this analysis. */
    public CSManager cs() {
        return cs;
    }

    public CallGraph callGraph() {
        return callGraph;
    }

    /** The IR of {@code m} in this analysis (a plugin's body, the bytecode's, or a model). */
    public MethodIR ir(JMethod m) {
        return bodies.of(m);
    }

    // ------------------------------------------------------------------ shorthands for plugins

    public int csMethod(int ctx, JMethod method) {
        return cs.csMethod(ctx, method);
    }

    public JMethod methodOf(int csMethod) {
        return cs.methodOf(csMethod);
    }

    public int csObject(int heapCtx, int site) {
        return cs.csObject(heapCtx, site);
    }

    public int typeOfObject(int csObject) {
        return cs.typeOfObject(csObject);
    }

    public int varPointer(int csMethod, int var) {
        return cs.varPointer(csMethod, var);
    }

    public int fieldPointer(int csObject, int field) {
        return cs.fieldPointer(csObject, field);
    }

    public int staticPointer(int field) {
        return cs.staticPointer(field);
    }

    public int tempPointer() {
        return cs.tempPointer();
    }

    /** The points-to set of {@code p} (shared by every pointer of a collapsed cycle). */
    public PointsToSet pointsTo(int p) {
        return graph.pointsTo(p);
    }

    /** Every call site of a reachable method (and of statements plugins added), by index. */
    public List<Invoke> callSites() {
        return callGraph.callSites();
    }

    /** PFG edges added (repeats and those inside collapsed cycles included). */
    public int edgeCount() {
        return graph.edgeCount();
    }

    // ------------------------------------------------------------------ operations for plugins

    /** Asks for {@link Plugin#onNewPointsTo} calls for {@code pointer}; other pointers are not reported. */
    public void watch(int pointer) {
        boolean had = watched.get(pointer) || cs.isDerefed(pointer);
        watched.set(pointer);
        if (!had) {
            cycles.addDuty(graph.find(pointer), pointer);
        }
    }

    /** Notes that a statement added by a plugin dereferences variable pointer {@code p}. */
    void markDereferenced(int p) {
        boolean had = watched.get(p) || cs.isDerefed(p);
        if (cs.setDerefed(p) && !had) {
            cycles.addDuty(graph.find(p), p);
        }
    }

    /**
     * Calls {@code action} with each successor of {@code pointer} in the pointer flow graph through
     * which an object of type {@code objectType} may flow (its edge has no type filter or one that
     * accepts the type); pointers merged into a cycle are their representative, {@link
     * #representative}. A successor may be given more than once.
     */
    public void forEachSuccessor(int pointer, int objectType, IntConsumer action) {
        graph.forEachSuccessor(pointer, objectType, action);
    }

    /** The pointer that stands for {@code pointer}: itself, or its cycle's representative once merged. */
    public int representative(int pointer) {
        return graph.find(pointer);
    }

    /** Adds {@code csObject} to the points-to set of {@code pointer} (at the next propagation). */
    public void addPointsTo(int pointer, int csObject) {
        addPointsTo(pointer, csObject, -1);
    }

    /**
     * Adds {@code csObject}, which pointer {@code from} points to, to the points-to set of {@code
     * pointer}: a flow of one object that is no edge (a plugin's binding of a receiver, say);
     * listeners hear where it came from ({@code from} -1: nowhere known).
     */
    public void addPointsTo(int pointer, int csObject, int from) {
        listeners.added(pointer, csObject, from);
        graph.addPointsTo(pointer, csObject);
    }

    /** Hears of every object a plugin adds to a pointer ({@link #addPointsTo}), none the statements add. */
    public interface AddedObjectListener {
        /** {@code csObject} is added to {@code pointer}, taken from pointer {@code from} (-1: from nowhere known). */
        void added(int pointer, int csObject, int from);
    }

    /**
     * Hears of each receiver object a call binds to its callee's {@code this}, object by object, as
     * the call dispatches on it (a flow that is no edge of the pointer flow graph).
     */
    public interface ReceiverListener {
        /** {@code csObject}, which variable {@code recvVar} of {@code csm} points to, is now in {@code self}. */
        void bound(int csm, int recvVar, int self, int csObject);
    }

    /** Registers {@code l} for the bindings of the receivers {@link #listenToReceiver} names from now on. */
    public void listenToReceivers(ReceiverListener l) {
        listeners.listenToReceivers(l);
    }

    /** Asks the receiver listeners to hear of {@code csObject}'s bindings as a receiver. */
    public void listenToReceiver(int csObject) {
        listeners.listenToReceiver(csObject);
    }

    boolean isListenedReceiver(int csObject) {
        return listeners.isListenedReceiver(csObject);
    }

    void receiverBound(int csm, int recvVar, int self, int csObject) {
        listeners.receiverBound(csm, recvVar, self, csObject);
    }

    /** Registers {@code l} for the objects plugins add from now on. */
    public void listenToAddedObjects(AddedObjectListener l) {
        listeners.listenToAdded(l);
    }

    /** Adds the edge {@code src -> dst} of the pointer flow graph (not checked for duplicates). */
    public void addEdge(int src, int dst, TypeFilter filter) {
        graph.addEdge(src, dst, filter);
    }

    /**
     * Adds statements to method {@code m} (over its own variables; see {@link StatementHandler}):
     * they take effect in every reachable context of {@code m}, now and later. Returns the
     * call-site indices of the calls among them, in order.
     */
    public int[] addStatements(JMethod m, List<Stmt> stmts) {
        return statements.add(m, stmts);
    }

    /** Makes {@code entry} reachable in the empty context, after initialising its class. */
    public int addEntry(JMethod entry) {
        return addEntry(entry, Contexts.EMPTY);
    }

    /** Makes {@code entry} reachable in context {@code ctx}, after initialising its class. */
    public int addEntry(JMethod entry, int ctx) {
        classes.initialize(entry.declaringType(), ctx);
        int csm = cs.csMethod(ctx, entry);
        addReachable(csm, callGraph.origins.code(ENTRY_POINT));
        return csm;
    }

    /** {@link CallGraph#reachOrigin} of an entry point. */
    public static final String ENTRY_POINT = "entry point";
    /** {@link CallGraph#reachOrigin} of a static initialiser. */
    public static final String CLASS_INITIALISATION = "class initialisation";

    /** Initialises {@code type} as the JVM would ({@link ClassInitializer}). */
    public void initClass(int type) {
        classes.initialize(type);
    }

    /** Makes a context-sensitive method reachable and instantiates its statements. */
    public void addReachable(int csm) {
        addReachable(csm, -1);
    }

    /**
     * As {@link #addReachable(int)}, recording {@code origin} ({@link Origins} code; 0 for a call
     * edge, -1 for the model calling) as what made the method reachable if it is new.
     */
    void addReachable(int csm, int origin) {
        if (!callGraph.addReachableCs(csm)) {
            return;
        }
        JMethod m = cs.methodOf(csm);
        MethodIR ir = bodies.of(m);
        if (callGraph.addReachable(m, ir)) {
            if (origin != 0) {
                callGraph.setReachOrigin(m.id(), origin > 0 ? origin : callGraph.origins.caller());
            }
            for (Plugin p : plugins) {
                p.onNewMethod(m);
            }
        }
        for (Plugin p : plugins) {
            p.onNewCSMethod(csm);
        }
        statements.instantiate(csm, m, ir);
    }

    /**
     * Adds the call edge from call site {@code callSite} in {@code callerCsm} to {@code calleeCsm}
     * (if new): the callee becomes reachable, and the call's arguments, result and exceptions flow
     * positionally to and from the callee's parameters, return and exception variables, the
     * arguments filtered by the parameters' declared types and the result by the type the call's
     * descriptor returns ({@link DeclaredTypes}).
     */
    public void addCallEdge(int callerCsm, int callSite, int calleeCsm) {
        JMethod callee = cs.methodOf(calleeCsm);
        Invoke inv = callGraph.callSites().get(callSite);
        int key = cs.callerKey(callerCsm, inv);
        if (!callGraph.addEdge(key, callSite, calleeCsm, callee.id())) {
            if (key != callerCsm) {
                useCallPointers(callerCsm, inv);
            }
            return;
        }
        addReachable(calleeCsm, 0);
        MethodIR cir = bodies.of(callee);
        int n = Math.min(inv.args.length, cir.paramVars.length);
        for (int k = 0; k < n; k++) {
            int a = inv.args[k];
            int pv = cir.paramVars[k];
            if (a >= 0 && pv >= 0) {
                graph.addEdge(cs.varPointer(callerCsm, a), cs.varPointer(calleeCsm, pv), declared.parameter(callee, k));
            }
        }
        if (inv.lhs >= 0 && cir.retVar >= 0) {
            graph.addEdge(cs.varPointer(calleeCsm, cir.retVar), cs.varPointer(callerCsm, inv.lhs),
                    declared.result(inv.desc));
        }
        if (inv.exception >= 0 && cir.throwVar >= 0) {
            graph.addEdge(cs.varPointer(calleeCsm, cir.throwVar), cs.varPointer(callerCsm, inv.exception), null);
        }
        for (Plugin p : plugins) {
            p.onNewCallEdge(callSite, callerCsm, calleeCsm);
        }
    }

    /**
     * Makes {@code csm} use the pointers of call {@code inv}'s variables, as binding the call from
     * it would: a method context runs the statements on a shared variable only once it uses the
     * variable's pointer (see {@link CSManager}), so a call edge recorded under another context
     * ({@link CSManager#callerKey}) must still make this one ask for them.
     */
    void useCallPointers(int csm, Invoke inv) {
        if (inv.recv >= 0 && inv.opcode != org.objectweb.asm.Opcodes.INVOKESTATIC) {
            cs.varPointer(csm, inv.recv);
        }
        for (int v : inv.args) {
            if (v >= 0) {
                cs.varPointer(csm, v);
            }
        }
        if (inv.lhs >= 0) {
            cs.varPointer(csm, inv.lhs);
        }
        if (inv.exception >= 0) {
            cs.varPointer(csm, inv.exception);
        }
    }

    /**
     * Adds a call edge whose values come from explicit pointers rather than the call's own
     * variables: a reflective {@code Method.invoke}, a method handle's {@code invokeExact}. The
     * edge is recorded for call site {@code callSite} (so it shows in the call graph), the callee
     * becomes reachable, and the {@link CallBinding}'s pointers flow, each filtered by the type it
     * meets (the callee's class for the receiver, each parameter's declared type), into the
     * callee's {@code this} and parameters, and its return and exception variables flow out.
     * Returns false if the context-sensitive edge existed (then nothing is added).
     */
    public boolean addCallEdge(int callerCsm, int callSite, int calleeCsm, CallBinding binding) {
        JMethod callee = cs.methodOf(calleeCsm);
        int origin = callGraph.hasEdge(callSite, callee.id()) ? 0 : callGraph.origins.caller();
        if (!callGraph.addEdge(callerCsm, callSite, calleeCsm, callee.id(), origin)) {
            return false;
        }
        addReachable(calleeCsm, 0);
        MethodIR cir = bodies.of(callee);
        if (binding.receiver() >= 0 && cir.thisVar >= 0) {
            graph.addEdge(binding.receiver(), cs.varPointer(calleeCsm, cir.thisVar),
                    declared.subtypesOf(callee.declaringType()));
        }
        int[] args = binding.args();
        for (int k = 0, n = Math.min(args.length, cir.paramVars.length); k < n; k++) {
            int pv = cir.paramVars[k];
            if (args[k] >= 0 && pv >= 0) {
                graph.addEdge(args[k], cs.varPointer(calleeCsm, pv), declared.parameter(callee, k));
            }
        }
        if (binding.result() >= 0 && cir.retVar >= 0) {
            graph.addEdge(cs.varPointer(calleeCsm, cir.retVar), binding.result(), null);
        }
        if (binding.exception() >= 0 && cir.throwVar >= 0) {
            graph.addEdge(cs.varPointer(calleeCsm, cir.throwVar), binding.exception(), null);
        }
        for (Plugin p : plugins) {
            p.onNewBoundCallEdge(callSite, callerCsm, calleeCsm, binding);
        }
        return true;
    }

    // ------------------------------------------------------------------ fixpoint

    /** Propagates until nothing changes. */
    public void solve() {
        for (Plugin p : plugins) {
            p.onStart();
        }
        WordList deltaWords = new WordList();
        IntBuffer deltaInts = new IntBuffer(256);
        do {
            propagate(deltaWords, deltaInts);
            for (Plugin p : plugins) {
                p.onQuiescence();
            }
        } while (work.hasInRound() || nextRound());
        for (Plugin p : plugins) {
            p.onFinish();
        }
    }

    /**
     * Propagates until the work list is empty. A difference that came as a bit set is listed in
     * {@code deltaInts} (reused from pointer to pointer, so copied where it is handed on).
     */
    private void propagate(WordList deltaWords, IntBuffer deltaInts) {
        WordList sharedWords = new WordList();
        while (work.hasInRound() || nextRound()) {
            int p = work.poll();
            if (graph.parent[p] != p) {
                continue; // merged into a cycle since it was queued; its objects went to the representative
            }
            PointsToSet set = graph.pts[p];
            // The difference, as a sorted array (pend[0..dn)), and as a bit set (deltaBits) if it came as one.
            int[] pend = work.pendingList(p);
            int dn = work.pendingCount(p);
            PointsToSet deltaBits = work.pendingSet(p);
            work.clear(p);
            graph.newDifference();
            boolean haveWords = false;
            if (deltaBits != null && deltaBits.isShared()) {
                // A difference handed on whole, held by other pointers too: read, not changed.
                deltaBits.nonEmptyWords(sharedWords);
                set.absentWords(sharedWords, deltaWords);
                deltaInts.n = 0;
                deltaWords.appendTo(deltaInts);
                dn = deltaInts.n;
                pend = deltaInts.a;
                haveWords = true;
            } else if (deltaBits != null) {
                dn = deltaBits.removeAll(set);
                deltaInts.n = 0;
                deltaBits.appendTo(deltaInts);
                pend = deltaInts.a;
            } else if (pend != null) {
                dn = WorkList.absentSorted(pend, dn, set);
            }
            if (dn == 0) {
                continue;
            }
            graph.pts[p] = graph.sets.add(set, pend, dn);
            int[] s = graph.succ[p];
            int sn = graph.succCount[p];
            TypeFilter[] filters = graph.succFilter[p];
            for (int i = 0; i < sn; i++) {
                int q = s[i];
                if (graph.parent[q] != q) {
                    q = graph.find(q);
                    s[i] = q; // the edge now ends at the representative of q's cycle
                }
                if (q == p) {
                    continue;
                }
                TypeFilter filter = filters == null ? null : filters[i];
                if (filter == null && PointerFlowGraph.wordWise(dn)) {
                    if (!haveWords) {
                        if (deltaBits == null) {
                            deltaBits = PointsToSet.bitSetOf(pend, dn);
                        }
                        deltaBits.nonEmptyWords(deltaWords);
                        haveWords = true;
                    }
                    if (!graph.handOnBits(deltaWords, q)) {
                        cycles.suspectCycle(p, q);
                    }
                } else {
                    if (graph.handOn(pend, dn, q, filter) == 0 && filter == null) {
                        cycles.suspectCycle(p, q);
                    }
                }
            }
            int[] duty = cycles.duties(p);
            if (duty == null ? cs.isDerefed(p) || watched.get(p) : duty.length > 0) {
                int[] objs = dn == pend.length && pend != deltaInts.a ? pend : Arrays.copyOf(pend, dn);
                if (duty == null) {
                    notifyNew(p, objs);
                } else {
                    for (int m : duty) {
                        notifyNew(m, objs);
                    }
                }
            }
        }
    }

    /** Collapses the cycles found since the last round, then starts the next round. */
    private boolean nextRound() {
        if (cycles.hasCandidates()) {
            cycles.collapseCycles();
        }
        return work.nextRound();
    }

    /** Runs the statements that dereference {@code p} and the plugins watching it on its new objects. */
    private void notifyNew(int p, int[] objs) {
        if (cs.isDerefed(p)) {
            int var = cs.pointerB(p);
            int first = cs.pointerA(p);
            statements.onNewObjects(first, first, var, objs);
            IntList more = cs.moreUsers(p);
            for (int i = 0; more != null && i < more.size(); i++) {
                statements.onNewObjects(more.get(i), first, var, objs);
            }
        }
        if (watched.get(p)) {
            for (Plugin pl : plugins) {
                pl.onNewPointsTo(p, objs);
            }
        }
    }

    /**
     * A method context started to use the shared variable pointer {@code p}: it gets what {@code p}
     * has. Running its statements can make further contexts users of further shared pointers; those
     * wait in {@link #pendingShared} for the outermost call to run them, in order, so the depth of
     * the stack stays bounded (s-3cfa on sablecc overflowed it with a chain of such uses).
     */
    private void sharedUse(int p, int csm) {
        pendingShared.add(p);
        pendingShared.add(csm);
        if (drainingShared) {
            return;
        }
        drainingShared = true;
        try {
            for (int i = 0; i < pendingShared.size(); i += 2) {
                int q = pendingShared.get(i);
                int[] objs = graph.pointsTo(q).toSortedArray();
                if (objs.length > 0) {
                    statements.onNewObjects(pendingShared.get(i + 1), cs.pointerA(q), cs.pointerB(q), objs);
                }
            }
        } finally {
            pendingShared.clear();
            drainingShared = false;
        }
    }
}
