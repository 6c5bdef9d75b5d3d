package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.IRBuilder;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.ContextInfo;
import org.jphantom.analysis.pta.context.ContextSelector;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;
import org.objectweb.asm.Opcodes;

/**
 * The inclusion-based (Andersen-style) solver with an on-the-fly call graph.
 *
 * <p>Pointers are context-sensitive variables, instance fields of context-sensitive objects (array
 * elements are the field 0) and static fields, each a dense index. The pointer flow graph has an
 * edge {@code p -> q} when everything {@code p} points to may flow to {@code q}, optionally through
 * a {@link TypeFilter} (casts, exception handlers). The work list holds pointers with pending new
 * objects; processing one adds only the difference to its set and propagates only that difference
 * (difference propagation). New objects at a variable trigger the statements that dereference it:
 * field and array accesses add edges, calls select their targets on the receiver's type, pass the
 * receiver itself to the callee's {@code this} (so {@code this} is type-filtered) and add call
 * edges, whose callees become reachable and have their statements instantiated in the callee's
 * context. Classes are initialised (their {@code <clinit>} reachable) when the JVM would:
 * allocation, static field access, static call, and initialisation of a subclass.
 *
 * <p>The solver knows nothing about contexts (a {@link ContextSelector} decides them), the heap
 * abstraction (a {@link HeapModel}) or library semantics (plugins).
 */
public final class Solver implements ContextInfo {
    public static final int VAR = 0;
    public static final int INSTANCE_FIELD = 1;
    public static final int STATIC_FIELD = 2;
    /** A pointer that stands for no variable or field: a plugin's temporary. */
    public static final int TEMP = 3;

    private final Program program;
    private final HeapModel heap;
    private final Contexts contexts;
    private ContextSelector selector;
    private final List<Plugin> plugins;
    private final IRBuilder irBuilder;

    // context-sensitive methods
    private final LongIntMap csMethodIds = new LongIntMap(1 << 12);
    private final IntList csmMethod = new IntList(1 << 12);
    private final IntList csmCtx = new IntList(1 << 12);
    private final BitSet reachableCs = new BitSet();
    private final BitSet reachable = new BitSet();
    private final IntList reachableOrder = new IntList(1 << 12);

    // context-sensitive objects
    private final LongIntMap csObjIds = new LongIntMap(1 << 12);
    private final IntList csObjSite = new IntList(1 << 12);
    private final IntList csObjCtx = new IntList(1 << 12);
    private int[] csObjType = new int[1 << 12];

    // pointers
    private int[][] csmVarPtrs = new int[1 << 12][];
    private final LongIntMap fieldPtrs = new LongIntMap(1 << 14);
    private int[] staticPtrs = new int[256];
    private int pointerCount;
    private byte[] ptrKind = new byte[1 << 14];
    private int[] ptrA = new int[1 << 14];
    private int[] ptrB = new int[1 << 14];
    private PointsToSet[] pts = new PointsToSet[1 << 14];
    /** Objects waiting to be added to each pointer (may repeat; pts decides what is new). */
    private int[][] pending = new int[1 << 14][];
    private int[] pendingCount = new int[1 << 14];
    private PointsToSet[] pendingSet = new PointsToSet[1 << 14];
    private static final int PENDING_LIST = 64;
    private int[][] succ = new int[1 << 14][];
    private int[] succCount = new int[1 << 14];
    private TypeFilter[][] succFilter = new TypeFilter[1 << 14][];
    private int edgeCount;

    // cycle elimination
    /** Union-find parent: a pointer merged into a cycle's representative points (eventually) to it. */
    private int[] parent = new int[1 << 14];
    /**
     * For the representative of merged pointers, the members that statements dereference or that
     * a plugin watches (they get the representative's new objects); null for an unmerged pointer.
     */
    private int[][] duties = new int[1 << 14][];
    /** Unfiltered edges {@code p -> q} that have already started a cycle search. */
    private final LongIntMap cycleTried = new LongIntMap(1 << 10);
    /** Where the next cycle search starts (pointers whose sets looked equal to a predecessor's). */
    private final IntList cycleCandidates = new IntList();
    /** Sets smaller than this do not start cycle searches: collapsing them would save little. */
    private static final int CYCLE_MIN_SIZE = 16;
    private int[] dfsIndex = new int[0];
    private int[] dfsLow = new int[0];
    private int[] dfsMark = new int[0];
    private int dfsEpoch;

    // work list: a ring of pointers with pending objects
    private int[] queue = new int[1 << 12]; // this round's pointers, ascending
    private int qHead;
    private int qSize;
    private int[] next = new int[1 << 12]; // the next round's pointers, in arrival order
    private int nextSize;
    private boolean[] queued = new boolean[1 << 14];

    // call graph
    private final List<Invoke> callSites = new ArrayList<>();
    private final IntList callSiteCaller = new IntList(1 << 12);
    private final LongIntMap csCallSites = new LongIntMap(1 << 12);
    private final LongIntMap csEdges = new LongIntMap(1 << 14);
    private final LongIntMap ciEdges = new LongIntMap(1 << 14);
    private final IntList ciEdgeList = new IntList(1 << 14);
    private int csEdgeCount;

    private final BitSet initialized = new BitSet();
    private final BitSet watched = new BitSet();
    /** Variables that statements dereference or call on (new objects there trigger statements). */
    private final BitSet derefed = new BitSet();
    private final PointsToSet.IntBuffer scratch = new PointsToSet.IntBuffer(64);
    private int[] filtered = new int[256];
    private int[] fresh = new int[256];
    private final PointsToSet.Words edgeWords = new PointsToSet.Words();
    private final PointsToSet.Words deltaWords = new PointsToSet.Words();
    private final PointsToSet.Words freshWords = new PointsToSet.Words();
    private final PointsToSet.Words unionWords = new PointsToSet.Words();

    public Solver(Program program, HeapModel heap, Contexts contexts, List<Plugin> plugins) {
        this.program = program;
        this.heap = heap;
        this.contexts = contexts;
        this.plugins = List.copyOf(plugins);
        this.irBuilder = new IRBuilder(program);
        staticPtrs = new int[256];
        Arrays.fill(staticPtrs, -1);
    }

    /** Sets the context selector (it usually needs this solver as its {@link ContextInfo}). */
    public void setSelector(ContextSelector selector) {
        this.selector = selector;
        for (Plugin p : plugins) {
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

    public IRBuilder irBuilder() {
        return irBuilder;
    }

    // ------------------------------------------------------------------ indices

    /** The context-sensitive method {@code (ctx, method)}. */
    public int csMethod(int ctx, JMethod method) {
        long key = LongIntMap.key(ctx, method.id());
        int id = csMethodIds.get(key);
        if (id < 0) {
            id = csmMethod.size();
            csmMethod.add(method.id());
            csmCtx.add(ctx);
            if (id == csmVarPtrs.length) {
                csmVarPtrs = Arrays.copyOf(csmVarPtrs, id * 2);
            }
            csMethodIds.put(key, id);
        }
        return id;
    }

    public JMethod methodOf(int csMethod) {
        return program.method(csmMethod.get(csMethod));
    }

    public int contextOf(int csMethod) {
        return csmCtx.get(csMethod);
    }

    public int csMethodCount() {
        return csmMethod.size();
    }

    /** The context-sensitive object {@code (heapCtx, site)}. */
    public int csObject(int heapCtx, int site) {
        long key = LongIntMap.key(heapCtx, site);
        int id = csObjIds.get(key);
        if (id < 0) {
            id = csObjSite.size();
            csObjSite.add(site);
            csObjCtx.add(heapCtx);
            if (id == csObjType.length) {
                csObjType = Arrays.copyOf(csObjType, id * 2);
            }
            csObjType[id] = heap.typeOf(site);
            csObjIds.put(key, id);
        }
        return id;
    }

    public int csObjectCount() {
        return csObjSite.size();
    }

    @Override
    public int heapContextOf(int csObject) {
        return csObjCtx.get(csObject);
    }

    @Override
    public int siteOf(int csObject) {
        return csObjSite.get(csObject);
    }

    @Override
    public int typeOfSite(int site) {
        return heap.typeOf(site);
    }

    @Override
    public int allocatingClassOf(int site) {
        int m = heap.methodOf(site);
        return m < 0 ? -1 : program.method(m).declaringType();
    }

    public int typeOfObject(int csObject) {
        return csObjType[csObject];
    }

    /** The pointer of variable {@code var} of a context-sensitive method. */
    public int varPointer(int csMethod, int var) {
        int[] ptrs = csmVarPtrs[csMethod];
        if (ptrs == null) {
            ptrs = new int[program.method(csmMethod.get(csMethod)).ir().varCount];
            Arrays.fill(ptrs, -1);
            csmVarPtrs[csMethod] = ptrs;
        }
        int p = ptrs[var];
        if (p < 0) {
            p = newPointer(VAR, csMethod, var);
            ptrs[var] = p;
        }
        return p;
    }

    /** The pointer of field {@code field} of a context-sensitive object. */
    public int fieldPointer(int csObject, int field) {
        long key = LongIntMap.key(csObject, field);
        int p = fieldPtrs.get(key);
        if (p < 0) {
            p = newPointer(INSTANCE_FIELD, csObject, field);
            fieldPtrs.put(key, p);
        }
        return p;
    }

    public int staticPointer(int field) {
        if (field >= staticPtrs.length) {
            int old = staticPtrs.length;
            staticPtrs = Arrays.copyOf(staticPtrs, Math.max(field + 1, old * 2));
            Arrays.fill(staticPtrs, old, staticPtrs.length, -1);
        }
        int p = staticPtrs[field];
        if (p < 0) {
            p = newPointer(STATIC_FIELD, field, 0);
            staticPtrs[field] = p;
        }
        return p;
    }

    /** A fresh pointer of kind {@link #TEMP}, for a plugin's intermediate values. */
    public int tempPointer() {
        return newPointer(TEMP, -1, -1);
    }

    private int newPointer(int kind, int a, int b) {
        int p = pointerCount++;
        if (p == ptrKind.length) {
            int n = p * 2;
            ptrKind = Arrays.copyOf(ptrKind, n);
            ptrA = Arrays.copyOf(ptrA, n);
            ptrB = Arrays.copyOf(ptrB, n);
            pts = Arrays.copyOf(pts, n);
            pending = Arrays.copyOf(pending, n);
            pendingCount = Arrays.copyOf(pendingCount, n);
            pendingSet = Arrays.copyOf(pendingSet, n);
            succ = Arrays.copyOf(succ, n);
            succCount = Arrays.copyOf(succCount, n);
            succFilter = Arrays.copyOf(succFilter, n);
            queued = Arrays.copyOf(queued, n);
            parent = Arrays.copyOf(parent, n);
            duties = Arrays.copyOf(duties, n);
        }
        parent[p] = p;
        ptrKind[p] = (byte) kind;
        if (kind == VAR && program.method(csmMethod.get(a)).ir().uses(b).length > 0) {
            derefed.set(p);
        }
        ptrA[p] = a;
        ptrB[p] = b;
        pts[p] = new PointsToSet();
        return p;
    }

    public int pointerCount() {
        return pointerCount;
    }

    /** {@link #VAR}, {@link #INSTANCE_FIELD} or {@link #STATIC_FIELD}. */
    public int pointerKind(int p) {
        return ptrKind[p];
    }

    /** Context-sensitive method (variables), context-sensitive object (fields) or field (statics). */
    public int pointerA(int p) {
        return ptrA[p];
    }

    /** Variable (variables) or field (instance fields). */
    public int pointerB(int p) {
        return ptrB[p];
    }

    /** The points-to set of {@code p} (shared by every pointer of a collapsed cycle). */
    public PointsToSet pointsTo(int p) {
        return pts[find(p)];
    }

    /** The representative of {@code p}: itself unless it was merged into a cycle. */
    private int find(int p) {
        int[] up = parent;
        while (up[p] != p) {
            int q = up[up[p]];
            up[p] = q; // path halving
            p = q;
        }
        return p;
    }

    public int edgeCount() {
        return edgeCount;
    }

    // ------------------------------------------------------------------ operations for plugins

    /** Asks for {@link Plugin#onNewPointsTo} calls for {@code pointer}; other pointers are not reported. */
    public void watch(int pointer) {
        boolean had = watched.get(pointer) || derefed.get(pointer);
        watched.set(pointer);
        int r = find(pointer);
        if (!had && duties[r] != null) {
            int[] d = Arrays.copyOf(duties[r], duties[r].length + 1);
            d[d.length - 1] = pointer;
            duties[r] = d;
        }
    }

    /**
     * Queues {@code o} for {@code p}. Pending objects are a plain list while few; past
     * {@value #PENDING_LIST} they move to a set, since a wave of new objects can reach a great many
     * pointers before any of them is processed, each from several predecessors.
     */
    private void push(int p, int o) {
        PointsToSet big = pendingSet[p];
        if (big != null) {
            big.add(o);
        } else {
            int[] a = pending[p];
            int n = pendingCount[p];
            if (a == null) {
                a = new int[4];
                pending[p] = a;
            } else if (n == a.length) {
                if (n >= PENDING_LIST) {
                    pendingBits(p).add(o);
                    if (!queued[p]) {
                        enqueue(p);
                    }
                    return;
                }
                a = Arrays.copyOf(a, n * 2);
                pending[p] = a;
            }
            a[n] = o;
            pendingCount[p] = n + 1;
        }
        if (!queued[p]) {
            enqueue(p);
        }
    }

    /** The pending objects of {@code p} as a bit set, made one (from the list) if needed. */
    private PointsToSet pendingBits(int p) {
        PointsToSet big = pendingSet[p];
        if (big == null) {
            big = PointsToSet.bitSet();
            int[] a = pending[p];
            for (int i = 0, n = pendingCount[p]; i < n; i++) {
                big.add(a[i]);
            }
            pendingSet[p] = big;
            pending[p] = null;
            pendingCount[p] = 0;
        }
        return big;
    }

    /**
     * Whether the unfiltered propagation of {@code n} objects should go a word at a time (into a
     * pending bit set) rather than object by object.
     */
    private static boolean wordWise(int n) {
        return n >= PENDING_LIST;
    }

    /** Queues the objects of {@code delta} that {@code dst} lacks, a word at a time. */
    private boolean propagateBits(PointsToSet.Words delta, int dst) {
        // Only the words dst lacks make its pending set, so a wave that brings it little costs little.
        if (pts[dst].absentWords(delta, freshWords) == 0) {
            return false;
        }
        if (pendingBits(dst).addWords(freshWords) && !queued[dst]) {
            enqueue(dst);
        }
        return true;
    }

    /** Adds {@code csObject} to the points-to set of {@code pointer} (at the next propagation). */
    public void addPointsTo(int pointer, int csObject) {
        pointer = find(pointer);
        if (!pts[pointer].contains(csObject)) {
            push(pointer, csObject);
        }
    }

    /**
     * Adds the edge {@code src -> dst} of the pointer flow graph (not checked for duplicates). An
     * edge within a collapsed cycle is counted but not kept: the cycle's one set already holds all.
     */
    public void addEdge(int src, int dst, TypeFilter filter) {
        src = find(src);
        dst = find(dst);
        if (src == dst) {
            edgeCount++;
            return;
        }
        appendEdge(src, dst, filter);
        edgeCount++;
        PointsToSet from = pts[src];
        if (filter == null && from.isBitSet() && wordWise(from.size())) {
            from.nonEmptyWords(edgeWords);
            propagateBits(edgeWords, dst);
        } else if (!from.isEmpty()) {
            scratch.n = 0;
            from.appendTo(scratch);
            propagate(scratch.a, scratch.n, dst, filter);
        }
    }

    /** Appends {@code src -> dst} to the successors of {@code src} (both representatives). */
    private void appendEdge(int src, int dst, TypeFilter filter) {
        int n = succCount[src];
        int[] s = succ[src];
        if (s == null) {
            s = new int[2];
            succ[src] = s;
        } else if (n == s.length) {
            s = Arrays.copyOf(s, n * 2);
            succ[src] = s;
            if (succFilter[src] != null) {
                succFilter[src] = Arrays.copyOf(succFilter[src], n * 2);
            }
        }
        s[n] = dst;
        if (filter != null) {
            if (succFilter[src] == null) {
                succFilter[src] = new TypeFilter[s.length];
            }
            succFilter[src][n] = filter;
        }
        succCount[src] = n + 1;
    }

    /**
     * Queues the objects {@code objs[0..n)} (ascending) that pass {@code filter} and that
     * {@code dst} lacks; returns how many it lacked.
     */
    private int propagate(int[] objs, int n, int dst, TypeFilter filter) {
        int[] src = objs;
        int m = n;
        if (filter != null) {
            if (filtered.length < n) {
                filtered = new int[Math.max(n, filtered.length * 2)];
            }
            m = 0;
            for (int i = 0; i < n; i++) {
                if (filter.accepts(csObjType[objs[i]], program)) {
                    filtered[m++] = objs[i];
                }
            }
            src = filtered;
        }
        if (fresh.length < m) {
            fresh = new int[Math.max(m, fresh.length * 2)];
        }
        int k = pts[dst].absent(src, m, fresh);
        for (int i = 0; i < k; i++) {
            push(dst, fresh[i]);
        }
        return k;
    }

    private void enqueue(int p) {
        if (nextSize == next.length) {
            next = Arrays.copyOf(next, nextSize * 2);
        }
        next[nextSize++] = p;
        queued[p] = true;
    }

    /**
     * Starts the next round: the pointers queued since the last one, in ascending order (roughly
     * the order of discovery, so sources before what they feed), each once. A pointer that gains
     * objects again while its round runs waits in the round, so its objects arrive together.
     */
    private boolean nextRound() {
        if (!cycleCandidates.isEmpty()) {
            collapseCycles();
        }
        if (nextSize == 0) {
            return false;
        }
        int[] t = queue;
        queue = next;
        next = t;
        qSize = nextSize;
        qHead = 0;
        nextSize = 0;
        Arrays.sort(queue, 0, qSize);
        return true;
    }

    // ------------------------------------------------------------------ cycle elimination

    /*
     * Lazy cycle detection (Hardekopf and Lin, PLDI 2007). Along a cycle of unfiltered edges every
     * pointer ends with the same set, so the cycle can become one pointer: one set, one pending
     * list, the union of the out-edges. A cycle shows itself when propagation along an unfiltered
     * edge p -> q brings q nothing and q's set is as large as p's; the first time an edge does so,
     * q is noted, and before the next round a search from the noted pointers finds the strongly
     * connected components over unfiltered edges and collapses each. Edges with a type filter are
     * never followed: their ends may differ.
     *
     * Merged pointers keep their identity for callers (a variable's pointer stays its id) but every
     * operation goes to the representative, find(p). Members that statements dereference or that
     * plugins watch are listed in duties[rep] and get each of the representative's new objects.
     */

    /** Notes that the unfiltered edge {@code p -> q} brought nothing: {@code q} may close a cycle. */
    private void suspectCycle(int p, int q) {
        int n = pts[p].size();
        if (n >= CYCLE_MIN_SIZE && pts[q].size() == n) {
            long key = LongIntMap.key(p, q);
            if (cycleTried.get(key) < 0) {
                cycleTried.put(key, 1);
                cycleCandidates.add(q);
            }
        }
    }

    /**
     * Finds the strongly connected components over unfiltered edges reachable from the candidates
     * (Tarjan's algorithm, iterative) and collapses those of more than one pointer.
     */
    private void collapseCycles() {
        int n = pointerCount;
        if (dfsMark.length < n) {
            int c = Math.max(n, dfsMark.length * 2);
            dfsIndex = new int[c];
            dfsLow = new int[c];
            dfsMark = Arrays.copyOf(dfsMark, c);
        }
        int epoch = ++dfsEpoch; // dfsMark[v] == epoch: v visited; then dfsIndex[v] < 0: v's component is done
        IntList stack = new IntList();
        IntList path = new IntList(); // the DFS path: pointer, next edge to try
        List<int[]> components = new ArrayList<>();
        int counter = 0;
        for (int c = 0; c < cycleCandidates.size(); c++) {
            int root = find(cycleCandidates.get(c));
            if (dfsMark[root] == epoch) {
                continue;
            }
            dfsMark[root] = epoch;
            dfsIndex[root] = dfsLow[root] = counter++;
            stack.add(root);
            path.add(root);
            path.add(0);
            while (!path.isEmpty()) {
                int top = path.size() - 2;
                int v = path.get(top);
                int i = path.get(top + 1);
                if (i < succCount[v]) {
                    path.set(top + 1, i + 1);
                    TypeFilter[] fv = succFilter[v];
                    if (fv != null && fv[i] != null) {
                        continue;
                    }
                    int w = find(succ[v][i]);
                    if (w == v) {
                        continue;
                    }
                    if (dfsMark[w] != epoch) {
                        dfsMark[w] = epoch;
                        dfsIndex[w] = dfsLow[w] = counter++;
                        stack.add(w);
                        path.add(w);
                        path.add(0);
                    } else if (dfsIndex[w] >= 0) {
                        dfsLow[v] = Math.min(dfsLow[v], dfsIndex[w]);
                    }
                    continue;
                }
                path.pop();
                path.pop();
                if (!path.isEmpty()) {
                    int u = path.get(path.size() - 2);
                    dfsLow[u] = Math.min(dfsLow[u], dfsLow[v]);
                }
                if (dfsLow[v] == dfsIndex[v]) {
                    int size = 0;
                    int w;
                    do {
                        w = stack.get(stack.size() - 1 - size);
                        size++;
                    } while (w != v);
                    int[] comp = new int[size];
                    for (int k = 0; k < size; k++) {
                        comp[k] = stack.pop();
                        dfsIndex[comp[k]] = -1;
                    }
                    if (size > 1) {
                        components.add(comp);
                    }
                }
            }
        }
        cycleCandidates.clear();
        for (int[] comp : components) {
            collapse(comp);
        }
    }

    /**
     * Merges the pointers {@code members} (representatives, a cycle of unfiltered edges) into one.
     * Each member had exactly its old set delivered (to its successors, to the statements that
     * dereference it, to watching plugins), so each gets, once, what the union adds to it; pending
     * objects move to the representative, which delivers them to all.
     */
    private void collapse(int[] members) {
        Arrays.sort(members);
        int r = members[0];
        for (int m : members) {
            if (pts[m].size() > pts[r].size()) {
                r = m; // the largest set: the fewest objects to add
            }
        }
        int k = members.length;
        PointsToSet[] oldPts = new PointsToSet[k];
        int[][] oldSucc = new int[k][];
        int[] oldSuccCount = new int[k];
        TypeFilter[][] oldFilter = new TypeFilter[k][];
        int[][] oldDuty = new int[k][];
        long total = 0;
        boolean arrays = true;
        for (int j = 0; j < k; j++) {
            int m = members[j];
            oldPts[j] = pts[m];
            oldSucc[j] = succ[m];
            oldSuccCount[j] = succCount[m];
            oldFilter[j] = succFilter[m];
            oldDuty[j] = duties[m] != null ? duties[m]
                    : derefed.get(m) || watched.get(m) ? new int[] {m} : new int[0];
            total += pts[m].size();
            arrays &= !pts[m].isBitSet();
        }
        PointsToSet union = arrays && total <= 256 ? new PointsToSet() : PointsToSet.bitSet();
        for (PointsToSet old : oldPts) {
            if (union.isBitSet() && old.isBitSet()) {
                old.nonEmptyWords(edgeWords);
                union.addWords(edgeWords);
            } else {
                scratch.n = 0;
                old.appendTo(scratch);
                for (int i = 0; i < scratch.n; i++) {
                    union.add(scratch.a[i]);
                }
            }
        }
        // Make r the one pointer of the cycle; the members' pending objects become r's.
        pts[r] = union;
        int dutyCount = 0;
        for (int j = 0; j < k; j++) {
            int m = members[j];
            PointsToSet waiting = pendingSet[m];
            int[] list = pending[m];
            int listCount = pendingCount[m];
            pending[m] = null;
            pendingCount[m] = 0;
            pendingSet[m] = null;
            if (m != r) {
                pts[m] = null;
                parent[m] = r;
            }
            if (waiting != null) {
                waiting.nonEmptyWords(edgeWords);
                pendingBits(r).addWords(edgeWords);
            } else {
                for (int i = 0; i < listCount; i++) {
                    if (!union.contains(list[i])) {
                        push(r, list[i]);
                    }
                }
            }
            succ[m] = null;
            succCount[m] = 0;
            succFilter[m] = null;
            duties[m] = null;
            dutyCount += oldDuty[j].length;
        }
        if (pendingSet[r] != null && !pendingSet[r].isEmpty() && !queued[r]) {
            enqueue(r);
        }
        int[] duty = new int[dutyCount];
        dutyCount = 0;
        for (int[] d : oldDuty) {
            System.arraycopy(d, 0, duty, dutyCount, d.length);
            dutyCount += d.length;
        }
        duties[r] = duty;
        // r's out-edges: the members', without those inside the cycle and unfiltered duplicates.
        // An unfiltered one gets the whole union (its target has the part from its own member).
        PointsToSet.IntBuffer plain = new PointsToSet.IntBuffer(16);
        boolean[] filteredOut = new boolean[k];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < oldSuccCount[j]; i++) {
                int q = find(oldSucc[j][i]);
                TypeFilter f = oldFilter[j] == null ? null : oldFilter[j][i];
                if (q == r) {
                    continue;
                }
                if (f == null) {
                    plain.add(q);
                } else {
                    appendEdge(r, q, f);
                    filteredOut[j] = true;
                }
            }
        }
        Arrays.sort(plain.a, 0, plain.n);
        int[] all = null;
        if (union.isBitSet()) {
            union.nonEmptyWords(unionWords);
        } else {
            all = union.toSortedArray();
        }
        for (int i = 0; i < plain.n; i++) {
            int q = plain.a[i];
            if (i == 0 || q != plain.a[i - 1]) {
                appendEdge(r, q, null);
                if (all == null) {
                    propagateBits(unionWords, q);
                } else {
                    propagate(all, all.length, q, null);
                }
            }
        }
        // Along filtered edges, and to its duties, each member's gain: what the union adds to its set.
        for (int j = 0; j < k; j++) {
            if (!filteredOut[j] && oldDuty[j].length == 0) {
                continue;
            }
            int[] gain = missing(union, oldPts[j]);
            if (gain.length == 0) {
                continue;
            }
            if (filteredOut[j]) {
                for (int i = 0; i < oldSuccCount[j]; i++) {
                    int q = find(oldSucc[j][i]);
                    TypeFilter f = oldFilter[j][i];
                    if (q != r && f != null) {
                        propagate(gain, gain.length, q, f);
                    }
                }
            }
            for (int m : oldDuty[j]) {
                notifyNew(m, gain);
            }
        }
    }

    /** The elements of {@code all} that its subset {@code part} lacks, ascending. */
    private int[] missing(PointsToSet all, PointsToSet part) {
        if (part.size() == all.size()) {
            return new int[0];
        }
        if (all.isBitSet()) {
            all.nonEmptyWords(deltaWords);
            part.absentWords(deltaWords, freshWords);
            return freshWords.toArray();
        }
        int[] elems = all.toSortedArray();
        int[] out = new int[elems.length];
        int n = part.absent(elems, elems.length, out);
        return Arrays.copyOf(out, n);
    }

    // ------------------------------------------------------------------ entry

    /** Makes {@code method} reachable in the empty context (and initialises its class). */
    public int addEntry(JMethod method) {
        initClass(method.declaringType());
        int csm = csMethod(Contexts.EMPTY, method);
        addReachable(csm);
        return csm;
    }

    /**
     * Initialises {@code type} as the JVM would (JVMS 5.5): its super class and the superinterfaces
     * that declare default methods first, then its {@code <clinit>}.
     */
    public void initClass(int type) {
        if (type < 0 || initialized.get(type)) {
            return;
        }
        initialized.set(type);
        if (program.isArray(type)) {
            return;
        }
        if (!program.isInterface(type)) {
            initClass(program.superClass(type));
            for (int itf : program.interfacesInitialisedWith(type)) {
                initClass(itf);
            }
        }
        JMethod clinit = program.clinit(type);
        if (clinit != null) {
            addReachable(csMethod(Contexts.EMPTY, clinit));
        }
    }

    /** The IR of {@code m}, built on first request: a plugin's body, else the bytecode, else a plugin's model. */
    public MethodIR ir(JMethod m) {
        MethodIR ir = m.ir();
        if (ir == null) {
            for (Plugin p : plugins) {
                ir = p.body(m);
                if (ir != null) {
                    break;
                }
            }
            if (ir == null) {
                var code = program.code(m);
                if (code != null) {
                    ir = irBuilder.build(m, code);
                }
            }
            if (ir == null) {
                for (Plugin p : plugins) {
                    ir = p.bodyWithoutCode(m);
                    if (ir != null) {
                        break;
                    }
                }
            }
            if (ir == null) {
                ir = new MethodIR.Builder(m).build();
            }
            m.setIr(ir);
        }
        return ir;
    }

    /** Makes a context-sensitive method reachable and instantiates its statements. */
    public void addReachable(int csm) {
        if (reachableCs.get(csm)) {
            return;
        }
        reachableCs.set(csm);
        JMethod m = methodOf(csm);
        MethodIR ir = ir(m);
        if (!reachable.get(m.id())) {
            reachable.set(m.id());
            reachableOrder.add(m.id());
            for (Stmt s : ir.stmts) {
                if (s instanceof Invoke inv && inv.id < 0) {
                    inv.id = callSites.size();
                    callSites.add(inv);
                    callSiteCaller.add(m.id());
                }
            }
            for (Plugin p : plugins) {
                p.onNewMethod(m);
            }
        }
        for (Plugin p : plugins) {
            p.onNewCSMethod(csm);
        }
        int ctx = csmCtx.get(csm);
        for (Stmt s : ir.stmts) {
            switch (s.kind) {
                case Stmt.NEW: {
                    New n = (New) s;
                    if (n.what == New.Kind.NEW) {
                        initClass(n.type);
                    }
                    if (n.lhs >= 0) {
                        int site = heap.objectOf(m, n);
                        int hctx = heap.isShared(site) ? Contexts.EMPTY : selector.heapContext(ctx, m, site);
                        int o = csObject(hctx, site);
                        addPointsTo(varPointer(csm, n.lhs), o);
                    }
                    break;
                }
                case Stmt.COPY: {
                    Copy c = (Copy) s;
                    addEdge(varPointer(csm, c.rhs), varPointer(csm, c.lhs), c.filter);
                    break;
                }
                case Stmt.CAST: {
                    Cast c = (Cast) s;
                    addEdge(varPointer(csm, c.rhs), varPointer(csm, c.lhs), c.filter);
                    break;
                }
                case Stmt.LOAD_STATIC: {
                    FieldAccess fa = (FieldAccess) s;
                    initClass(program.type(fa.field.owner()));
                    if (fa.var >= 0) {
                        addEdge(staticPointer(fa.field.id()), varPointer(csm, fa.var), null);
                    }
                    break;
                }
                case Stmt.STORE_STATIC: {
                    FieldAccess fa = (FieldAccess) s;
                    initClass(program.type(fa.field.owner()));
                    if (fa.var >= 0) {
                        addEdge(varPointer(csm, fa.var), staticPointer(fa.field.id()), null);
                    }
                    break;
                }
                case Stmt.INVOKE: {
                    Invoke inv = (Invoke) s;
                    if (inv.opcode == Opcodes.INVOKESTATIC) {
                        JMethod target = resolve(inv);
                        if (target != null && target.isStatic()) {
                            initClass(target.declaringType());
                            addCallEdge(csm, inv, csMethod(selector.staticCall(ctx, inv.id, target), target));
                        }
                    }
                    break;
                }
                default:
                    break; // instance accesses and calls wait for their base's objects
            }
        }
    }

    private JMethod resolve(Invoke inv) {
        if (!inv.resolvedDone) {
            inv.resolved = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
            inv.resolvedDone = true;
        }
        return inv.resolved;
    }

    /** Adds the call edge (if new) and its parameter, return and exception edges. */
    public void addCallEdge(int callerCsm, Invoke inv, int calleeCsm) {
        int csSite = csCallSites.get(LongIntMap.key(callerCsm, inv.id));
        if (csSite < 0) {
            csSite = csCallSites.size();
            csCallSites.put(LongIntMap.key(callerCsm, inv.id), csSite);
        }
        long edge = LongIntMap.key(csSite, calleeCsm);
        if (csEdges.get(edge) >= 0) {
            return;
        }
        csEdges.put(edge, 1);
        csEdgeCount++;
        int callee = csmMethod.get(calleeCsm);
        long ci = LongIntMap.key(inv.id, callee);
        if (ciEdges.get(ci) < 0) {
            ciEdges.put(ci, 1);
            ciEdgeList.add(inv.id);
            ciEdgeList.add(callee);
        }
        addReachable(calleeCsm);
        MethodIR cir = program.method(callee).ir();
        int n = Math.min(inv.args.length, cir.paramVars.length);
        for (int k = 0; k < n; k++) {
            int a = inv.args[k];
            int pv = cir.paramVars[k];
            if (a >= 0 && pv >= 0) {
                addEdge(varPointer(callerCsm, a), varPointer(calleeCsm, pv), null);
            }
        }
        if (inv.lhs >= 0 && cir.retVar >= 0) {
            addEdge(varPointer(calleeCsm, cir.retVar), varPointer(callerCsm, inv.lhs), null);
        }
        if (inv.exception >= 0 && cir.throwVar >= 0) {
            addEdge(varPointer(calleeCsm, cir.throwVar), varPointer(callerCsm, inv.exception), null);
        }
        for (Plugin p : plugins) {
            p.onNewCallEdge(inv.id, callerCsm, calleeCsm);
        }
    }

    // ------------------------------------------------------------------ fixpoint

    /** Propagates until nothing changes. */
    public void solve() {
        for (Plugin p : plugins) {
            p.onStart();
        }
        PointsToSet.IntBuffer deltaBuf = new PointsToSet.IntBuffer(1024);
        while (qHead < qSize || nextRound()) {
            int p = queue[qHead++];
            queued[p] = false;
            if (parent[p] != p) {
                continue; // merged into a cycle since it was queued; its objects went to the representative
            }
            PointsToSet set = pts[p];
            // The difference, as a sorted array (pend[0..dn)), a bit set (deltaBits), or both.
            int[] pend = pending[p];
            int dn = pendingCount[p];
            PointsToSet deltaBits = pendingSet[p];
            pending[p] = null;
            pendingCount[p] = 0;
            pendingSet[p] = null;
            if (deltaBits != null) {
                if (set.isBitSet()) {
                    dn = set.addAllKeepingNew(deltaBits); // deltaBits is now the difference
                    pend = null;
                } else {
                    deltaBuf.n = 0;
                    deltaBits.appendTo(deltaBuf);
                    pend = deltaBuf.toArray();
                    dn = addNew(set, pend, pend.length);
                    deltaBits = null;
                }
            } else if (pend != null) {
                dn = addNew(set, pend, dn);
                Arrays.sort(pend, 0, dn);
            } else {
                continue;
            }
            if (dn == 0) {
                continue;
            }
            int[] s = succ[p];
            int sn = succCount[p];
            TypeFilter[] filters = succFilter[p];
            boolean haveWords = false;
            for (int i = 0; i < sn; i++) {
                int q = s[i];
                if (parent[q] != q) {
                    q = find(q);
                    s[i] = q; // the edge now ends at the representative of q's cycle
                }
                if (q == p) {
                    continue;
                }
                TypeFilter filter = filters == null ? null : filters[i];
                if (filter == null && wordWise(dn)) {
                    if (!haveWords) {
                        if (deltaBits == null) {
                            deltaBits = PointsToSet.bitSet();
                            for (int k = 0; k < dn; k++) {
                                deltaBits.add(pend[k]);
                            }
                        }
                        deltaBits.nonEmptyWords(deltaWords);
                        haveWords = true;
                    }
                    if (!propagateBits(deltaWords, q)) {
                        suspectCycle(p, q);
                    }
                } else {
                    if (pend == null) {
                        pend = deltaBits.toSortedArray();
                    }
                    if (propagate(pend, dn, q, filter) == 0 && filter == null) {
                        suspectCycle(p, q);
                    }
                }
            }
            int[] duty = duties[p];
            if (duty == null ? derefed.get(p) || watched.get(p) : duty.length > 0) {
                if (pend == null) {
                    pend = deltaBits.toSortedArray();
                }
                int[] objs = dn == pend.length ? pend : Arrays.copyOf(pend, dn);
                if (duty == null) {
                    notifyNew(p, objs);
                } else {
                    for (int m : duty) {
                        notifyNew(m, objs);
                    }
                }
            }
        }
        for (Plugin p : plugins) {
            p.onFinish();
        }
    }

    /** Runs the statements that dereference {@code p} and the plugins watching it on its new objects. */
    private void notifyNew(int p, int[] objs) {
        if (derefed.get(p)) {
            onNewVarObjects(ptrA[p], ptrB[p], objs);
        }
        if (watched.get(p)) {
            for (Plugin pl : plugins) {
                pl.onNewPointsTo(p, objs);
            }
        }
    }

    /** Adds {@code objs[0..n)} to {@code set}, keeping in {@code objs[0..k)} the k that were new. */
    private static int addNew(PointsToSet set, int[] objs, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (set.add(objs[i])) {
                objs[k++] = objs[i];
            }
        }
        return k;
    }

    private void onNewVarObjects(int csm, int var, int[] objs) {
        MethodIR ir = program.method(csmMethod.get(csm)).ir();
        int[] uses = ir.uses(var);
        if (uses.length == 0) {
            return;
        }
        for (int u : uses) {
            Stmt s = ir.stmts[u];
            switch (s.kind) {
                case Stmt.LOAD_FIELD:
                case Stmt.LOAD_ARRAY: {
                    FieldAccess fa = (FieldAccess) s;
                    int dst = varPointer(csm, fa.var);
                    int f = fa.field.id();
                    for (int o : objs) {
                        addEdge(fieldPointer(o, f), dst, null);
                    }
                    break;
                }
                case Stmt.STORE_FIELD:
                case Stmt.STORE_ARRAY: {
                    FieldAccess fa = (FieldAccess) s;
                    int src = varPointer(csm, fa.var);
                    int f = fa.field.id();
                    for (int o : objs) {
                        addEdge(src, fieldPointer(o, f), null);
                    }
                    break;
                }
                case Stmt.INVOKE:
                    instanceCall(csm, (Invoke) s, objs);
                    break;
                default:
                    break;
            }
        }
    }

    private void instanceCall(int csm, Invoke inv, int[] receivers) {
        JMethod resolved = resolve(inv);
        if (resolved == null) {
            return;
        }
        boolean dynamic = inv.isDynamicDispatch();
        JMethod special = dynamic ? null : (resolved.isAbstract() || resolved.isStatic() ? null : resolved);
        if (!dynamic && special == null) {
            return;
        }
        int ctx = csmCtx.get(csm);
        // Receivers come in ascending order, so the objects of one site (one type) are adjacent:
        // dispatch once per type and add each call edge once per run of one callee.
        int lastType = -1;
        JMethod target = special;
        int lastCallee = -1;
        for (int o : receivers) {
            if (dynamic && csObjType[o] != lastType) {
                lastType = csObjType[o];
                target = program.dispatch(lastType, resolved);
            }
            if (target == null) {
                continue;
            }
            int calleeCsm = csMethod(selector.instanceCall(ctx, inv.id, o, target), target);
            if (calleeCsm != lastCallee) {
                addReachable(calleeCsm);
                addCallEdge(csm, inv, calleeCsm);
                lastCallee = calleeCsm;
            }
            MethodIR cir = target.ir();
            if (cir.thisVar >= 0) {
                addPointsTo(varPointer(calleeCsm, cir.thisVar), o);
            }
        }
    }

    // ------------------------------------------------------------------ results

    public boolean isReachable(JMethod m) {
        return reachable.get(m.id());
    }

    /** Reachable methods, in discovery order. */
    public IntList reachableMethods() {
        return reachableOrder;
    }

    public boolean isReachableCs(int csm) {
        return reachableCs.get(csm);
    }

    /** Every call site of a reachable method, by call-site index. */
    public List<Invoke> callSites() {
        return callSites;
    }

    /** The method containing call site {@code id}. */
    public JMethod callerOf(int callSite) {
        return program.method(callSiteCaller.get(callSite));
    }

    /** Context-insensitive call edges as pairs {@code callSite, calleeMethod}. */
    public IntList callEdges() {
        return ciEdgeList;
    }

    public int csCallEdgeCount() {
        return csEdgeCount;
    }

    /** Looks up the pointer of a variable without creating it; -1 if absent. */
    public int findVarPointer(int csMethod, int var) {
        int[] ptrs = csmVarPtrs[csMethod];
        return ptrs == null || var >= ptrs.length ? -1 : ptrs[var];
    }

    /** Every context-sensitive method of {@code m} that is reachable. */
    public IntList csMethodsOf(JMethod m) {
        IntList out = new IntList();
        for (int c = 0; c < csmMethod.size(); c++) {
            if (csmMethod.get(c) == m.id() && reachableCs.get(c)) {
                out.add(c);
            }
        }
        return out;
    }
}
