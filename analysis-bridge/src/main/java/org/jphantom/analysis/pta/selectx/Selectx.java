package org.jphantom.analysis.pta.selectx;

import java.util.BitSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.LoadClock;
import org.jphantom.analysis.pta.context.Selection;
import org.jphantom.analysis.pta.context.SelectxRules;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * Seed 004's context-sensitivity selection (Fig. 5 and Eq. 19) over a {@link PreGraph}.
 *
 * <p>Each node n of method m has {@code enflow}, the entry-edge sinks of m that reach n, and
 * {@code exflow}, the exit-edge sources of m that n reaches, as bit sets over m's roles (a role
 * past the 63rd shares the last bit, which only makes the summaries more numerous, never fewer).
 * [INTER-CONTEXT] seeds them at the ends of entry and exit edges; [INTRA-CONTEXT] propagates
 * enflow forwards and exflow backwards along intra-context edges; [CALLSITE-SUMMARY] adds, for
 * each call edge at call site c into m and each exit source n of m whose enflow holds an entry
 * sink n'', the caller-side edge from the source of c's entry edge into n'' to the target of c's
 * exit edge out of n, which the other two rules then use like any intra-context edge. Every bit is
 * set once per node, so the work is linear in the graph's edges (times the bit-set width).
 * A node is selected when both sets are non-empty; a variable when either of its nodes is.
 *
 * <p>The selection follows Eq. 18, as the paper's own implementation does, not the weaker Eq. 19:
 * a node needs a context only if it lies on a flowsto path that starts at an object. So
 * [INTER-CONTEXT] seeds enflow only at entry edges whose source some object reaches (an
 * allocation of G_R, or a variable the context-insensitive analysis gave objects, which covers
 * the objects plugins make); an argument that is only ever null seeds nothing. The exflow side of
 * Eq. 18 (a path on to a V_f node) holds for every node an object reaches, so it needs no test.
 *
 * <p>With {@link SelectxRules#FULL}, the graph has the paper's inverse store edges, and Fig. 7's
 * loss is closed by a rule of call-graph construction, which L_FC lacks (Section 4.3): at a call
 * site the context-insensitive call graph dispatches to two or more methods, a receiver that
 * enflow reaches is selected with the call's arguments that enflow reaches. In a context its
 * receiver then holds only that context's objects, so only their callees run, and each receives
 * only that context's arguments.
 */
public final class Selectx {
    private final PreGraph g;
    private final long[] en;
    private final long[] ex;
    /** Enflow bits of an exit source already summarised. */
    private final long[] done;
    private final BitSet exitSource = new BitSet();
    private final LongIntMap summaries = new LongIntMap(1 << 12);
    private final IntList queue = new IntList(1 << 12);
    private final BitSet queued = new BitSet();
    /** Entry edges no object reaches, which Eq. 18 leaves unseeded. */
    private int unreachedEntries;

    private Selectx(PreGraph g) {
        this.g = g;
        int n = g.nodeCount();
        en = new long[n];
        ex = new long[n];
        done = new long[n];
    }

    private static long bit(int role) {
        return 1L << Math.min(role, 63);
    }

    /**
     * Selects over the reachable methods and call edges of {@code ci}, a solved
     * context-insensitive analysis; {@code ciMillis} is the time it took, reported with the
     * figures.
     */
    public static Selection select(Solver ci, long ciMillis) {
        return select(ci, ciMillis, 0);
    }

    /** As {@link #select(Solver, long)}, with the context-insensitive analysis' CPU time too. */
    public static Selection select(Solver ci, long ciMillis, long ciCpuMillis) {
        return select(ci, ciMillis, ciCpuMillis, SelectxRules.LEAN);
    }

    /** As {@link #select(Solver, long, long)}, with the given rules. */
    public static Selection select(Solver ci, long ciMillis, long ciCpuMillis, SelectxRules rules) {
        long t0 = System.nanoTime();
        long c0 = LoadClock.cpuNow();
        PreGraph g = new PreGraph(ci, rules == SelectxRules.FULL);
        int baseEdges = g.intraEdges;
        Selectx s = new Selectx(g);
        s.run();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long cpuMs = (LoadClock.cpuNow() - c0) / 1_000_000;
        Selection.Builder b = new Selection.Builder(g.program.methodCount());
        b.figure("ciTimeMs", ciMillis);
        b.figure("ciCpuMs", ciCpuMillis);
        b.figure("selectTimeMs", ms);
        b.figure("selectCpuMs", cpuMs);
        b.figure("rules", rules.name().toLowerCase(java.util.Locale.ROOT));
        return s.selection(b, ci, baseEdges, rules == SelectxRules.FULL);
    }

    private void run() {
        BitSet reached = reachedFromObjects();
        // [INTER-CONTEXT], for entry edges that objects reach (Eq. 18)
        for (int e = 0; e < g.callee.size(); e++) {
            int m = g.callee.get(e);
            int[] in = g.entrySrc.get(e);
            int[] out = g.exitDst.get(e);
            for (int r = 0; r < in.length; r++) {
                if (in[r] >= 0 && !reached.get(in[r])) {
                    unreachedEntries++;
                } else if (in[r] >= 0) {
                    int sink = g.entrySink(m, r);
                    en[sink] |= bit(r);
                    push(sink);
                }
                if (out[r] >= 0) {
                    int src = g.exitSource(m, r);
                    ex[src] |= bit(r);
                    exitSource.set(src);
                    push(src);
                }
            }
        }
        while (!queue.isEmpty()) {
            int n = queue.pop();
            queued.clear(n);
            // [INTRA-CONTEXT]
            long e = en[n];
            for (int i = 0; e != 0 && i < g.succN[n]; i++) {
                int t = g.succ[n][i];
                if ((en[t] | e) != en[t]) {
                    en[t] |= e;
                    push(t);
                }
            }
            long x = ex[n];
            for (int i = 0; x != 0 && i < g.predN[n]; i++) {
                int s = g.pred[n][i];
                if ((ex[s] | x) != ex[s]) {
                    ex[s] |= x;
                    push(s);
                }
            }
            if (exitSource.get(n) && (e & ~done[n]) != 0) {
                long fresh = e & ~done[n];
                done[n] |= fresh;
                summarise(n, fresh);
            }
        }
    }

    /**
     * The nodes of G_R that some allocation reaches along intra-context, entry, exit and global
     * (static field) edges: Eq. 18 asks that a selected node lie on a flowsto path that starts
     * at an object, which Eq. 19 drops. Paths through globals count here although the rules
     * reset globals' enflow and exflow; following entry and exit edges without matching them
     * (the summary edges need not be known yet) only makes the set larger, never smaller.
     */
    private BitSet reachedFromObjects() {
        int n = g.nodeCount();
        IntList[] inter = new IntList[n];
        for (int e = 0; e < g.callee.size(); e++) {
            int m = g.callee.get(e);
            int[] in = g.entrySrc.get(e);
            int[] out = g.exitDst.get(e);
            for (int r = 0; r < in.length; r++) {
                if (in[r] >= 0) {
                    link(inter, in[r], g.entrySink(m, r));
                }
                if (out[r] >= 0) {
                    link(inter, g.exitSource(m, r), out[r]);
                }
            }
        }
        // globals: (y,V_f) -> field -> (x,V_f) for C.f = y; x = C.f, and (x,V_p) -> field -> (y,V_p)
        java.util.Map<Integer, IntList> loadsOf = new java.util.HashMap<>();
        java.util.Map<Integer, IntList> storesOf = new java.util.HashMap<>();
        IntList[] fieldsOut = new IntList[n];
        for (int i = 0; i < g.staticStores.size(); i += 2) {
            int f = g.staticStores.get(i);
            int vf = g.staticStores.get(i + 1);
            link(fieldsOut, vf, f);
            storesOf.computeIfAbsent(f, k -> new IntList(2)).add(vf + 1);
        }
        for (int i = 0; i < g.staticLoads.size(); i += 2) {
            int f = g.staticLoads.get(i);
            int vf = g.staticLoads.get(i + 1);
            link(fieldsOut, vf + 1, -1 - f);
            loadsOf.computeIfAbsent(f, k -> new IntList(2)).add(vf);
        }
        BitSet reached = new BitSet(n);
        BitSet fieldsF = new BitSet();
        BitSet fieldsP = new BitSet();
        IntList work = new IntList(1 << 12);
        for (int v = 0; v < n; v++) {
            if (g.nodeState.get(v) == 2 || g.holdsObjects.get(v)) {
                reached.set(v);
                work.add(v);
            }
        }
        while (!work.isEmpty()) {
            int v = work.pop();
            for (int i = 0; i < g.succN[v]; i++) {
                reach(reached, work, g.succ[v][i]);
            }
            for (int i = 0; inter[v] != null && i < inter[v].size(); i++) {
                reach(reached, work, inter[v].get(i));
            }
            for (int i = 0; fieldsOut[v] != null && i < fieldsOut[v].size(); i++) {
                int f = fieldsOut[v].get(i);
                boolean forward = f >= 0;
                int field = forward ? f : -1 - f;
                BitSet seen = forward ? fieldsF : fieldsP;
                if (!seen.get(field)) {
                    seen.set(field);
                    IntList to = (forward ? loadsOf : storesOf).get(field);
                    for (int k = 0; to != null && k < to.size(); k++) {
                        reach(reached, work, to.get(k));
                    }
                }
            }
        }
        return reached;
    }

    private static void link(IntList[] adj, int from, int to) {
        if (adj[from] == null) {
            adj[from] = new IntList(2);
        }
        adj[from].add(to);
    }

    private static void reach(BitSet reached, IntList work, int v) {
        if (!reached.get(v)) {
            reached.set(v);
            work.add(v);
        }
    }

    /** [CALLSITE-SUMMARY] for exit source {@code n} and its enflow bits {@code fresh}. */
    private void summarise(int n, long fresh) {
        int m = g.nodeMethod.get(n);
        IntList calls = g.callsInto[m];
        if (calls == null) {
            return;
        }
        int[] roles = g.roleVars[m];
        for (int r = 0; r < roles.length; r++) {
            if (roles[r] < 0 || g.exitSource(m, r) != n) {
                continue;
            }
            for (int c = 0; c < calls.size(); c++) {
                int call = calls.get(c);
                int target = g.exitDst.get(call)[r];
                if (target < 0) {
                    continue;
                }
                int[] in = g.entrySrc.get(call);
                for (int r2 = 0; r2 < in.length; r2++) {
                    if (in[r2] >= 0 && (fresh & bit(r2)) != 0) {
                        addSummary(in[r2], target);
                    }
                }
            }
        }
    }

    private void addSummary(int from, int to) {
        long key = LongIntMap.key(from, to);
        if (summaries.get(key) >= 0) {
            return;
        }
        summaries.put(key, 1);
        g.addEdge(from, to);
        if ((en[to] | en[from]) != en[to]) {
            en[to] |= en[from];
            push(to);
        }
        if ((ex[from] | ex[to]) != ex[from]) {
            ex[from] |= ex[to];
            push(from);
        }
    }

    private void push(int n) {
        if (!queued.get(n)) {
            queued.set(n);
            queue.add(n);
        }
    }

    private Selection selection(Selection.Builder b, Solver ci, int baseEdges, boolean dispatch) {
        int vars = 0;
        int objs = 0;
        int constants = 0;
        int lastVarMethod = -1;
        int lastVar = -1;
        for (int n = 0; n < g.nodeCount(); n++) {
            if (en[n] == 0 || ex[n] == 0) {
                continue;
            }
            JMethod m = g.program.method(g.nodeMethod.get(n));
            int item = g.nodeItem.get(n);
            if (item >= 0) {
                if (m.id() != lastVarMethod || item != lastVar) { // V_f and V_p of a variable are adjacent
                    vars++;
                    lastVarMethod = m.id();
                    lastVar = item;
                }
                b.variable(m, item);
            } else {
                objs++;
                if (PreGraph.isConstant((New) ci.ir(m).stmts[-1 - item])) {
                    constants++;
                }
                b.object(m, -1 - item);
            }
        }
        int dispatchVars = dispatch ? dispatchSites(b) : 0;
        vars += dispatchVars;
        Selection probe = b.build();
        IntList reach = ci.callGraph().reachableMethods();
        int methods = 0;
        for (int i = 0; i < reach.size(); i++) {
            if (probe.method(g.program.method(reach.get(i)))) {
                methods++;
            }
        }
        b.figure("graphNodes", g.nodeCount());
        b.figure("graphEdges", baseEdges + g.interEdges);
        b.figure("summaryEdges", summaries.size());
        b.figure("entriesNoObjectReaches", unreachedEntries);
        b.figure("dispatchVariables", dispatchVars);
        b.figure("variables", g.variables);
        b.figure("selectedVariables", vars);
        b.figure("selectedVariablesPercent", percent(vars, g.variables));
        b.figure("objects", g.allocations);
        b.figure("selectedObjects", objs);
        b.figure("selectedObjectsPercent", percent(objs, g.allocations));
        b.figure("constantObjects", g.constants);
        b.figure("selectedConstantObjects", constants);
        b.figure("selectedObjectsWithoutConstantsPercent", percent(objs - constants, g.allocations - g.constants));
        b.figure("methods", reach.size());
        b.figure("selectedMethods", methods);
        b.figure("selectedMethodsPercent", percent(methods, reach.size()));
        return b.build();
    }

    /**
     * Fig. 7's rule (see the class comment): selects the receivers of the call sites the
     * context-insensitive call graph dispatches to two or more methods that enflow reaches, and
     * those calls' arguments that enflow reaches; returns how many variables it selected that
     * Eq. 18 had not.
     */
    private int dispatchSites(Selection.Builder b) {
        java.util.Set<Long> added = new java.util.HashSet<>();
        for (int i = 0; i < g.dispatchSites.size(); i++) {
            Invoke inv = g.dispatchSites.get(i);
            JMethod m = g.program.method(g.dispatchCallers.get(i));
            if (en[g.vf(m, inv.recv)] == 0) {
                continue;
            }
            dispatchVariable(b, m, inv.recv, added);
            for (int a : inv.args) {
                if (a >= 0 && en[g.vf(m, a)] != 0) {
                    dispatchVariable(b, m, a, added);
                }
            }
        }
        return added.size();
    }

    private void dispatchVariable(Selection.Builder b, JMethod m, int v, java.util.Set<Long> added) {
        boolean selected = (en[g.vf(m, v)] != 0 && ex[g.vf(m, v)] != 0) || (en[g.vp(m, v)] != 0 && ex[g.vp(m, v)] != 0);
        if (!selected && added.add(LongIntMap.key(m.id(), v))) {
            b.variable(m, v);
        }
    }

    private static double percent(int part, int whole) {
        return whole == 0 ? 0.0 : Math.round(10000.0 * part / whole) / 100.0;
    }
}
