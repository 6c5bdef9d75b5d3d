package org.jphantom.analysis.explain;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.CallGraph;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;

/**
 * The shortest way each reachable method was reached: a breadth-first search from the roots (the
 * methods whose reachability no call edge explains: entry points and what models made reachable)
 * over the call edges and over class initialisation (a {@code new}, static field access or static
 * call initialises its class, and a class its superclass first, JVMS 5.5). Neighbours are visited
 * in a fixed order (call sites in method order, targets by signature), so the chains are the same
 * on every run. Context-insensitive, so it serves every context sensitivity.
 */
public final class Provenance {
    private final MethodGraph graph;
    private final Step[] parent;
    private final int[] depth;

    private Provenance(AnalysisResult result, MethodGraph graph) {
        this.graph = graph;
        Program program = result.program();
        CallGraph cg = result.solver().callGraph();
        int n = program.methodCount();
        parent = new Step[n];
        depth = new int[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int m : graph.reachable()) {
            String origin = cg.reachOrigin(m);
            if (origin != null && !origin.equals(Solver.CLASS_INITIALISATION)) {
                parent[m] = new Step(-1, -1, m, Step.Kind.ROOT, 0, -1, origin);
                queue.add(m);
            }
        }
        while (!queue.isEmpty()) {
            int m = queue.poll();
            for (int site : graph.sitesOf(m)) {
                Invoke inv = programCall(result, m, graph.site(site));
                for (int t : graph.targetsOf(site)) {
                    visit(queue, m, new Step(m, site, t, Step.Kind.CALL, inv.line, inv.pc, null));
                }
            }
            for (Step s : initialisations(result, m)) {
                visit(queue, m, s);
            }
        }
    }

    /**
     * The program's own call that a model's call site {@code inv} of {@code m} stands for (a
     * method-handle model binds {@code invokeExact} at a site of its own, numbered as the call),
     * for its line and bytecode offset; {@code inv} itself if it is the program's or stands for none.
     */
    private static Invoke programCall(AnalysisResult result, int m, Invoke inv) {
        if (inv.pc >= 0 || inv.line > 0) {
            return inv;
        }
        for (Stmt st : result.solver().ir(result.program().method(m)).stmts) {
            if (st instanceof Invoke own && own.ordinal == inv.ordinal && own.pc >= 0 && own.owner.equals(inv.owner)
                    && own.name.equals(inv.name) && own.desc.equals(inv.desc)) {
                return own;
            }
        }
        return inv;
    }

    /** The provenance of every reachable method of {@code result}. */
    public static Provenance of(AnalysisResult result, MethodGraph graph) {
        return new Provenance(result, graph);
    }

    private void visit(ArrayDeque<Integer> queue, int from, Step s) {
        int t = s.callee();
        if (parent[t] == null && graph.isReachable(t)) {
            parent[t] = s;
            depth[t] = depth[from] + 1;
            queue.add(t);
        }
    }

    /** The static initialisers the statements of {@code m} run (their classes' and superclasses'), in statement order. */
    private List<Step> initialisations(AnalysisResult result, int m) {
        Program program = result.program();
        JMethod method = program.method(m);
        List<Step> out = new ArrayList<>();
        if (method.name().equals("<clinit>")) { // a class's superclass is initialised first
            addClinits(program, program.superClass(method.declaringType()), m, 0, out, "superclass");
        }
        MethodIR ir = result.solver().ir(method);
        for (Stmt s : ir.stmts) {
            int type = -1;
            if (s instanceof New n && n.what == New.Kind.NEW) {
                type = n.type;
            } else if (s instanceof FieldAccess fa && (s.kind == Stmt.LOAD_STATIC || s.kind == Stmt.STORE_STATIC)) {
                type = program.type(fa.field.owner());
            } else if (s instanceof Invoke inv && inv.opcode == Opcodes.INVOKESTATIC) {
                JMethod target = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
                type = target == null ? -1 : target.declaringType();
            }
            if (type >= 0) {
                addClinits(program, type, m, s.line, out, null);
            }
        }
        return out;
    }

    private void addClinits(Program program, int type, int from, int line, List<Step> out, String why) {
        for (int t = type, hops = 0; t >= 0 && hops < 64; t = program.superClass(t), hops++) {
            JMethod clinit = program.isArray(t) ? null : program.clinit(t);
            if (clinit != null && graph.isReachable(clinit.id())) {
                String detail = program.typeName(type).replace('/', '.');
                out.add(new Step(from, -1, clinit.id(), Step.Kind.CLASS_INIT, line, -1,
                        why != null ? why : t == type ? detail : "superclass of " + detail));
                return; // the superclass's own initialiser follows from it
            }
        }
    }

    /** The chain from a root to reachable method {@code m}, root step first; empty if {@code m} is not reachable. */
    public List<Step> chain(int m) {
        if (m >= parent.length || parent[m] == null) {
            return List.of();
        }
        List<Step> out = new ArrayList<>();
        for (Step s = parent[m]; ; s = parent[s.caller()]) {
            out.add(s);
            if (s.kind() == Step.Kind.ROOT || out.size() > parent.length) {
                break;
            }
        }
        Collections.reverse(out);
        return out;
    }

    /** The number of steps from a root to {@code m}, -1 if it is not reached. */
    public int depth(int m) {
        return m < parent.length && parent[m] != null ? depth[m] : -1;
    }

    public MethodGraph graph() {
        return graph;
    }
}
