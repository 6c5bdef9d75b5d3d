package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.BitSet;
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
 * of a handle constant is its allocation site's. A handle object is the program's if some site of
 * the program or its class path made it: only those run at the program's handle calls
 * ({@link #programTargetOf}). The JDK's own handles (its lookups of {@code java.io.Bits} methods,
 * say) would otherwise reach them through the results of the JDK's lookup methods, which, without
 * contexts, hold every handle the JDK's method handle code returns.
 */
final class HandleObjects {
    private final Map<Integer, HandleTarget> targets = new HashMap<>();
    /** The abstract objects some site of the program made. */
    private final BitSet byProgram = new BitSet();

    /** The context-insensitive handle object of {@code t}, made by the program if {@code program}. */
    int object(Solver solver, HandleTarget t, boolean program) {
        int obj = solver.heap().abstractObject(t.key(), solver.program().type("java/lang/invoke/MethodHandle"), null,
                "<" + t.key() + ">");
        targets.put(obj, t);
        if (program) {
            byProgram.set(obj);
        }
        return solver.csObject(Contexts.EMPTY, obj);
    }

    /** Makes the abstract object {@code obj} (an allocation site's: an {@code ldc}) a handle of {@code t}. */
    void adopt(int obj, HandleTarget t, boolean program) {
        targets.put(obj, t);
        if (program) {
            byProgram.set(obj);
        }
    }

    /** What the handle object {@code csObject} stands for if a site of the program made it, else null. */
    HandleTarget programTargetOf(Solver solver, int csObject) {
        int obj = solver.cs().siteOf(csObject);
        return byProgram.get(obj) ? targets.get(obj) : null;
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
