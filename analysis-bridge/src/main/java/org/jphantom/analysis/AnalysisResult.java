package org.jphantom.analysis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.missing.Completion;
import org.jphantom.analysis.pta.entry.EntryPointPolicy;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionReport;
import org.jphantom.analysis.pta.solver.CSManager;
import org.jphantom.analysis.pta.solver.PointsToSet;
import org.jphantom.analysis.pta.plugin.StringOrigins;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;

/**
 * The outcome of one analysis run: the call graph, points-to facts (projected to abstract objects,
 * contexts dropped, for queries) and the metrics of seed 004's Table 1 plus sizes, time and memory.
 *
 * <p>What is built on first request ({@link #stats()}, {@link #reachableMethods()}, {@link
 * #callEdges()}, the contexts of each method behind {@link #pointsTo}) is built once, under the
 * result's lock, and safely published to every thread that asks later. Building reads the {@link
 * Program}, which is not thread-safe (resolution and dispatch add types and methods to it as they
 * are asked): ask for what several threads will read before they start (the CLI builds the
 * statistics before it writes {@code --out} and {@code --html} at once).
 */
public final class AnalysisResult {
    private final AnalysisRequest request;
    private final Program program;
    private final HeapModel heap;
    private final Solver solver;
    private final List<JMethod> entries;
    private final EntryPointPolicy entryPolicy;
    private final RunTimes times;
    private final List<String> warnings;
    private Map<String, Object> stats;
    private final ReflectionReport reflection;
    private final StringOrigins origins;
    private final Completion completion;
    private IntList[] csMethodsByMethod;
    /** {@link #reachableMethods()} and {@link #callEdges()}, once formatted: the solver is done. */
    private List<String> reachable;
    private List<String> edges;

    AnalysisResult(AnalysisRequest request, Program program, HeapModel heap, Solver solver, List<JMethod> entries,
                   EntryPointPolicy entryPolicy, RunTimes times, List<String> warnings, ReflectionReport reflection,
                   StringOrigins origins, Completion completion) {
        this.completion = completion;
        this.request = request;
        this.program = program;
        this.heap = heap;
        this.solver = solver;
        this.entries = List.copyOf(entries);
        this.entryPolicy = entryPolicy;
        this.times = times;
        this.warnings = Collections.unmodifiableList(warnings);
        this.reflection = reflection;
        this.origins = origins;
    }

    /** What the program lacked, and whether it was complemented before the analysis. */
    public Completion completion() {
        return completion;
    }

    /** Where the run's time went. */
    public RunTimes times() {
        return times;
    }

    public AnalysisRequest request() {
        return request;
    }

    public Program program() {
        return program;
    }

    public Solver solver() {
        return solver;
    }

    public List<String> warnings() {
        return warnings;
    }

    /** What the reflection analysis found at each reflective call site (empty when it was off). */
    public ReflectionReport reflection() {
        return reflection;
    }

    public List<JMethod> entries() {
        return entries;
    }

    /** Signatures of the reachable methods, sorted (unmodifiable; formatted on the first call). */
    public synchronized List<String> reachableMethods() {
        if (reachable == null) {
            List<String> out = new ArrayList<>();
            IntList r = solver.callGraph().reachableMethods();
            for (int i = 0; i < r.size(); i++) {
                out.add(program.method(r.get(i)).signature(program));
            }
            Collections.sort(out);
            reachable = Collections.unmodifiableList(out);
        }
        return reachable;
    }

    /** Whether the method declared by an application class (not generated, not library). */
    public boolean isApplication(JMethod m) {
        return program.isApplication(m.declaringType());
    }

    /**
     * Call edges {@code <caller>/<call ordinal> -> <callee>}, contexts dropped, sorted
     * (unmodifiable; formatted on the first call).
     */
    public synchronized List<String> callEdges() {
        if (edges == null) {
            IntList e = solver.callGraph().edges();
            List<String> out = new ArrayList<>(e.size() / 2);
            for (int i = 0; i < e.size(); i += 2) {
                Invoke inv = solver.callSites().get(e.get(i));
                out.add(solver.callGraph().callerOf(e.get(i)).signature(program) + "/" + inv.ordinal + " -> "
                        + program.method(e.get(i + 1)).signature(program));
            }
            Collections.sort(out);
            edges = Collections.unmodifiableList(out);
        }
        return edges;
    }

    /**
     * Points-to sets of the application's variables, contexts dropped, sorted: one line
     * {@code <method>/v<var>@L<line> -> [objects]} per variable that points to something, where
     * the line is the source line of the variable's first statement (0 if unknown).
     */
    public List<String> applicationPointsTo() {
        List<String> out = new ArrayList<>();
        IntList r = solver.callGraph().reachableMethods();
        for (int i = 0; i < r.size(); i++) {
            JMethod m = program.method(r.get(i));
            if (!isApplication(m)) {
                continue;
            }
            MethodIR ir = solver.ir(m);
            int[] lines = new int[ir.varCount];
            for (Stmt st : ir.stmts) {
                int v = definedVar(st);
                if (v >= 0 && lines[v] == 0) {
                    lines[v] = st.line;
                }
            }
            for (int v = 0; v < ir.varCount; v++) {
                BitSet pt = pointsTo(m, v);
                if (pt.isEmpty()) {
                    continue;
                }
                List<String> objs = new ArrayList<>();
                for (int o = pt.nextSetBit(0); o >= 0; o = pt.nextSetBit(o + 1)) {
                    objs.add(heap.describe(o));
                }
                Collections.sort(objs);
                out.add(m.signature(program) + "/v" + v + "@L" + lines[v] + " -> " + objs);
            }
        }
        Collections.sort(out);
        return out;
    }

    private static int definedVar(Stmt s) {
        if (s instanceof org.jphantom.analysis.ir.New n) {
            return n.lhs;
        }
        if (s instanceof org.jphantom.analysis.ir.Copy c) {
            return c.lhs;
        }
        if (s instanceof Cast c) {
            return c.lhs;
        }
        if (s instanceof org.jphantom.analysis.ir.FieldAccess fa && fa.isLoad()) {
            return fa.var;
        }
        if (s instanceof Invoke inv) {
            return inv.lhs;
        }
        return -1;
    }

    /**
     * The application's call graph in Graphviz DOT: one node per reachable application method,
     * an edge per caller/callee pair among them (contexts and call sites dropped), sorted.
     */
    public String applicationCallGraphDot() {
        SortedSet<String> nodes = new TreeSet<>();
        SortedSet<String> edges = new TreeSet<>();
        IntList e = solver.callGraph().edges();
        for (int i = 0; i < e.size(); i += 2) {
            JMethod caller = solver.callGraph().callerOf(e.get(i));
            JMethod callee = program.method(e.get(i + 1));
            if (isApplication(caller) && isApplication(callee)) {
                edges.add("  \"" + caller.signature(program) + "\" -> \"" + callee.signature(program) + "\";");
            }
        }
        IntList r = solver.callGraph().reachableMethods();
        for (int i = 0; i < r.size(); i++) {
            JMethod m = program.method(r.get(i));
            if (isApplication(m)) {
                nodes.add("  \"" + m.signature(program) + "\";");
            }
        }
        StringBuilder sb = new StringBuilder("digraph callgraph {\n  node [shape=box];\n");
        nodes.forEach(n -> sb.append(n).append('\n'));
        edges.forEach(x -> sb.append(x).append('\n'));
        return sb.append("}\n").toString();
    }

    /**
     * The metrics, in a fixed order (see the README for their definitions), computed on the first
     * request (the memory peaks are those of then): a pre-analysis whose result is only read for
     * its points-to sets never pays for them.
     */
    public synchronized Map<String, Object> stats() {
        if (stats == null) {
            stats = computeStats();
        }
        return stats;
    }

    private synchronized IntList csMethodsOf(JMethod m) {
        if (csMethodsByMethod == null) {
            csMethodsByMethod = new IntList[program.methodCount()];
            for (int c = 0; c < solver.cs().csMethodCount(); c++) {
                if (solver.callGraph().isReachableCs(c)) {
                    int id = solver.methodOf(c).id();
                    if (csMethodsByMethod[id] == null) {
                        csMethodsByMethod[id] = new IntList(2);
                    }
                    csMethodsByMethod[id].add(c);
                }
            }
        }
        IntList l = m.id() < csMethodsByMethod.length ? csMethodsByMethod[m.id()] : null;
        return l == null ? new IntList(1) : l;
    }

    /** The abstract objects variable {@code var} of {@code m} may point to in any context. */
    public BitSet pointsTo(JMethod m, int var) {
        BitSet out = new BitSet();
        if (var < 0) {
            return out;
        }
        IntList cs = csMethodsOf(m);
        Set<PointsToSet> read = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < cs.size(); i++) {
            int p = solver.cs().findVarPointer(cs.get(i), var);
            // Pointers with equal sets share one set object (a context-insensitive variable, one pointer): read it once.
            if (p >= 0 && read.add(solver.pointsTo(p))) {
                for (int o : solver.pointsTo(p).toSortedArray()) {
                    out.set(solver.cs().siteOf(o));
                }
            }
        }
        return out;
    }

    /**
     * The types of the abstract objects variable {@code var} of {@code m} may point to in any
     * context: those of {@link #pointsTo}'s objects, read from the sets in place.
     */
    public BitSet pointsToTypes(JMethod m, int var) {
        return typesOf(pointsToSets(m, var));
    }

    /**
     * The solver's points-to sets of variable {@code var} of {@code m}, one per context but each
     * set object once (pointers with equal sets may share one): what a reader that caches by them
     * (receivers on one shared set, say) needs. Empty for {@code var < 0}. Not to be changed.
     */
    public List<PointsToSet> pointsToSets(JMethod m, int var) {
        List<PointsToSet> out = new ArrayList<>(1);
        if (var < 0) {
            return out;
        }
        IntList cs = csMethodsOf(m);
        Set<PointsToSet> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < cs.size(); i++) {
            int p = solver.cs().findVarPointer(cs.get(i), var);
            if (p >= 0 && seen.add(solver.pointsTo(p))) {
                out.add(solver.pointsTo(p));
            }
        }
        return out;
    }

    /** The types of the abstract objects of {@code sets} ({@link #pointsToSets}). */
    public BitSet typesOf(List<PointsToSet> sets) {
        BitSet out = new BitSet();
        for (PointsToSet set : sets) {
            set.anyMatch(o -> {
                int type = heap.typeOf(solver.cs().siteOf(o));
                if (type >= 0) {
                    out.set(type);
                }
                return false;
            });
        }
        return out;
    }

    /** A readable name of an abstract object. */
    public String describe(int obj) {
        return heap.describe(obj);
    }

    public HeapModel heap() {
        return heap;
    }

    private Map<String, Object> computeStats() {
        IntList reach = solver.callGraph().reachableMethods();
        int app = 0;
        long varTuples = 0;
        long csVarTuples = 0;
        long stringTuples = 0;
        int stringType = program.type("java/lang/String");
        long heapTuples = 0;
        int polyCalls = 0;
        int mayFailCasts = 0;
        int casts = 0;
        BitSet sites = new BitSet();
        BitSet counted = new BitSet();
        // Pointers share equal sets (one object per content): read each set once for its String
        // count, and once per variable for its sites. Per set: {String objects, last variable}.
        Map<PointsToSet, long[]> read = new IdentityHashMap<>();
        long variable = 0;
        boolean insensitive = solver.contexts().count() == 1;
        for (int i = 0; i < reach.size(); i++) {
            JMethod m = program.method(reach.get(i));
            if (isApplication(m)) {
                app++;
            }
            MethodIR ir = solver.ir(m);
            IntList cs = csMethodsOf(m);
            for (int v = 0; v < ir.varCount; v++) {
                sites.clear();
                variable++;
                for (int c = 0; c < cs.size(); c++) {
                    int p = solver.cs().findVarPointer(cs.get(c), v);
                    if (p >= 0 && !counted.get(p)) { // a context-insensitive variable's pointer serves all contexts: count it once
                        counted.set(p);
                        PointsToSet s = solver.pointsTo(p);
                        csVarTuples += s.size();
                        long[] known = read.get(s);
                        int[] objs = null;
                        if (known == null) {
                            objs = s.toSortedArray();
                            long strings = 0;
                            for (int o : objs) {
                                if (solver.typeOfObject(o) == stringType) {
                                    strings++;
                                }
                            }
                            known = new long[] {strings, 0};
                            read.put(s, known);
                        }
                        stringTuples += known[0];
                        if (insensitive) {
                            varTuples += s.size();
                            continue;
                        }
                        if (known[1] != variable) {
                            known[1] = variable;
                            for (int o : objs != null ? objs : s.toSortedArray()) {
                                sites.set(solver.cs().siteOf(o));
                            }
                        }
                    }
                }
                varTuples += sites.cardinality();
            }
            for (Stmt s : ir.stmts) {
                if (s instanceof Cast c) {
                    casts++;
                    if (mayFail(c, cs)) {
                        mayFailCasts++;
                    }
                }
            }
        }
        for (int p = 0; p < solver.cs().pointerCount(); p++) {
            if (solver.cs().pointerKind(p) == CSManager.INSTANCE_FIELD || solver.cs().pointerKind(p) == CSManager.STATIC_FIELD) {
                heapTuples += solver.pointsTo(p).size();
            }
        }
        int[] targets = new int[solver.callSites().size()];
        IntList e = solver.callGraph().edges();
        for (int i = 0; i < e.size(); i += 2) {
            targets[e.get(i)]++;
        }
        for (int cs = 0; cs < targets.length; cs++) {
            if (targets[cs] > 1 && solver.callSites().get(cs).isDynamicDispatch()) {
                polyCalls++;
            }
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("context", solver.selector().name());
        s.put("entryPointMode", entryPolicy.mode());
        s.put("jvmStartup", request.entryPoints().jvmStartup());
        if (request.entryPoints().mainArgs() != null) {
            s.put("mainArgs", request.entryPoints().mainArgs());
        }
        if (entryPolicy.packages() != null) {
            s.put("packageVisibility", entryPolicy.packages());
        }
        s.put("entryPoints", entries.size());
        s.put("entryPointConstructors", entries.stream().filter(m -> m.name().equals("<init>")).count());
        s.put("entryPointStaticInitialisers", entries.stream().filter(m -> m.name().equals("<clinit>")).count());
        s.put("reachableMethods", reach.size());
        s.put("applicationReachableMethods", app);
        s.put("callEdges", e.size() / 2);
        s.put("csCallEdges", solver.callGraph().csEdgeCount());
        s.put("csMethods", solver.cs().csMethodCount());
        s.put("polymorphicCallSites", polyCalls);
        s.put("casts", casts);
        s.put("mayFailCasts", mayFailCasts);
        s.put("varPointsTo", varTuples);
        s.put("csVarPointsTo", csVarTuples);
        s.put("stringVarPointsTo", stringTuples);
        int stringObjects = 0;
        for (int o = 0; o < heap.count(); o++) {
            if (heap.typeOf(o) == stringType) {
                stringObjects++;
            }
        }
        s.put("stringObjects", stringObjects);
        if (heap instanceof org.jphantom.analysis.pta.heap.AllocationSiteHeap ash && ash.colouring() != null) {
            Map<String, Object> col = new LinkedHashMap<>();
            col.put("strings", ash.colouring().nodes());
            col.put("colours", ash.colouring().colours());
            col.put("conflictClasses", ash.colouring().conflictClasses());
            col.put("metSelectingNothing", ash.stringsSelectingNothing());
            if (origins != null) {
                col.put("originRounds", origins.rounds());
                col.put("originSearches", origins.searches());
                col.put("originPointersVisited", origins.visited());
                col.put("originMillis", origins.millis());
            }
            s.put("stringColouring", col);
        }
        s.put("heapPointsTo", heapTuples);
        s.put("abstractObjects", heap.count());
        s.put("csObjects", solver.cs().csObjectCount());
        s.put("contexts", solver.contexts().count());
        s.put("pointers", solver.cs().pointerCount());
        int[] kinds = new int[4];
        for (int p = 0; p < solver.cs().pointerCount(); p++) {
            kinds[solver.cs().pointerKind(p)]++;
        }
        Map<String, Object> pk = new LinkedHashMap<>();
        pk.put("variables", kinds[CSManager.VAR]);
        pk.put("instanceFields", kinds[CSManager.INSTANCE_FIELD]);
        pk.put("staticFields", kinds[CSManager.STATIC_FIELD]);
        pk.put("temporaries", kinds[CSManager.TEMP]);
        s.put("pointerKinds", pk);
        s.put("pfgEdges", solver.edgeCount());
        s.put("types", program.typeCount());
        Map<String, Object> missing = new LinkedHashMap<>();
        missing.put("mode", completion.mode().label());
        missing.put("missingClasses", completion.missing().size());
        missing.put("phantomTypes", completion.phantomTypes());
        s.put("missing", missing);
        s.put("reflection", reflection.mode().label());
        if (reflection.mode().infers()) {
            var ro = request.reflectionOptions();
            Map<String, Object> techniques = new LinkedHashMap<>();
            techniques.put("substrings", ro.substrings());
            techniques.put("memberSubstrings", ro.memberSubstrings());
            techniques.put("useBased", ro.useBased().label());
            techniques.put("stringColouring", ro.colouring());
            s.put("reflectionTechniques", techniques);
        }
        s.put("reflectiveSites", reflection.counts());
        s.put("timeMs", times.total() / 1_000_000);
        s.put("mainTimeMs", times.main() / 1_000_000);
        s.put("mainCpuMs", times.mainCpu() / 1_000_000);
        s.put("loadTimeMs", times.load() / 1_000_000);
        s.put("peakHeapMB", peakHeapMb());
        s.put("peakRssMB", peakRssMb());
        Map<String, Object> pre = solver.selector().figures();
        if (!pre.isEmpty()) {
            s.put("preAnalysis", pre);
        }
        return s;
    }

    /**
     * Whether an object the cast's operand may point to (in one of the contexts {@code cs} of its
     * method) fails the cast: the sets are read in place, up to the first such object, without
     * gathering the operand's objects first ({@link #pointsTo}).
     */
    private boolean mayFail(Cast c, IntList cs) {
        if (c.rhs < 0) {
            return false;
        }
        Set<PointsToSet> read = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < cs.size(); i++) {
            int p = solver.cs().findVarPointer(cs.get(i), c.rhs);
            if (p >= 0 && read.add(solver.pointsTo(p))
                    && solver.pointsTo(p).anyMatch(o -> !c.filter.accepts(heap.typeOf(solver.cs().siteOf(o)), program))) {
                return true;
            }
        }
        return false;
    }

    /** The sum of the peak usages of the JVM's heap pools, in MiB. */
    static long peakHeapMb() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum >> 20;
    }

    /** The process' peak resident set size (Linux {@code VmHWM}) in MiB, -1 where unknown. */
    static long peakRssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** The entry-point mode, with the package visibility where it applies ({@code library, closed packages}). */
    public String entryMode() {
        return entryPolicy.mode() + (entryPolicy.packages() == null ? "" : ", " + entryPolicy.packages() + " packages");
    }

    /** A one-line summary for stderr. */
    public String summary() {
        return String.format("analyze (%s): %d reachable methods (%d application), %d call edges, %d polymorphic"
                        + " call sites, %d may-fail casts, %.1f s, peak heap %d MB; entry points: %s (%d)",
                stats().get("context"), stats().get("reachableMethods"), stats().get("applicationReachableMethods"),
                stats().get("callEdges"), stats().get("polymorphicCallSites"), stats().get("mayFailCasts"),
                times.total() / 1e9, stats().get("peakHeapMB"), entryMode(), entries.size())
                + (reflection.mode() == ReflectionMode.NONE ? "" : "; " + reflection.summary());
    }
}
