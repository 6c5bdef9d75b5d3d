package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.pta.plugin.PointerListeners;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * The signature-polymorphic {@code MethodHandle.invokeExact(...)} and {@code invoke(...)}: the
 * call's own descriptor gives its arguments, and for every handle object of
 * {@link MethodHandleLookups} the receiver may be, the call is bound to the handle's target with
 * the arguments in order, if the handle's type fits the call (the same type for
 * {@code invokeExact}, the same arity for {@code invoke}, as the JVM checks): a virtual or
 * interface handle dispatches on the objects of the first
 * argument (a special one calls its method on those of its class), a static handle calls its
 * method, a constructor handle returns one abstract object of its class after calling the
 * constructor on it, and field handles load or store the field. Reference arguments are filtered
 * by the target's parameter types ({@code asType}'s casts); primitive ones carry no objects, and
 * a primitive result boxed by {@code invoke} yields none. A bound handle's first argument is the
 * objects {@code bindTo} stored in it. The edges are recorded at the call's
 * own position ({@code <caller>/k -> <target>}).
 */
public final class MethodHandleInvocations implements Plugin {
    private static final String MH = "java/lang/invoke/MethodHandle";
    private final MethodHandleLookups lookups;
    private Solver solver;
    private PointerListeners watch;
    /** Per method id: its polymorphic call sites, as {statement index, own call site}. */
    private final Map<Integer, List<int[]>> sites = new HashMap<>();
    private final Set<String> bound = new HashSet<>();

    public MethodHandleInvocations(MethodHandleLookups lookups) {
        this.lookups = lookups;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
    }

    @Override
    public void onNewMethod(JMethod m) {
        Stmt[] stmts = solver.ir(m).stmts;
        List<int[]> found = null;
        for (Stmt s : stmts) {
            if (s instanceof Invoke inv && inv.owner.equals(MH) && inv.recv >= 0
                    && (inv.name.equals("invokeExact") || inv.name.equals("invoke"))) {
                if (found == null) {
                    found = new ArrayList<>();
                }
                found.add(new int[] {s.index, Calls.ownSite(solver, m, MH, inv.name, inv.desc, inv.ordinal)});
            }
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
            Invoke inv = (Invoke) solver.ir(m).stmts[s[0]];
            int site = s[1];
            watch.watch(solver.varPointer(csm, inv.recv), objs -> {
                for (int o : objs) {
                    HandleTarget t = lookups.targetOf(solver.cs().siteOf(o));
                    if (t != null && t.accepts(inv.desc, inv.name.equals("invokeExact"))
                            && bound.add(csm + ":" + site + ":" + t.key())) {
                        bind(csm, site, inv, t, o);
                    }
                }
            });
        }
    }

    private void bind(int csm, int site, Invoke inv, HandleTarget t, int handle) {
        Program program = solver.program();
        int shift = t.boundAt() == null ? 0 : 1;
        int[] args = new int[inv.args.length + shift];
        if (shift == 1) {
            args[0] = solver.fieldPointer(handle, lookups.boundField());
        }
        for (int k = 0; k < inv.args.length; k++) {
            args[k + shift] = Calls.var(solver, csm, inv.args[k]);
        }
        int result = Calls.var(solver, csm, inv.lhs);
        int exception = Calls.var(solver, csm, inv.exception);
        int ownerType = program.type(t.owner());
        switch (t.kind()) {
            case STATIC: {
                JMethod target = program.resolveMethod(t.owner(), t.name(), t.desc(), program.isInterface(ownerType));
                if (target != null && target.isStatic()) {
                    Calls.callStatic(solver, csm, site, target, fit(args, target), result, exception);
                }
                break;
            }
            case VIRTUAL:
            case SPECIAL: {
                JMethod target = program.resolveMethod(t.owner(), t.name(), t.desc(), program.isInterface(ownerType));
                if (target == null || target.isStatic() || args.length == 0 || args[0] < 0) {
                    break;
                }
                int[] rest = fit(Arrays.copyOfRange(args, 1, args.length), target);
                boolean virtual = t.kind() == HandleTarget.Kind.VIRTUAL;
                watch.watch(args[0], objs -> Calls.dispatch(solver, csm, site, target, virtual, objs, rest, result,
                        exception));
                break;
            }
            case CONSTRUCTOR: {
                JMethod init = program.declared(ownerType, "<init>", t.desc());
                if (init == null || program.isAbstractOrInterface(ownerType)) {
                    break;
                }
                solver.initClass(ownerType);
                int obj = solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("mh-new:" + t.owner(), ownerType,
                        null, "<mh-new:" + t.owner().replace('/', '.') + ">"));
                if (result >= 0) {
                    solver.addPointsTo(result, obj);
                }
                Calls.dispatch(solver, csm, site, init, false, new int[] {obj}, fit(args, init), -1, exception);
                break;
            }
            default:
                field(t, args, result);
                break;
        }
    }

    private void field(HandleTarget t, int[] args, int result) {
        Program program = solver.program();
        boolean isStatic = t.kind() == HandleTarget.Kind.STATIC_GETTER || t.kind() == HandleTarget.Kind.STATIC_SETTER;
        JField f = program.resolveField(t.owner(), t.name(), t.desc(), isStatic);
        if (f == null || !f.isReference()) {
            return;
        }
        Type ft = Type.getType(t.desc());
        TypeFilter filter = TypeFilter.of(program.type(ft.getSort() == Type.ARRAY ? ft.getDescriptor()
                : ft.getInternalName()), new int[0]);
        switch (t.kind()) {
            case STATIC_GETTER:
                solver.initClass(program.type(f.owner()));
                if (result >= 0) {
                    solver.addEdge(solver.staticPointer(f.id()), result, null);
                }
                break;
            case STATIC_SETTER:
                solver.initClass(program.type(f.owner()));
                if (args.length > 0 && args[0] >= 0) {
                    solver.addEdge(args[0], solver.staticPointer(f.id()), filter);
                }
                break;
            case GETTER:
                if (args.length > 0 && args[0] >= 0 && result >= 0) {
                    watch.watch(args[0], objs -> {
                        for (int o : objs) {
                            solver.addEdge(solver.fieldPointer(o, f.id()), result, null);
                        }
                    });
                }
                break;
            default: // SETTER
                if (args.length > 1 && args[0] >= 0 && args[1] >= 0) {
                    watch.watch(args[0], objs -> {
                        for (int o : objs) {
                            solver.addEdge(args[1], solver.fieldPointer(o, f.id()), filter);
                        }
                    });
                }
                break;
        }
    }

    /** The argument pointers for {@code target}'s parameters: as many as it declares, -1 for missing ones. */
    private static int[] fit(int[] args, JMethod target) {
        return Arrays.copyOf(args, target.paramCount());
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }
}
