package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The {@code java.lang.reflect} objects the dynamic models hand to the program (the {@code Method}
 * a proxy's handler receives, the one {@code unreflect} takes), keyed as the reflection model keys
 * them ({@code "reflect:method:" + owner + "." + name + desc}), so both models denote one object.
 */
final class ReflectObjects {
    private ReflectObjects() {
    }

    /** The context-insensitive {@code Method} object of {@code owner.name desc}. */
    static int method(Solver solver, String owner, String name, String desc) {
        int obj = solver.heap().abstractObject("reflect:method:" + owner + "." + name + desc,
                solver.program().type("java/lang/reflect/Method"), null, "method " + Signatures.method(owner, name, desc));
        return solver.csObject(Contexts.EMPTY, obj);
    }
}
