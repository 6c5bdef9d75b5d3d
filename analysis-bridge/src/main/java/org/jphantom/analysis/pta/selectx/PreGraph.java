package org.jphantom.analysis.pta.selectx;

import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;

/**
 * The stateful pointer assignment graph G_R of seed 004 (Fig. 2 and Fig. 4) over the reachable
 * methods and call edges of a solved, context-insensitive analysis.
 *
 * <p>Nodes: each variable of a reachable method twice, {@code (v, V_f)} (values flowing into it)
 * and {@code (v, V_p)} (the objects whose fields were stored through it, traced backwards), and
 * each allocation {@code (o, O)}. Intra-context edges: {@code o -new-> (x,V_f)},
 * {@code (x,V_p) -new-bar-> o}, {@code (y,V_f) -assign-> (x,V_f)} and {@code (x,V_p) -assign-bar->
 * (y,V_p)} for copies, casts and loads {@code x = y.f} (loads are assignments in L_R), and
 * {@code (y,V_f) -store-> (x,V_p)} for stores {@code x.f = y}; with {@code inverseStores} (the
 * paper's graph: L_R merges store and store-bar, so its DFA has both) also {@code (x,V_f) -store->
 * (y,V_p)}. Static fields are globals: their accesses add no edge, and are kept apart only to tell
 * which nodes objects reach (Eq. 18).
 *
 * <p>Every allocation has its {@code new-bar} edge, also one whose object can hold no other object
 * (a primitive array, or an instance whose reference fields are all primitive arrays): L_R turns at
 * any object. An earlier version of the full rules left those out (a path that turns there can
 * only carry primitive arrays in L_F); measured on sablecc, that cost s-2cfa-full 6 may-fail casts
 * and saved no CPU this machine could measure, so the paper's graph is kept (bench/RESULTS.md,
 * session 14).
 *
 * <p>Inter-context edges come from call edges, by the callee's <em>roles</em>: 0 the receiver,
 * 1..n the parameters, n+1 the return, n+2 the exception variable. Entry edges (label ĉ) flow into
 * the callee: argument {@code (a,V_f)} to parameter {@code (p,V_f)}, and, backwards, the result
 * {@code (x,V_p)} to the return {@code (ret,V_p)}. Exit edges (label č) flow out: return
 * {@code (ret,V_f)} to result {@code (x,V_f)}, and parameter {@code (p,V_p)} to argument
 * {@code (a,V_p)}. Exceptions carry no inter-context edge, as in seed 004's evaluation (Spark's
 * one global exception node; throwables merged per type and context-insensitive), although the
 * solver passes them per call edge and context like returns: so a variable that only a thrown
 * value makes context-dependent is not selected (fixture {@code rethrow}). Exit edges for them,
 * like returns' (Qilin's precise exceptions), were measured on sablecc: 42% of the variables
 * selected instead of 27%, s-2cfa 2.4 times the CPU, 17 of its 771 extra call edges recovered.
 * The role stays, unused, so every method's roles have one layout. A call edge whose callee is
 * not the call's own name and descriptor (a reflective call a plugin resolved) has no positional
 * correspondence and adds no edge.
 */
final class PreGraph {
    final Program program;
    /** Per node: the method it belongs to. */
    final IntList nodeMethod = new IntList(1 << 14);
    /** Per node: the variable ({@code >= 0}) or, for allocations, {@code -1 - stmtIndex}. */
    final IntList nodeItem = new IntList(1 << 14);
    /** Per node: 0 = V_f, 1 = V_p, 2 = O. */
    final IntList nodeState = new IntList(1 << 14);
    /** Per method id: the first variable node (V_f of variable v is base + 2v, V_p base + 2v + 1), -1 if none. */
    final int[] varBase;
    /** Per method id: the roles' variables (see above), null for unreached methods. */
    final int[][] roleVars;

    /** Intra-context edges (summary edges are added to these). */
    int[][] succ;
    int[] succN;
    int[][] pred;
    int[] predN;
    int intraEdges;

    /** Call edges: caller call site, callee, per role the source of its entry edge and target of its exit edge. */
    final IntList callee = new IntList(1 << 12);
    final List<int[]> entrySrc = new java.util.ArrayList<>();
    final List<int[]> exitDst = new java.util.ArrayList<>();
    /** Per method id: the indices of the call edges into it. */
    final IntList[] callsInto;
    int interEdges;
    /**
     * Static field accesses, which carry no enflow or exflow (the paper resets globals) but do
     * carry objects, for Eq. 18's "reached from an object": per access, the field and the
     * variable's V_f node; stores and loads apart.
     */
    final IntList staticStores = new IntList(1 << 8);
    final IntList staticLoads = new IntList(1 << 8);
    int variables;
    int allocations;
    /**
     * The allocations that are loadable constants (strings, class objects, method types and
     * handles, dynamic constants), which the paper's Spark and Qilin bring in through global
     * nodes (so they are no allocations of their Selectx graph); counted apart so that the share
     * of objects selected compares with theirs.
     */
    int constants;
    /**
     * The V_f nodes of variables the context-insensitive analysis gave objects: with the
     * allocations, where Eq. 18's flowsto paths may start, so that objects no allocation of
     * G_R makes (a plugin's: natives, reflection, the JVM's hidden calls) count as well.
     */
    final java.util.BitSet holdsObjects = new java.util.BitSet();
    /** Whether a store has its inverse edge too (the paper's G_R). */
    private final boolean inverseStores;
    /**
     * The call sites of instance calls that the context-insensitive call graph sends to two or
     * more methods (a receiver's dispatch decides the callee), with their methods (parallel lists).
     */
    final List<Invoke> dispatchSites = new java.util.ArrayList<>();
    final IntList dispatchCallers = new IntList(1 << 8);

    PreGraph(Solver ci, boolean inverseStores) {
        this.program = ci.program();
        this.inverseStores = inverseStores;
        int mc = program.methodCount();
        varBase = new int[mc];
        Arrays.fill(varBase, -1);
        roleVars = new int[mc][];
        callsInto = new IntList[mc];
        IntList reach = ci.callGraph().reachableMethods();
        int[][] allocNode = new int[mc][];
        for (int i = 0; i < reach.size(); i++) {
            JMethod m = program.method(reach.get(i));
            MethodIR ir = ci.ir(m);
            varBase[m.id()] = nodeMethod.size();
            for (int v = 0; v < ir.varCount; v++) {
                addNode(m.id(), v, 0);
                addNode(m.id(), v, 1);
            }
            variables += ir.varCount;
            int csm = ci.cs().csMethod(org.jphantom.analysis.pta.context.Contexts.EMPTY, m);
            for (int v = 0; v < ir.varCount; v++) {
                int p = ci.cs().findVarPointer(csm, v);
                if (p >= 0 && !ci.pointsTo(p).isEmpty()) {
                    holdsObjects.set(vf(m, v));
                }
            }
            int[] roles = new int[ir.paramVars.length + 3];
            roles[0] = ir.thisVar;
            System.arraycopy(ir.paramVars, 0, roles, 1, ir.paramVars.length);
            roles[roles.length - 2] = ir.retVar;
            roles[roles.length - 1] = ir.throwVar;
            roleVars[m.id()] = roles;
            int[] an = new int[ir.stmts.length];
            for (Stmt s : ir.stmts) {
                if (s instanceof New n && n.lhs >= 0) {
                    an[s.index] = nodeMethod.size();
                    addNode(m.id(), -1 - s.index, 2);
                    allocations++;
                    if (isConstant(n)) {
                        constants++;
                    }
                }
            }
            allocNode[m.id()] = an;
        }
        int n = nodeMethod.size();
        succ = new int[n][];
        succN = new int[n];
        pred = new int[n][];
        predN = new int[n];
        for (int i = 0; i < reach.size(); i++) {
            JMethod m = program.method(reach.get(i));
            intraEdges(m, ci.ir(m), allocNode[m.id()]);
        }
        IntList e = ci.callGraph().edges();
        List<Invoke> sites = ci.callSites();
        int[] targets = new int[sites.size()];
        int[] lastTarget = new int[sites.size()];
        for (int i = 0; i < e.size(); i += 2) {
            int site = e.get(i);
            JMethod caller = ci.callGraph().callerOf(site);
            callEdge(caller, sites.get(site), program.method(e.get(i + 1)));
            if (targets[site] == 0 || lastTarget[site] != e.get(i + 1)) {
                targets[site]++;
                lastTarget[site] = e.get(i + 1);
                if (targets[site] == 2 && sites.get(site).recv >= 0 && varBase[caller.id()] >= 0) {
                    dispatchSites.add(sites.get(site));
                    dispatchCallers.add(caller.id());
                }
            }
        }
    }

    static boolean isConstant(New n) {
        return switch (n.what) {
            case STRING, CLASS_CONSTANT, METHOD_TYPE, METHOD_HANDLE, CONSTANT -> true;
            default -> false;
        };
    }

    private void addNode(int method, int item, int state) {
        nodeMethod.add(method);
        nodeItem.add(item);
        nodeState.add(state);
    }

    int nodeCount() {
        return nodeMethod.size();
    }

    int vf(JMethod m, int v) {
        return varBase[m.id()] + 2 * v;
    }

    int vp(JMethod m, int v) {
        return varBase[m.id()] + 2 * v + 1;
    }

    private void intraEdges(JMethod m, MethodIR ir, int[] allocNode) {
        for (Stmt s : ir.stmts) {
            switch (s.kind) {
                case Stmt.NEW -> {
                    New nw = (New) s;
                    if (nw.lhs >= 0) {
                        addEdge(allocNode[s.index], vf(m, nw.lhs));
                        addEdge(vp(m, nw.lhs), allocNode[s.index]);
                    }
                }
                case Stmt.COPY -> assign(m, ((Copy) s).rhs, ((Copy) s).lhs);
                case Stmt.CAST -> assign(m, ((Cast) s).rhs, ((Cast) s).lhs);
                case Stmt.LOAD_FIELD, Stmt.LOAD_ARRAY -> assign(m, ((FieldAccess) s).base, ((FieldAccess) s).var);
                case Stmt.STORE_FIELD, Stmt.STORE_ARRAY -> {
                    FieldAccess fa = (FieldAccess) s;
                    if (fa.var >= 0 && fa.base >= 0) {
                        addEdge(vf(m, fa.var), vp(m, fa.base));
                        if (inverseStores) {
                            addEdge(vf(m, fa.base), vp(m, fa.var));
                        }
                    }
                }
                case Stmt.LOAD_STATIC, Stmt.STORE_STATIC -> {
                    FieldAccess fa = (FieldAccess) s; // globals: no flow for the rules, only for Eq. 18
                    if (fa.var >= 0) {
                        IntList list = s.kind == Stmt.STORE_STATIC ? staticStores : staticLoads;
                        list.add(fa.field.id());
                        list.add(vf(m, fa.var));
                    }
                }
                default -> {
                    // calls are inter-context edges
                }
            }
        }
    }

    private void assign(JMethod m, int from, int to) {
        if (from >= 0 && to >= 0) {
            addEdge(vf(m, from), vf(m, to));
            addEdge(vp(m, to), vp(m, from));
        }
    }

    private void callEdge(JMethod caller, Invoke inv, JMethod target) {
        if (varBase[caller.id()] < 0 || varBase[target.id()] < 0 || !target.name().equals(inv.name)
                || !target.desc().equals(inv.desc)) {
            return;
        }
        int[] roles = roleVars[target.id()];
        int[] callerVars = new int[roles.length];
        callerVars[0] = target.isStatic() ? -1 : inv.recv;
        for (int k = 0; k < roles.length - 3; k++) {
            callerVars[k + 1] = k < inv.args.length ? inv.args[k] : -1;
        }
        callerVars[roles.length - 2] = inv.lhs;
        callerVars[roles.length - 1] = -1; // exceptions: see the class comment
        int[] in = new int[roles.length];
        int[] out = new int[roles.length];
        Arrays.fill(in, -1);
        Arrays.fill(out, -1);
        boolean any = false;
        for (int r = 0; r < roles.length; r++) {
            if (roles[r] < 0 || callerVars[r] < 0) {
                continue;
            }
            boolean result = r >= roles.length - 2;
            // arguments enter forwards and leave backwards; results leave forwards and enter backwards
            in[r] = result ? vp(caller, callerVars[r]) : vf(caller, callerVars[r]);
            out[r] = result ? vf(caller, callerVars[r]) : vp(caller, callerVars[r]);
            interEdges += 2;
            any = true;
        }
        if (!any) {
            return;
        }
        int idx = callee.size();
        callee.add(target.id());
        entrySrc.add(in);
        exitDst.add(out);
        if (callsInto[target.id()] == null) {
            callsInto[target.id()] = new IntList(2);
        }
        callsInto[target.id()].add(idx);
    }

    /** The callee node of role {@code r}'s entry edge: V_f of an argument's parameter, V_p of a result's variable. */
    int entrySink(int method, int r) {
        int[] roles = roleVars[method];
        int v = roles[r];
        return varBase[method] + 2 * v + (r >= roles.length - 2 ? 1 : 0);
    }

    /** The callee node of role {@code r}'s exit edge: V_p of a parameter, V_f of a result's variable. */
    int exitSource(int method, int r) {
        int[] roles = roleVars[method];
        int v = roles[r];
        return varBase[method] + 2 * v + (r >= roles.length - 2 ? 0 : 1);
    }

    void addEdge(int from, int to) {
        if (succ[from] == null) {
            succ[from] = new int[2];
        } else if (succN[from] == succ[from].length) {
            succ[from] = Arrays.copyOf(succ[from], succN[from] * 2);
        }
        succ[from][succN[from]++] = to;
        if (pred[to] == null) {
            pred[to] = new int[2];
        } else if (predN[to] == pred[to].length) {
            pred[to] = Arrays.copyOf(pred[to], predN[to] * 2);
        }
        pred[to][predN[to]++] = from;
        intraEdges++;
    }
}
