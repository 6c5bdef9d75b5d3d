package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.ContextSelector;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.util.LongIntMap;
import org.objectweb.asm.Opcodes;

/**
 * Turns statements into pointer flow edges and call edges. When a method becomes reachable in a
 * context, its allocations, copies, casts, static field accesses and static calls are instantiated
 * at once; field and array accesses and instance calls wait for their base variable's objects,
 * and then add edges per object and select callees per receiver type (JVMS 5.4.6, through
 * {@link Program#dispatch}).
 *
 * <p>Plugins may add statements to a method ({@link Solver#addStatements}); they are instantiated
 * in every context of the method, present and future, like the method's own.
 */
final class StatementHandler {
    private final Program program;
    private final HeapModel heap;
    private final CSManager cs;
    private final FieldHolders holders;
    private final ReceiverFilter receiverFilter;
    private final PointerFlowGraph graph;
    private final CallGraph callGraph;
    private final MethodBodies bodies;
    private final ClassInitializer classes;
    private final Solver solver;
    private ContextSelector selector;

    /** Resolution of each call site's symbolic reference, by call-site index (null: unresolved). */
    private JMethod[] resolved = new JMethod[1 << 12];
    private boolean[] resolvedDone = new boolean[1 << 12];

    /** Statements plugins added, per method id; and those that dereference a variable, per (method, var). */
    private final Map<Integer, List<Stmt>> added = new HashMap<>();
    private final Map<Long, List<Stmt>> addedUses = new HashMap<>();
    private final Map<Stmt, Integer> addedCallSites = new IdentityHashMap<>();
    /** Context-sensitive methods whose statements were instantiated. */
    private final BitSet instantiated = new BitSet();

    StatementHandler(Program program, HeapModel heap, CSManager cs, CallGraph callGraph, MethodBodies bodies,
                     ClassInitializer classes, Solver solver) {
        this.program = program;
        this.heap = heap;
        this.cs = cs;
        this.holders = new FieldHolders(program, cs);
        this.receiverFilter = new ReceiverFilter(program);
        this.graph = cs.graph();
        this.callGraph = callGraph;
        this.bodies = bodies;
        this.classes = classes;
        this.solver = solver;
    }

    void setSelector(ContextSelector selector) {
        this.selector = selector;
    }

    /** Instantiates the statements of {@code m} that need no objects, in context-sensitive method {@code csm}. */
    void instantiate(int csm, JMethod m, MethodIR ir) {
        int ctx = cs.contextOfMethod(csm);
        for (Stmt s : ir.stmts) {
            instantiate(csm, m, ctx, s, s.kind == Stmt.INVOKE ? callGraph.callSiteOf(m, s.index) : -1);
        }
        if (!added.isEmpty()) {
            List<Stmt> extra = added.get(m.id());
            for (int i = 0; extra != null && i < extra.size(); i++) { // statements added meanwhile too
                Stmt s = extra.get(i);
                instantiate(csm, m, ctx, s, s.kind == Stmt.INVOKE ? addedCallSites.get(s) : -1);
            }
        }
        instantiated.set(csm);
    }

    private void instantiate(int csm, JMethod m, int ctx, Stmt s, int callSite) {
        switch (s.kind) {
            case Stmt.NEW: {
                New n = (New) s;
                if (n.what == New.Kind.NEW) {
                    classes.initialize(n.type, ctx);
                }
                if (n.lhs >= 0) {
                    int site = heap.objectOf(m, n);
                    int hctx = heap.isShared(site) ? Contexts.EMPTY : selector.heapContext(ctx, m, site, n.index);
                    graph.addPointsTo(cs.varPointer(csm, n.lhs), cs.csObject(hctx, site));
                }
                break;
            }
            case Stmt.COPY: {
                Copy c = (Copy) s;
                graph.addEdge(cs.varPointer(csm, c.rhs), cs.varPointer(csm, c.lhs), c.filter);
                break;
            }
            case Stmt.CAST: {
                Cast c = (Cast) s;
                graph.addEdge(cs.varPointer(csm, c.rhs), cs.varPointer(csm, c.lhs), c.filter);
                break;
            }
            case Stmt.LOAD_STATIC: {
                FieldAccess fa = (FieldAccess) s;
                classes.initialize(program.type(fa.field.owner()), ctx);
                if (fa.var >= 0) {
                    graph.addEdge(cs.staticPointer(fa.field.id()), cs.varPointer(csm, fa.var), null);
                }
                break;
            }
            case Stmt.STORE_STATIC: {
                FieldAccess fa = (FieldAccess) s;
                classes.initialize(program.type(fa.field.owner()), ctx);
                if (fa.var >= 0) {
                    graph.addEdge(cs.varPointer(csm, fa.var), cs.staticPointer(fa.field.id()), null);
                }
                break;
            }
            case Stmt.INVOKE: {
                Invoke inv = (Invoke) s;
                if (inv.opcode == Opcodes.INVOKESTATIC) {
                    JMethod target = resolve(inv, callSite);
                    if (target != null && target.isStatic()) {
                        classes.initialize(target.declaringType(), ctx);
                        solver.addCallEdge(csm, callSite,
                                cs.csMethod(selector.staticCall(ctx, callSite, target), target));
                    }
                }
                break;
            }
            default:
                break; // instance accesses and calls wait for their base's objects
        }
    }

    /** The resolved target of call site {@code callSite} ({@code inv}), null if it does not resolve. */
    JMethod resolve(Invoke inv, int callSite) {
        if (callSite >= resolvedDone.length) {
            int n = Math.max(callSite + 1, resolvedDone.length * 2);
            resolved = Arrays.copyOf(resolved, n);
            resolvedDone = Arrays.copyOf(resolvedDone, n);
        }
        if (!resolvedDone[callSite]) {
            resolved[callSite] = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
            resolvedDone[callSite] = true;
        }
        return resolved[callSite];
    }

    /**
     * Runs the statements of {@code csm} that dereference {@code var} on its new objects
     * {@code objs}. {@code rep} is the first context of {@code var}'s method that uses the same
     * pointer for {@code var} ({@code csm} itself if none came before): a statement whose every
     * pointer is the same in {@code csm} as in {@code rep}, and whose callee context is too, is the
     * same statement instance as {@code rep}'s, which runs on the same objects, so it is skipped
     * here. Under a selective policy this keeps the statements on context-insensitive variables of
     * a method analysed under many contexts to one run, not one per context.
     */
    void onNewObjects(int csm, int rep, int var, int[] objs) {
        JMethod m = cs.methodOf(csm);
        MethodIR ir = bodies.of(m);
        for (int u : ir.uses(var)) {
            Stmt s = ir.stmts[u];
            dereference(csm, rep, m, s, s.kind == Stmt.INVOKE ? callGraph.callSiteOf(m, u) : -1, objs);
        }
        if (!addedUses.isEmpty()) {
            List<Stmt> extra = addedUses.get(LongIntMap.key(m.id(), var));
            if (extra != null) {
                for (Stmt s : List.copyOf(extra)) {
                    dereference(csm, rep, m, s, s.kind == Stmt.INVOKE ? addedCallSites.get(s) : -1, objs);
                }
            }
        }
    }

    private void dereference(int csm, int rep, JMethod m, Stmt s, int callSite, int[] objs) {
        switch (s.kind) {
            case Stmt.LOAD_FIELD:
            case Stmt.LOAD_ARRAY: {
                FieldAccess fa = (FieldAccess) s;
                int dst = cs.varPointer(csm, fa.var); // even when skipped: csm must use dst's pointer
                if (csm != rep && cs.samePointer(csm, rep, fa.var)) {
                    break;
                }
                int f = fa.field.id();
                for (int o : objs) {
                    if (holders.mayHold(o, fa.field)) {
                        graph.addEdge(cs.fieldPointer(o, f), dst, null);
                    }
                }
                break;
            }
            case Stmt.STORE_FIELD:
            case Stmt.STORE_ARRAY: {
                FieldAccess fa = (FieldAccess) s;
                int src = cs.varPointer(csm, fa.var);
                if (csm != rep && cs.samePointer(csm, rep, fa.var)) {
                    break;
                }
                int f = fa.field.id();
                boolean array = s.kind == Stmt.STORE_ARRAY && selector.separatesContainers();
                for (int o : objs) {
                    if (holders.mayHold(o, fa.field) && (!array || !heap.isEmptyArray(cs.siteOf(o)))) { // a zero-length array holds nothing
                        graph.addEdge(src, cs.fieldPointer(o, f), null);
                    }
                }
                break;
            }
            case Stmt.INVOKE: {
                Invoke inv = (Invoke) s;
                boolean same = csm != rep && sameSitePointers(csm, rep, inv);
                if (same) {
                    solver.useCallPointers(csm, inv);
                }
                instanceCall(csm, same ? rep : csm, inv, callSite, objs);
                break;
            }
            default:
                break;
        }
    }

    /** Whether the arguments, result and exception of {@code inv} have the same pointers in {@code a} and {@code b}. */
    private boolean sameSitePointers(int a, int b, Invoke inv) {
        for (int v : inv.args) {
            if (!cs.samePointer(a, b, v)) {
                return false;
            }
        }
        return cs.samePointer(a, b, inv.lhs) && cs.samePointer(a, b, inv.exception);
    }

    /**
     * Dispatches the call {@code inv} in {@code csm} on {@code receivers}. If {@code rep} differs
     * from {@code csm}, the call's pointers are the same in both, so a receiver whose callee
     * context is also the same in both was bound by {@code rep} already and is skipped.
     */
    private void instanceCall(int csm, int rep, Invoke inv, int callSite, int[] receivers) {
        JMethod resolvedTarget = resolve(inv, callSite);
        if (resolvedTarget == null) {
            return;
        }
        boolean dynamic = inv.isDynamicDispatch();
        JMethod special = dynamic ? null
                : (resolvedTarget.isAbstract() || resolvedTarget.isStatic() ? null : resolvedTarget);
        if (!dynamic && special == null) {
            return;
        }
        int ctx = cs.contextOfMethod(csm);
        int repCtx = cs.contextOfMethod(rep);
        // Receivers come in ascending order, so the objects of one site (one type) are adjacent:
        // dispatch once per type and add each call edge once per run of one callee. A selector
        // whose callee contexts do not depend on the receiver is asked once per run of one target.
        boolean perReceiver = selector.dependsOnReceiver();
        int owner = dynamic ? receiverFilter.ownerOf(callSite, inv) : ReceiverFilter.ANY;
        int lastType = -1;
        JMethod target = special;
        int lastCallee = -1;
        JMethod bound = null;
        boolean skip = false;
        int self = -1;
        for (int o : receivers) {
            int type = cs.typeOfObject(o);
            if (dynamic && type != lastType) {
                lastType = type;
                target = receiverFilter.mayReceive(type, owner) ? program.dispatch(lastType, resolvedTarget) : null;
            }
            if (target == null) {
                continue;
            }
            if (perReceiver || target != bound) {
                bound = target;
                int calleeCtx = selector.instanceCall(ctx, callSite, o, target);
                skip = rep != csm && calleeCtx == selector.instanceCall(repCtx, callSite, o, target);
                if (!skip) {
                    int calleeCsm = cs.csMethod(calleeCtx, target);
                    if (calleeCsm != lastCallee) {
                        solver.addReachable(calleeCsm, 0);
                        solver.addCallEdge(csm, callSite, calleeCsm);
                        lastCallee = calleeCsm;
                    }
                    MethodIR cir = bodies.of(target);
                    self = cir.thisVar >= 0 ? cs.varPointer(calleeCsm, cir.thisVar) : -1;
                }
            }
            if (skip || self < 0) {
                continue;
            }
            graph.addPointsTo(self, o);
            if (solver.isListenedReceiver(o)) {
                solver.receiverBound(csm, inv.recv, self, o);
            }
        }
    }

    // ------------------------------------------------------------------ statements from plugins

    /**
     * Adds {@code stmts} (over {@code m}'s own variables) to method {@code m}: instantiated now in
     * every context of {@code m} whose statements were instantiated, and in every later one (a
     * context being instantiated right now picks them up too). Those that dereference a variable
     * run on the objects it has and on every later one. Returns the call-site indices of the calls
     * among them, in order.
     */
    int[] add(JMethod m, List<Stmt> stmts) {
        List<Integer> sites = new ArrayList<>();
        int origin = -1;
        for (Stmt s : stmts) {
            if (s instanceof Invoke inv) {
                if (origin < 0) {
                    origin = callGraph.origins.caller();
                }
                int id = callGraph.addCallSite(inv, m, origin);
                addedCallSites.put(s, id);
                sites.add(id);
            }
        }
        added.computeIfAbsent(m.id(), k -> new ArrayList<>()).addAll(stmts);
        for (Stmt s : stmts) {
            int base = baseOf(s);
            if (base >= 0) {
                addedUses.computeIfAbsent(LongIntMap.key(m.id(), base), k -> new ArrayList<>()).add(s);
            }
        }
        for (int i = 0, n = cs.csMethodCount(m); i < n; i++) { // contexts made meanwhile pick them up themselves
            int csm = cs.csMethodOf(m, i);
            if (!callGraph.isReachableCs(csm)) {
                continue;
            }
            int ctx = cs.contextOfMethod(csm);
            for (Stmt s : stmts) {
                int site = s.kind == Stmt.INVOKE ? addedCallSites.get(s) : -1;
                if (instantiated.get(csm)) {
                    instantiate(csm, m, ctx, s, site);
                }
                int base = baseOf(s);
                int p = base < 0 ? -1 : cs.findVarPointer(csm, base);
                if (p >= 0) { // a pointer made later knows its added uses when it is made
                    solver.markDereferenced(p);
                    int[] objs = graph.pointsTo(p).toSortedArray();
                    if (objs.length > 0) {
                        dereference(csm, csm, m, s, site, objs);
                    }
                }
            }
        }
        return sites.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether a plugin added a statement to {@code m} that dereferences {@code var}. */
    boolean hasAddedUse(JMethod m, int var) {
        return !addedUses.isEmpty() && addedUses.containsKey(LongIntMap.key(m.id(), var));
    }

    private static int baseOf(Stmt s) {
        if (s instanceof FieldAccess fa && (s.kind == Stmt.LOAD_FIELD || s.kind == Stmt.STORE_FIELD
                || s.kind == Stmt.LOAD_ARRAY || s.kind == Stmt.STORE_ARRAY)) {
            return fa.base;
        }
        if (s instanceof Invoke inv && inv.opcode != Opcodes.INVOKESTATIC) {
            return inv.recv;
        }
        return -1;
    }
}
