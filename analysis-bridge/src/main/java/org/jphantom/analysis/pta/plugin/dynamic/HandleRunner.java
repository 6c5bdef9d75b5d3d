package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.PointerListeners;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * Runs one handle object for one call, given a pointer per parameter of the handle's type: a
 * virtual or interface handle dispatches on the objects of the first argument (a special one
 * calls its method on those of its class), a static handle calls its method, a constructor handle
 * returns one abstract {@code <mh-new:C>} object after calling the constructor on it, field
 * handles load or store the field. A bound handle's first argument is the objects {@code bindTo}
 * stored in it. Reference arguments are filtered by the target's parameter types (the casts of
 * {@code asType}); the values the JVM boxes are one abstract {@code <mh-box:W>} object per wrapper
 * class {@code W} ({@link #box}). Shared by the plugins that call handles
 * ({@link MethodHandleInvocations}, {@link SpreadInvocations}).
 */
final class HandleRunner {
    private final Solver solver;
    private final PointerListeners watch;
    /** Wrapper internal name -> a pointer that holds its one box object. */
    private final Map<String, Integer> boxes = new HashMap<>();

    HandleRunner(Solver solver, PointerListeners watch) {
        this.solver = solver;
        this.watch = watch;
    }

    /**
     * A pointer to the abstract object that stands for every value the JVM boxes into wrapper
     * class {@code wrapper} for a handle call (an argument {@code int} to an {@code Object}
     * parameter, an {@code int} result returned as {@code Object}).
     */
    int box(String wrapper) {
        Integer p = boxes.get(wrapper);
        if (p == null) {
            p = solver.tempPointer();
            boxes.put(wrapper, p);
            int obj = solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("mh-box:" + wrapper,
                    solver.program().type(wrapper), null, "<mh-box:" + wrapper.replace('/', '.') + ">"));
            solver.addPointsTo(p, obj);
        }
        return p;
    }

    /**
     * Calls handle {@code t} (the object {@code handle}) from call site {@code site} of
     * {@code csm}: {@code given} holds a pointer per parameter of {@code t.type()} (-1 for none),
     * {@code result} receives what the handle returns, boxed if it returns a primitive and
     * {@code resultIsReference} (the call returns {@code Object}, say).
     */
    void run(int csm, int site, HandleTarget t, int handle, int[] given, int result, boolean resultIsReference,
             int exception) {
        Program program = solver.program();
        Type ret = Type.getReturnType(t.type());
        if (result >= 0 && resultIsReference && !AsType.isReference(ret) && ret.getSort() != Type.VOID) {
            solver.addEdge(box(AsType.wrapperOf(ret)), result, null);
        }
        int shift = t.boundAt() == null ? 0 : 1;
        int[] args = new int[given.length + shift];
        if (shift == 1) {
            args[0] = solver.fieldPointer(handle, HandleObjects.boundField(solver));
        }
        System.arraycopy(given, 0, args, shift, given.length);
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
                int self = args[0];
                watch.watch(self, objs -> Calls.dispatch(solver, csm, site, target, virtual, objs, self, rest, result,
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
}
