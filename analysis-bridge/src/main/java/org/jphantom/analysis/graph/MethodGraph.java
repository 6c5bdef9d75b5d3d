package org.jphantom.analysis.graph;

import java.util.Arrays;
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
 */
public final class MethodGraph {
    private final Program program;
    private final CallGraph cg;
    private final int[] reachable;
    private final int[][] sitesOf;
    private final int[][] targetsOf;
    private final int[][] callersOf;
    private final String[] signatures;

    private MethodGraph(AnalysisResult result) {
        this.program = result.program();
        this.cg = result.solver().callGraph();
        this.signatures = new String[program.methodCount()];
        IntList r = cg.reachableMethods();
        Integer[] order = new Integer[r.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = r.get(i);
        }
        Arrays.sort(order, Comparator.comparing(this::signature));
        reachable = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        // each reachable method's place in signature order: the sorts below compare ints, not strings
        int[] rank = new int[program.methodCount()];
        for (int i = 0; i < reachable.length; i++) {
            rank[reachable[i]] = i;
        }

        List<Invoke> sites = cg.callSites();
        int[] siteCount = new int[program.methodCount()];
        for (int s = 0; s < sites.size(); s++) {
            siteCount[cg.callerOf(s).id()]++;
        }
        sitesOf = new int[program.methodCount()][];
        for (int s = 0; s < sites.size(); s++) {
            int m = cg.callerOf(s).id();
            if (sitesOf[m] == null) {
                sitesOf[m] = new int[siteCount[m]];
                siteCount[m] = 0;
            }
            sitesOf[m][siteCount[m]++] = s;
        }
        Comparator<Integer> bySite = Comparator.<Integer>comparingInt(s -> sites.get(s).ordinal)
                .thenComparingInt(s -> sites.get(s).pc).thenComparingInt(s -> s);
        for (int m = 0; m < sitesOf.length; m++) {
            if (sitesOf[m] != null) {
                sitesOf[m] = sortedBy(sitesOf[m], bySite);
            }
        }

        IntList e = cg.edges();
        int[] targetCount = new int[sites.size()];
        int[] callerCount = new int[program.methodCount()];
        for (int i = 0; i < e.size(); i += 2) {
            targetCount[e.get(i)]++;
            callerCount[e.get(i + 1)]++;
        }
        targetsOf = new int[sites.size()][];
        callersOf = new int[program.methodCount()][];
        for (int i = 0; i < e.size(); i += 2) {
            int s = e.get(i);
            int t = e.get(i + 1);
            if (targetsOf[s] == null) {
                targetsOf[s] = new int[targetCount[s]];
                targetCount[s] = 0;
            }
            targetsOf[s][targetCount[s]++] = t;
            if (callersOf[t] == null) {
                callersOf[t] = new int[callerCount[t]];
                callerCount[t] = 0;
            }
            callersOf[t][callerCount[t]++] = s;
        }
        Comparator<Integer> byMethod = Comparator.comparingInt(t -> rank[t]); // callees are reachable
        for (int s = 0; s < targetsOf.length; s++) {
            if (targetsOf[s] != null && targetsOf[s].length > 1) {
                targetsOf[s] = sortedBy(targetsOf[s], byMethod);
            }
        }
        Comparator<Integer> bySiteOfCaller = Comparator.<Integer>comparingInt(s -> rank[cg.callerOf(s).id()])
                .thenComparing(bySite); // so are callers
        for (int m = 0; m < callersOf.length; m++) {
            if (callersOf[m] != null && callersOf[m].length > 1) {
                callersOf[m] = sortedBy(callersOf[m], bySiteOfCaller);
            }
        }
    }

    /** The graph of {@code result}. */
    public static MethodGraph of(AnalysisResult result) {
        return new MethodGraph(result);
    }

    private static int[] sortedBy(int[] a, Comparator<Integer> c) {
        Integer[] boxed = Arrays.stream(a).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, c);
        return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    }

    public Program program() {
        return program;
    }

    /** The reachable methods' ids, by signature. */
    public int[] reachable() {
        return reachable;
    }

    public boolean isReachable(int method) {
        return cg.isReachable(method);
    }

    /** The call sites of reachable method {@code method}, by ordinal then bytecode offset (empty if none). */
    public int[] sitesOf(int method) {
        int[] s = method < sitesOf.length ? sitesOf[method] : null;
        return s == null ? new int[0] : s;
    }

    /** The callees of call site {@code site}, by signature (empty if none). */
    public int[] targetsOf(int site) {
        int[] t = targetsOf[site];
        return t == null ? new int[0] : t;
    }

    /** The call sites that call {@code method}, by caller signature then site (empty if none). */
    public int[] callersOf(int method) {
        int[] c = method < callersOf.length ? callersOf[method] : null;
        return c == null ? new int[0] : c;
    }

    /** The call at call site {@code site}. */
    public Invoke site(int site) {
        return cg.callSites().get(site);
    }

    /** The method holding call site {@code site}. */
    public JMethod callerOf(int site) {
        return cg.callerOf(site);
    }

    public JMethod method(int id) {
        return program.method(id);
    }

    /** The method's signature ({@code <a.B: void m(int)>}), computed once. */
    public String signature(int method) {
        String s = signatures[method];
        if (s == null) {
            s = program.method(method).signature(program);
            signatures[method] = s;
        }
        return s;
    }

    /** Whether the method is declared by an application class (not generated, not library). */
    public boolean isApplication(int method) {
        return program.isApplication(program.method(method).declaringType());
    }
}
