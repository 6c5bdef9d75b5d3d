package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.plugin.reflect.Meta.Kind;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Reflective object creation. {@code Class.newInstance} and {@code Constructor.newInstance} on a
 * known class or constructor ([L-KWTP]) make one object per call site and class, initialise the
 * class (as {@code new} does: JLS 12.4.1; a class literal or {@code forName(name, false, loader)}
 * leaves it uninitialised until then) and call its constructor (the no-argument one, or the
 * {@code Constructor}'s with the {@code Object[]}'s elements as arguments). On an unknown class:
 * under {@code solar} SOLAR's marker object ({@link LazyHeap}, which initialises the classes it
 * types the marker to); under {@code constants} Livshits' inference from the casts of the result
 * in the same method. {@code Array.newInstance} makes an array of the class object's type
 * ({@code Object[]} for unknown classes).
 */
final class Instantiations implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;

    Instantiations(ReflectionAnalysis a) {
        this.a = a;
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        switch (call.api) {
            case CLASS_NEW_INSTANCE -> {
                if (inv.recv >= 0) {
                    a.watchers().watch(a.var(csm, inv.recv), objs -> classNewInstance(csm, call, lhs, objs));
                }
            }
            case CONSTRUCTOR_NEW_INSTANCE -> {
                if (inv.recv >= 0) {
                    int args = Arguments.elements(a, csm, inv.args[0]);
                    a.watchers().watch(a.var(csm, inv.recv), objs -> constructorNewInstance(csm, call, lhs, args, objs));
                }
            }
            default -> {
                if (inv.args[0] >= 0 && lhs >= 0) {
                    a.watchers().watch(a.var(csm, inv.args[0]), objs -> arrayNewInstance(csm, call, lhs, objs));
                }
            }
        }
    }

    private void classNewInstance(int csm, ReflectiveCall call, int lhs, int[] objs) {
        MetaObjects metas = a.metas();
        Program program = a.program();
        for (int o : objs) {
            metas.consumed(call, o);
            String known = metas.knownClass(o);
            if (known != null) {
                int t = program.type(known);
                if (!known.startsWith("[") && program.info(t) != null && !program.isAbstractOrInterface(t)
                        && a.accessible(t) && a.admit(call, t)) {
                    create(csm, call, lhs, -1, t, "class object");
                }
                continue;
            }
            Meta meta = metas.meta(o);
            if (meta != null && meta.kind() == Kind.UNKNOWN_CLASS) {
                unknown(csm, call, lhs, -1, meta.call());
            }
        }
    }

    private void constructorNewInstance(int csm, ReflectiveCall call, int lhs, int args, int[] objs) {
        for (int o : objs) {
            a.metas().consumed(call, o);
            Meta meta = a.metas().meta(o);
            if (meta == null) {
                continue;
            }
            if (meta.kind() == Kind.CONSTRUCTOR) {
                JMethod init = meta.method();
                int t = init.declaringType();
                if (a.program().isAbstractOrInterface(t) || !ParameterCount.fits(init.desc(), a.arities().of(call))
                        || !a.accessible(t) || !a.admit(call, t)) {
                    continue;
                }
                int obj = a.metas().created(call, t);
                if (lhs >= 0) {
                    a.solver().addPointsTo(lhs, obj);
                }
                a.solver().initClass(t); // as for `new` (JLS 12.4.1)
                a.binder().call(csm, call, init, obj, args, -1);
                call.target(Signatures.method(a.program().typeName(t), init.name(), init.desc()), "constructor object");
            } else if (meta.kind() == Kind.PARTIAL_CONSTRUCTOR) {
                unknown(csm, call, lhs, args, meta.call());
            }
        }
    }

    /** An object of known class {@code t}, made at {@code call} and constructed. */
    private void create(int csm, ReflectiveCall call, int lhs, int args, int t, String how) {
        int obj = a.metas().created(call, t);
        if (lhs >= 0) {
            a.solver().addPointsTo(lhs, obj);
        }
        a.lazyHeap().construct(csm, call, args, t, obj);
        call.target(Signatures.javaName(a.program().typeName(t)), how);
    }

    /** {@code source}: the call that made the unknown class or constructor object (null if none). */
    private void unknown(int csm, ReflectiveCall call, int lhs, int args, ReflectiveCall source) {
        if (call.covered() || lhs < 0) {
            return;
        }
        if (a.solar()) {
            int marker = a.lazyHeap().marker(csm, call, args);
            a.solver().addPointsTo(lhs, marker);
            if (a.backPropagation() != null && source != null) {
                a.backPropagation().markerFrom(marker, source);
            }
            return;
        }
        boolean any = false;
        for (int cast : a.lazyHeap().castsOfResult(call)) {
            String where = "cast to " + Signatures.javaName(a.program().typeName(cast));
            for (int t : a.members().concreteSubtypes(cast)) {
                if (!a.admit(call, t)) {
                    continue;
                }
                create(csm, call, lhs, args, t, where);
                any = true;
            }
        }
        if (!any) {
            call.unsound("creates an object of an unknown class whose result is not cast in the same method");
        }
    }

    private void arrayNewInstance(int csm, ReflectiveCall call, int lhs, int[] objs) {
        MetaObjects metas = a.metas();
        Program program = a.program();
        Solver solver = a.solver();
        for (int o : objs) {
            String known = metas.knownClass(o);
            String array;
            if (known != null && !a.admit(call, program.type(known))) {
                continue;
            }
            if (known != null) {
                array = "[" + (known.startsWith("[") ? known : known.length() == 1 ? known : "L" + known + ";");
            } else {
                Meta meta = metas.meta(o);
                if (meta == null || meta.kind() != Kind.UNKNOWN_CLASS) {
                    continue;
                }
                array = "[Ljava/lang/Object;";
            }
            solver.addPointsTo(lhs, metas.createdArray(csm, call, program.type(array)));
            call.target(Signatures.javaName(array), known != null ? "class object" : "unknown class");
        }
    }
}
