package org.jphantom.analysis.graph;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.CallGraph;
import org.jphantom.analysis.util.IntList;

/**
 * The context-insensitive call graph of a finished analysis, indexed for reading: the call sites of
 * each reachable method (ordered by call ordinal, then bytecode offset), the callees of each call
 * site and the call sites that call each method (both ordered by the methods' signatures). Built
 * once from the solver's edge list; never changes.
 *
 * <p>What it answers about reachable methods and call sites (their signatures, declaring classes,
 * whether they are application code, the call sites, callers and callees) is copied into arrays
 * when it is built, so once built and handed over (a thread start, say) it may be read from several
 * threads at once, even while another thread uses the {@link Program}, which is not thread-safe and
 * grows as it is asked. Only {@link #signature} of a method that is neither reachable nor in a call
 * edge, {@link #isApplication} of one that is not reachable, and {@link #program()} itself, go back
 * to the program.
 */
public final class MethodGraph {
    private static final int[] NONE = new int[0];

    private final Program program;
    private final CallGraph cg;
    /** The program's methods and type names when the graph was built: the program may grow later. */
    private final JMethod[] methods;
    private final String[] typeNames;
    private final BitSet reachableSet = new BitSet();
    private final BitSet application = new BitSet();
    private final int[] reachable;
    private final String[] signatures;
    private final Invoke[] sites;
    private final int[] siteCaller;
    private final int[][] sitesOf;
    private final int[][] targetsOf;
    private final int[][] callersOf;

    private MethodGraph(AnalysisResult result) {
        this.program = result.program();
        this.cg = result.solver().callGraph();
        int n = program.methodCount();
        methods = new JMethod[n];
        for (int m = 0; m < n; m++) {
            methods[m] = program.method(m);
        }
        typeNames = new String[program.typeCount()];
        for (int t = 0; t < typeNames.length; t++) {
            typeNames[t] = program.typeName(t);
        }
        signatures = new String[n];
        IntList r = cg.reachableMethods();
        Integer[] order = new Integer[r.size()];
        for (int i = 0; i < order.length; i++) {
            int m = r.get(i);
            order[i] = m;
            signatures[m] = methods[m].signature(program);
            reachableSet.set(m);
            if (program.isApplication(methods[m].declaringType())) {
                application.set(m);
            }
        }
        Arrays.sort(order, Comparator.comparing(m -> signatures[m]));
        reachable = Arrays.stream(order).mapToInt(Integer::intValue).toArray();

        List<Invoke> calls = cg.callSites();
        sites = calls.toArray(new Invoke[0]);
        siteCaller = new int[sites.length];
        int[] siteCount = new int[n];
        for (int s = 0; s < sites.length; s++) {
            int m = cg.callerOf(s).id();
            siteCaller[s] = m;
            siteCount[m]++;
            if (signatures[m] == null) { // a caller is reachable, but for a model's site, perhaps
                signatures[m] = methods[m].signature(program);
            }
        }
        sitesOf = new int[n][];
        for (int s = 0; s < sites.length; s++) {
            int m = siteCaller[s];
            if (sitesOf[m] == null) {
                sitesOf[m] = new int[siteCount[m]];
                siteCount[m] = 0;
            }
            sitesOf[m][siteCount[m]++] = s;
        }
        for (int m = 0; m < n; m++) {
            if (sitesOf[m] != null) {
                sortSites(sitesOf[m]);
            }
        }

        // Two passes instead of sorts: callers gathered per callee in any order; walking the
        // callees in signature order over them gives each site its targets by signature; walking
        // the callers in signature order over their sites and targets gives each callee its callers
        // by caller signature, then site order.
        IntList e = cg.edges();
        int[][] unordered = group(e, 1, 0, n);
        for (int t = 0; t < n; t++) {
            if (unordered[t] != null && signatures[t] == null) { // so is a callee
                signatures[t] = methods[t].signature(program);
            }
        }
        targetsOf = new int[sites.length][];
        int[] targetCount = new int[sites.length];
        for (int i = 0; i < e.size(); i += 2) {
            targetCount[e.get(i)]++;
        }
        for (int t : calleesInOrder(unordered)) {
            for (int s : unordered[t]) {
                if (targetsOf[s] == null) {
                    targetsOf[s] = new int[targetCount[s]];
                    targetCount[s] = 0;
                }
                targetsOf[s][targetCount[s]++] = t;
            }
        }
        callersOf = new int[n][];
        int[] callerCount = new int[n];
        for (int t = 0; t < n; t++) {
            callerCount[t] = unordered[t] == null ? 0 : unordered[t].length;
        }
        Arrays.fill(unordered, null);
        for (int m : callersInOrder()) {
            for (int s : sitesOf(m)) {
                for (int t : targetsOf(s)) {
                    if (callersOf[t] == null) {
                        callersOf[t] = new int[callerCount[t]];
                        callerCount[t] = 0;
                    }
                    callersOf[t][callerCount[t]++] = s;
                }
            }
        }
    }

    /** The second members of the pairs of {@code e} grouped by their first ({@code key} 0 or 1), in list order. */
    private static int[][] group(IntList e, int key, int value, int n) {
        int[] count = new int[n];
        for (int i = 0; i < e.size(); i += 2) {
            count[e.get(i + key)]++;
        }
        int[][] out = new int[n][];
        for (int i = 0; i < e.size(); i += 2) {
            int k = e.get(i + key);
            if (out[k] == null) {
                out[k] = new int[count[k]];
                count[k] = 0;
            }
            out[k][count[k]++] = e.get(i + value);
        }
        return out;
    }

    /**
     * The callees of {@code callers} (non-null entries) in signature order. Every callee is
     * reachable (the solver makes a callee reachable when it adds the edge); one that were not
     * would follow the reachable ones, by id.
     */
    private int[] calleesInOrder(int[][] callers) {
        IntList out = new IntList(reachable.length);
        for (int m : reachable) {
            if (callers[m] != null) {
                out.add(m);
            }
        }
        for (int m = 0; m < callers.length; m++) {
            if (callers[m] != null && !reachableSet.get(m)) {
                out.add(m);
            }
        }
        return out.toArray();
    }

    /** The methods with call sites in signature order (reachable ones; a plugin's site in another, by id, after them). */
    private int[] callersInOrder() {
        IntList out = new IntList(reachable.length);
        for (int m : reachable) {
            out.add(m);
        }
        for (int m = 0; m < sitesOf.length; m++) {
            if (sitesOf[m] != null && !reachableSet.get(m)) {
                out.add(m);
            }
        }
        return out.toArray();
    }

    /** Sorts one method's call sites by ordinal, then bytecode offset, then index; usually they are in order already. */
    private void sortSites(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (compareSites(a[i - 1], a[i]) > 0) {
                Integer[] boxed = Arrays.stream(a).boxed().toArray(Integer[]::new);
                Arrays.sort(boxed, this::compareSites);
                for (int j = 0; j < a.length; j++) {
                    a[j] = boxed[j];
                }
                return;
            }
        }
    }

    private int compareSites(int x, int y) {
        int c = Integer.compare(sites[x].ordinal, sites[y].ordinal);
        if (c == 0) {
            c = Integer.compare(sites[x].pc, sites[y].pc);
        }
        return c != 0 ? c : Integer.compare(x, y);
    }

    /** The graph of {@code result}. */
    public static MethodGraph of(AnalysisResult result) {
        return new MethodGraph(result);
    }

    /** The program the graph was built from: not thread-safe, and it may have grown since. */
    public Program program() {
        return program;
    }

    /** The reachable methods' ids, by signature. */
    public int[] reachable() {
        return reachable;
    }

    public boolean isReachable(int method) {
        return reachableSet.get(method);
    }

    /** The number of methods the program had when the graph was built: the ids {@link #method} answers from its own copy. */
    public int methodCount() {
        return methods.length;
    }

    /** The number of call sites (indices {@code 0 .. siteCount() - 1}). */
    public int siteCount() {
        return sites.length;
    }

    /** The call sites of reachable method {@code method}, by ordinal then bytecode offset (empty if none). */
    public int[] sitesOf(int method) {
        int[] s = method < sitesOf.length ? sitesOf[method] : null;
        return s == null ? NONE : s;
    }

    /** The callees of call site {@code site}, by signature (empty if none). */
    public int[] targetsOf(int site) {
        int[] t = targetsOf[site];
        return t == null ? NONE : t;
    }

    /** The call sites that call {@code method}, by caller signature then site (empty if none). */
    public int[] callersOf(int method) {
        int[] c = method < callersOf.length ? callersOf[method] : null;
        return c == null ? NONE : c;
    }

    /** The call at call site {@code site}. */
    public Invoke site(int site) {
        return sites[site];
    }

    /** The method holding call site {@code site}. */
    public JMethod callerOf(int site) {
        return methods[siteCaller[site]];
    }

    /** The method {@code id}: one the program had when the graph was built (every reachable one). */
    public JMethod method(int id) {
        return id < methods.length ? methods[id] : program.method(id);
    }

    /** The internal name of the class declaring method {@code id} (one the program had when the graph was built). */
    public String className(int id) {
        return typeNames[method(id).declaringType()];
    }

    /** The method's signature ({@code <a.B: void m(int)>}); read from the program for a method in no call edge and not reachable. */
    public String signature(int method) {
        String s = method < signatures.length ? signatures[method] : null;
        return s != null ? s : program.method(method).signature(program);
    }

    /** Whether the method is declared by an application class (not generated, not library). */
    public boolean isApplication(int method) {
        return reachableSet.get(method) ? application.get(method)
                : program.isApplication(program.method(method).declaringType());
    }
}
