package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.MemberKey;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The {@code java.lang.reflect} objects the dynamic models meet: the {@code Method} a proxy's
 * handler receives, made under the reflection model's key ({@link MemberKey}) so both models
 * denote one object, and the member an object that reaches {@code unreflect} stands for, read
 * back from that key.
 */
final class ReflectObjects {
    private ReflectObjects() {
    }

    /** The context-insensitive {@code Method} object of {@code owner.name desc}. */
    static int method(Solver solver, String owner, String name, String desc) {
        int obj = solver.heap().abstractObject(MemberKey.method(owner, name, desc).key(),
                solver.program().type("java/lang/reflect/Method"), null, "method " + Signatures.method(owner, name, desc));
        return solver.csObject(Contexts.EMPTY, obj);
    }

    /** The known member the {@code Method}, {@code Constructor} or {@code Field} object {@code csObject} stands for, or null. */
    static MemberKey memberOf(Solver solver, int csObject) {
        return MemberKey.parse(solver.heap().abstractKey(solver.cs().siteOf(csObject)));
    }
}
