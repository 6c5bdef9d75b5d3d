package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.pta.plugin.PointerListeners;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * The signature-polymorphic {@code MethodHandle.invokeExact(...)} and {@code invoke(...)}: the
 * call's own descriptor gives its arguments, and for every handle object of
 * {@link HandleObjects} the receiver may be, the call is bound to the handle's target with
 * the arguments in order, if the handle's type fits the call (the same type for
 * {@code invokeExact}, the same arity for {@code invoke}, as the JVM checks): a virtual or
 * interface handle dispatches on the objects of the first
 * argument (a special one calls its method on those of its class), a static handle calls its
 * method, a constructor handle returns one abstract object of its class after calling the
 * constructor on it, and field handles load or store the field. Reference arguments are filtered
 * by the target's parameter types ({@code asType}'s casts); primitive ones carry no objects, and
 * a primitive result boxed by {@code invoke} yields none. A bound handle's first argument is the
 * objects {@code bindTo} stored in it. {@code invokeWithArguments(Object...)} runs every handle
 * the receiver may be, whatever its arity, and, since which element goes to which parameter is not
 * tracked, the objects of all the array's elements flow into every reference parameter (sound but
 * imprecise; the parameter types filter them): the values the calling method stores into a
 * varargs array it allocates, else the elements of the array objects; its {@code List} variant is
 * reported. The edges are
 * recorded at the call's own position ({@code <caller>/k -> <target>}). Only the program's calls
 * are modelled: a handle of the program that the plain analysis lets into the JDK's method handle
 * code (through the body of {@code invokeWithArguments} or {@code bindTo}, say) would, without
 * contexts, reach every handle call of the JDK with any arguments; what the JDK does with the
 * program's handles is modelled at the program's call instead.
 */
public final class MethodHandleInvocations implements Plugin, Warnings {
    private static final String MH = "java/lang/invoke/MethodHandle";
    private static final String WITH_ARGUMENTS = "invokeWithArguments";
    private final HandleObjects handles;
    private Solver solver;
    private PointerListeners watch;
    /** Per method id: its polymorphic call sites, as {statement index, own call site}. */
    private final Map<Integer, List<int[]>> sites = new HashMap<>();
    private final Set<String> bound = new HashSet<>();
    private final TreeSet<String> unresolved = new TreeSet<>();

    MethodHandleInvocations(HandleObjects handles) {
        this.handles = handles;
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
                    && (inv.name.equals("invokeExact") || inv.name.equals("invoke")
                    || inv.name.equals(WITH_ARGUMENTS) && inv.args.length == 1)) {
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
            if (!Calls.reportable(solver, site)) {
                continue; // the JDK's own handle calls: see the class comment
            }
            int spread = inv.name.equals(WITH_ARGUMENTS) ? spreadArguments(csm, site, inv) : -1;
            if (spread == -2) {
                continue;
            }
            watch.watch(solver.varPointer(csm, inv.recv), objs -> {
                for (int o : objs) {
                    HandleTarget t = handles.targetOf(solver, o);
                    if (t != null && (spread >= 0 || t.accepts(inv.desc, inv.name.equals("invokeExact")))
                            && bound.add(csm + ":" + site + ":" + t.key())) {
                        bind(csm, site, inv, t, o, spread);
                    }
                }
            });
        }
    }

    /**
     * The pointer of the elements of {@code invokeWithArguments(Object...)}'s array: every handle
     * parameter receives them all. -2 (and a warning) for the {@code List} variant, whose elements
     * are not modelled, and when the argument carries no objects.
     */
    private int spreadArguments(int csm, int site, Invoke inv) {
        int array = Calls.var(solver, csm, inv.args[0]);
        if (!inv.desc.startsWith("([Ljava/lang/Object;)")) {
            if (Calls.reportable(solver, site)) {
                unresolved.add("method handles: invokeWithArguments(List) at " + solver.methodOf(csm).signature(
                        solver.program()) + "/" + inv.ordinal + ": the list's elements are not modelled, no call");
            }
            return -2;
        }
        if (array < 0) {
            return -2;
        }
        int elements = solver.tempPointer();
        List<Integer> stored = ArrayLiterals.stored(solver.ir(solver.methodOf(csm)), inv.args[0]);
        if (stored != null) {
            for (int v : stored) {
                if (v >= 0) {
                    solver.addEdge(solver.varPointer(csm, v), elements, null);
                }
            }
            return elements;
        }
        int element = solver.program().arrayElement().id();
        watch.watch(array, objs -> {
            for (int o : objs) {
                solver.addEdge(solver.fieldPointer(o, element), elements, null);
            }
        });
        return elements;
    }

    /**
     * Binds call {@code inv} to handle {@code t}: its arguments are the call's own, or, if
     * {@code spread} is a pointer, that pointer for every parameter of the handle's type.
     */
    private void bind(int csm, int site, Invoke inv, HandleTarget t, int handle, int spread) {
        Program program = solver.program();
        int shift = t.boundAt() == null ? 0 : 1;
        int given = spread >= 0 ? Type.getArgumentTypes(t.type()).length : inv.args.length;
        int[] args = new int[given + shift];
        if (shift == 1) {
            args[0] = solver.fieldPointer(handle, HandleObjects.boundField(solver));
        }
        for (int k = 0; k < given; k++) {
            args[k + shift] = spread >= 0 ? spread : Calls.var(solver, csm, inv.args[k]);
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

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
