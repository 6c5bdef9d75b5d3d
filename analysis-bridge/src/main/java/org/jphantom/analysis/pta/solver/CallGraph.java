package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * The on-the-fly call graph of one analysis: reachable methods (with and without contexts), call
 * sites, and call edges (context-sensitive, and the context-insensitive pairs they project to).
 *
 * <p>Call sites get dense indices in this analysis when their method first becomes reachable, in
 * statement order; the IR is not touched, so several analyses can share it. A plugin may add call
 * sites of its own (statements it adds to a reachable method).
 */
public final class CallGraph {
    private final Program program;

    private final BitSet reachableCs = new BitSet();
    private final BitSet reachable = new BitSet();
    private final IntList reachableOrder = new IntList(1 << 12);

    private final List<Invoke> callSites = new ArrayList<>();
    private final IntList callSiteCaller = new IntList(1 << 12);
    /** Per call site: the {@link Origins} code of the model that added it, 0 for the program's own. */
    private final IntList callSiteOrigin = new IntList(1 << 12);
    /** Per method: the {@link Origins} code of what made it reachable when no call edge did, else 0. */
    private int[] reachOrigin = new int[1 << 12];
    final Origins origins = new Origins();
    /** Per method: the call-site index of each statement that is a call, -1 for the others. */
    private int[][] siteOfStmt = new int[1 << 12][];
    private final LongIntMap csCallSites = new LongIntMap(1 << 12);
    /**
     * Per context-sensitive call site: its callees (context-sensitive methods), ascending in
     * {@code callees[cs][0..calleeCount[cs])}. A sorted array per site, not a hash set of pairs:
     * 2cfa on sablecc has 18.7 million edges from 1.9 million sites.
     */
    private int[][] callees = new int[1 << 12][];
    private int[] calleeCount = new int[1 << 12];
    private final LongIntMap ciEdges = new LongIntMap(1 << 14);
    private final IntList ciEdgeList = new IntList(1 << 14);
    private int csEdgeCount;

    CallGraph(Program program) {
        this.program = program;
    }

    /** Marks {@code csm} reachable; false if it was already. */
    boolean addReachableCs(int csm) {
        if (reachableCs.get(csm)) {
            return false;
        }
        reachableCs.set(csm);
        return true;
    }

    /** Marks {@code m} reachable and numbers its call sites; false if it was already. */
    boolean addReachable(JMethod m, MethodIR ir) {
        if (reachable.get(m.id())) {
            return false;
        }
        reachable.set(m.id());
        reachableOrder.add(m.id());
        int[] sites = null;
        for (int i = 0; i < ir.stmts.length; i++) {
            if (ir.stmts[i] instanceof Invoke inv) {
                if (sites == null) {
                    sites = new int[ir.stmts.length];
                    Arrays.fill(sites, -1);
                }
                sites[i] = addCallSite(inv, m, 0);
            }
        }
        if (m.id() >= siteOfStmt.length) {
            siteOfStmt = Arrays.copyOf(siteOfStmt, Math.max(m.id() + 1, siteOfStmt.length * 2));
        }
        siteOfStmt[m.id()] = sites;
        return true;
    }

    /**
     * Numbers a call site of {@code caller}: one of its IR's statements (origin 0) or a plugin's
     * (origin: the {@link Origins} code of the model that added it).
     */
    int addCallSite(Invoke inv, JMethod caller, int origin) {
        int id = callSites.size();
        callSites.add(inv);
        callSiteCaller.add(caller.id());
        callSiteOrigin.add(origin);
        return id;
    }

    /** Records what made {@code method} reachable when no call edge did ({@link Origins} code). */
    void setReachOrigin(int method, int origin) {
        if (method >= reachOrigin.length) {
            reachOrigin = Arrays.copyOf(reachOrigin, Math.max(method + 1, reachOrigin.length * 2));
        }
        reachOrigin[method] = origin;
    }

    /** Whether the context-insensitive edge from {@code callSite} to method {@code callee} exists. */
    boolean hasEdge(int callSite, int callee) {
        return ciEdges.get(LongIntMap.key(callSite, callee)) >= 0;
    }

    /** The call-site index of statement {@code stmtIndex} of reachable method {@code m}. */
    public int callSiteOf(JMethod m, int stmtIndex) {
        return siteOfStmt[m.id()][stmtIndex];
    }

    /** The index of the context-sensitive call site {@code (callerCsm, callSite)}. */
    private int csCallSite(int callerCsm, int callSite) {
        long key = LongIntMap.key(callerCsm, callSite);
        int cs = csCallSites.get(key);
        if (cs < 0) {
            cs = csCallSites.size();
            csCallSites.put(key, cs);
            if (cs == callees.length) {
                callees = Arrays.copyOf(callees, cs * 2);
                calleeCount = Arrays.copyOf(calleeCount, cs * 2);
            }
        }
        return cs;
    }

    /** Adds {@code calleeCsm} to the callees of context-sensitive call site {@code cs}; false if there. */
    private boolean addCallee(int cs, int calleeCsm) {
        int[] a = callees[cs];
        int n = calleeCount[cs];
        int at = a == null ? -1 : Arrays.binarySearch(a, 0, n, calleeCsm);
        if (at >= 0) {
            return false;
        }
        at = -at - 1;
        if (a == null) {
            a = new int[1];
            callees[cs] = a;
        } else if (n == a.length) {
            a = Arrays.copyOf(a, n + Math.max(1, n >> 1));
            callees[cs] = a;
        }
        System.arraycopy(a, at, a, at + 1, n - at);
        a[at] = calleeCsm;
        calleeCount[cs] = n + 1;
        return true;
    }

    /**
     * Records the edge from call site {@code callSite} in {@code callerCsm} to {@code calleeCsm}
     * (method {@code callee}); false if it was there.
     */
    boolean addEdge(int callerCsm, int callSite, int calleeCsm, int callee) {
        return addEdge(callerCsm, callSite, calleeCsm, callee, 0);
    }

    /** As {@link #addEdge(int, int, int, int)}, a new context-insensitive edge recording {@code origin}. */
    boolean addEdge(int callerCsm, int callSite, int calleeCsm, int callee, int origin) {
        if (!addCallee(csCallSite(callerCsm, callSite), calleeCsm)) {
            return false;
        }
        csEdgeCount++;
        long ci = LongIntMap.key(callSite, callee);
        if (ciEdges.get(ci) < 0) {
            ciEdges.put(ci, origin);
            ciEdgeList.add(callSite);
            ciEdgeList.add(callee);
        }
        return true;
    }

    // ------------------------------------------------------------------ queries

    /** Reachable methods, in discovery order. */
    public IntList reachableMethods() {
        return reachableOrder;
    }

    /** Whether method {@code method} (its id) is reachable in some context. */
    public boolean isReachable(int method) {
        return reachable.get(method);
    }

    public boolean isReachableCs(int csm) {
        return reachableCs.get(csm);
    }

    /** Every call site of a reachable method, by call-site index. */
    public List<Invoke> callSites() {
        return callSites;
    }

    /** The method containing call site {@code callSite}. */
    public JMethod callerOf(int callSite) {
        return program.method(callSiteCaller.get(callSite));
    }

    /** Context-insensitive call edges as pairs {@code callSite, calleeMethod}, in discovery order. */
    public IntList edges() {
        return ciEdgeList;
    }

    /**
     * The model that bound the edge from {@code callSite} to method {@code callee} (the simple name
     * of its class: {@code Invocations}, {@code Finalizers}, ...), or null if the call's own
     * semantics (its dispatch) made it or there is no such edge.
     */
    public String edgeOrigin(int callSite, int callee) {
        int c = ciEdges.get(LongIntMap.key(callSite, callee));
        return c <= 0 ? null : origins.name(c);
    }

    /** The model that added call site {@code callSite}, or null if it is one of its method's statements. */
    public String callSiteOrigin(int callSite) {
        return origins.name(callSiteOrigin.get(callSite));
    }

    /**
     * What made reachable method {@code method} reachable when no call edge did: "entry point",
     * "class initialisation", or a model's name; null if a call edge did (or it is unreachable).
     */
    public String reachOrigin(int method) {
        return method < reachOrigin.length ? origins.name(reachOrigin[method]) : null;
    }

    public int csEdgeCount() {
        return csEdgeCount;
    }
}
