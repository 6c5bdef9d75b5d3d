package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The method handle objects of one analysis and what each stands for: the plugins that make
 * handles ({@link MethodHandleLookups}, {@link Unreflections}, {@link HandleBindings},
 * {@link HandleConstants}) put them here, those that run them ({@link MethodHandleInvocations},
 * {@link HandleProxies}) read them. One abstract object per {@link HandleTarget#key()}, with no
 * heap context, so the same handle from any lookup is one object; the object of an {@code ldc}
 * of a handle constant is its allocation site's.
 */
final class HandleObjects {
    private final Map<Integer, HandleTarget> targets = new HashMap<>();

    /** The context-insensitive handle object of {@code t}. */
    int object(Solver solver, HandleTarget t) {
        int obj = solver.heap().abstractObject(t.key(), solver.program().type("java/lang/invoke/MethodHandle"), null,
                "<" + t.key() + ">");
        targets.put(obj, t);
        return solver.csObject(Contexts.EMPTY, obj);
    }

    /** Makes the abstract object {@code obj} (an allocation site's: an {@code ldc}) a handle of {@code t}. */
    void adopt(int obj, HandleTarget t) {
        targets.put(obj, t);
    }

    /** What the handle object {@code csObject} stands for, or null if it is no handle of the models. */
    HandleTarget targetOf(Solver solver, int csObject) {
        return targets.get(solver.cs().siteOf(csObject));
    }

    /** The field id of {@link HandleTarget#BOUND}, the bound first argument of a bound handle object. */
    static int boundField(Solver solver) {
        return solver.program().field("java/lang/invoke/MethodHandle", HandleTarget.BOUND, "Ljava/lang/Object;", false)
                .id();
    }
}
