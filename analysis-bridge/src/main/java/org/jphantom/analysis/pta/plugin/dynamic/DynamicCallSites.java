package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.DynamicCall;
import org.jphantom.analysis.ir.HandleConstant;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The calls that {@code invokedynamic} sites other than lambdas make through their bootstraps
 * (the IR's {@link DynamicCall}s; each site's result is already an abstract object of its type):
 * <ul>
 * <li>{@code StringConcatFactory.makeConcat}/{@code makeConcatWithConstants}: the JDK's
 * concatenation turns each argument of a reference type other than {@code String} into a string
 * by {@code String.valueOf(Object)}, that is {@code toString()}: dispatched on the argument's
 * objects.</li>
 * <li>{@code ObjectMethods.bootstrap} (a record's {@code toString}, {@code hashCode},
 * {@code equals}): the getters among its arguments are field handles; each reference component
 * field of the record objects is read and its objects receive {@code toString()},
 * {@code hashCode()}, or {@code equals(Object)} with the other record's component (the JDK calls
 * {@code String.valueOf}, {@code Objects.hashCode}, {@code Objects.equals}).</li>
 * <li>{@code SwitchBootstraps} ({@code typeSwitch}, {@code enumSwitch}): type and constant tests,
 * no call of the program's code.</li>
 * <li>A bootstrap of the program's own (a static method): the JVM calls it once per site with
 * a lookup, the name and the type (objects the analysis does not model); what the call site it
 * returns runs is unknown, and the site is reported.</li>
 * </ul>
 * Other bootstraps (of libraries or the JDK) are reported at the program's sites. Calls are
 * recorded at the site's own position ({@code <caller>/k -> <callee>}, {@code k} after the
 * method's calls, see {@link DynamicCall}), and their exceptions go where the site's would.
 */
final class DynamicCallSites implements Plugin, Warnings {
    private static final String OBJECT = "java/lang/Object";
    private Solver solver;
    private PointerListeners watch;
    /** Per method id: its modelled sites, as {statement index, own call site}. */
    private final Map<Integer, List<int[]>> sites = new HashMap<>();
    private final TreeSet<String> unresolved = new TreeSet<>();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
    }

    @Override
    public void onNewMethod(JMethod m) {
        List<int[]> found = null;
        for (Stmt s : solver.ir(m).stmts) {
            if (!(s instanceof DynamicCall d)) {
                continue;
            }
            String bsm = d.bootstrap.owner();
            if (bsm.equals("java/lang/runtime/SwitchBootstraps")) {
                continue;
            }
            boolean known = bsm.equals("java/lang/invoke/StringConcatFactory")
                    || bsm.equals("java/lang/runtime/ObjectMethods");
            JMethod own = known ? null : ownBootstrap(d.bootstrap);
            if (!known) {
                report(m, d, own != null);
                if (own == null) {
                    continue;
                }
            }
            if (found == null) {
                found = new ArrayList<>();
            }
            found.add(new int[] {s.index, Calls.ownSite(solver, m, bsm, d.name, d.desc, d.ordinal)});
        }
        if (found != null) {
            sites.put(m.id(), found);
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        List<int[]> here = sites.get(m.id());
        if (here == null) {
            return;
        }
        for (int[] s : here) {
            DynamicCall d = (DynamicCall) solver.ir(m).stmts[s[0]];
            int site = s[1];
            int exception = Calls.var(solver, csm, d.exception);
            switch (d.bootstrap.owner()) {
                case "java/lang/invoke/StringConcatFactory" -> concat(csm, site, d, exception);
                case "java/lang/runtime/ObjectMethods" -> objectMethod(csm, site, d, exception);
                default -> {
                    JMethod bsm = ownBootstrap(d.bootstrap);
                    int[] none = new int[bsm.paramCount()];
                    Arrays.fill(none, -1);
                    Calls.callStatic(solver, csm, site, bsm, none, -1, exception);
                }
            }
        }
    }

    private void concat(int csm, int site, DynamicCall d, int exception) {
        Type[] params = Type.getArgumentTypes(d.desc);
        for (int k = 0; k < params.length; k++) {
            if (d.args[k] >= 0 && !params[k].getDescriptor().equals("Ljava/lang/String;")) {
                call(csm, site, solver.varPointer(csm, d.args[k]), "toString", "()Ljava/lang/String;", -1, exception);
            }
        }
    }

    private void objectMethod(int csm, int site, DynamicCall d, int exception) {
        if (d.args.length == 0 || d.args[0] < 0) {
            return;
        }
        int self = solver.varPointer(csm, d.args[0]);
        int other = d.name.equals("equals") && d.args.length > 1 && d.args[1] >= 0
                ? solver.varPointer(csm, d.args[1]) : -1;
        for (Object a : d.bootstrapArgs) {
            if (!(a instanceof HandleConstant h) || h.tag() != Opcodes.H_GETFIELD
                    || !(h.desc().startsWith("L") || h.desc().startsWith("["))) {
                continue;
            }
            JField f = solver.program().resolveField(h.owner(), h.name(), h.desc(), false);
            int values = solver.tempPointer();
            watch.watch(self, objs -> {
                for (int o : objs) {
                    solver.addEdge(solver.fieldPointer(o, f.id()), values, null);
                }
            });
            switch (d.name) {
                case "toString" -> call(csm, site, values, "toString", "()Ljava/lang/String;", -1, exception);
                case "hashCode" -> call(csm, site, values, "hashCode", "()I", -1, exception);
                case "equals" -> {
                    int others = solver.tempPointer();
                    if (other >= 0) {
                        int record = solver.program().type(h.owner());
                        watch.watch(other, objs -> {
                            for (int o : objs) {
                                if (solver.program().isSubtype(solver.typeOfObject(o), record)) {
                                    solver.addEdge(solver.fieldPointer(o, f.id()), others, null);
                                }
                            }
                        });
                    }
                    call(csm, site, values, "equals", "(Ljava/lang/Object;)Z", others, exception);
                }
                default -> {
                }
            }
        }
    }

    /** Calls {@code Object.name desc} on the objects of {@code receivers}, dispatched per object. */
    private void call(int csm, int site, int receivers, String name, String desc, int arg, int exception) {
        JMethod resolved = solver.program().resolveMethod(OBJECT, name, desc, false);
        if (resolved == null) {
            return;
        }
        int[] args = resolved.paramCount() == 0 ? new int[0] : new int[] {arg};
        watch.watch(receivers, objs -> Calls.dispatch(solver, csm, site, resolved, true, objs, receivers, args, -1,
                exception));
    }

    /** The program's static bootstrap method {@code h} names, or null (the JDK's, a library's, or another kind). */
    private JMethod ownBootstrap(HandleConstant h) {
        Program program = solver.program();
        if (h.tag() != Opcodes.H_INVOKESTATIC || program.world().isPlatformName(h.owner())) {
            return null;
        }
        JMethod m = program.resolveMethod(h.owner(), h.name(), h.desc(), h.itf());
        return m != null && m.isStatic() && !m.isAbstract() ? m : null;
    }

    private void report(JMethod m, DynamicCall d, boolean own) {
        Program program = solver.program();
        if (program.world().isPlatformName(program.typeName(m.declaringType()))) {
            return;
        }
        String bsm = d.bootstrap.owner().replace('/', '.') + "." + d.bootstrap.name();
        unresolved.add("invokedynamic: " + d.name + " at " + m.signature(program) + "/" + d.ordinal + " bootstrapped by "
                + bsm + (own ? ": the bootstrap is called, what its call site runs is not modelled"
                : ": not modelled, its result is an abstract object"));
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
