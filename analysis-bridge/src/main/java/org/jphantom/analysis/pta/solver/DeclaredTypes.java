package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Type;

/**
 * The type filters of values that cross a method boundary, from the declared types the JVM
 * guarantees there: a parameter holds only objects of its declared type (and subtypes), a call's
 * result only objects of the type its descriptor returns. Spark, on which seed 004 built both its
 * pre-analysis and its k-CFA, filters every variable's points-to set by its declared type this way;
 * without it, objects that reach a variable through untyped paths (array elements copied between
 * arrays of different types, say) pollute every parameter downstream, and the call edges dispatched
 * on them are spurious.
 *
 * <p>No filter ({@code null}) where it would let everything through or could be wrong: declared
 * {@code java/lang/Object}, a primitive, or a type missing from the closed world (its subtypes are
 * unknown). Filters are shared per type and memoised.
 */
final class DeclaredTypes {
    private static final TypeFilter[] NONE = new TypeFilter[0];
    private final Program program;
    private final int objectType;
    private TypeFilter[] byType = new TypeFilter[0];
    /** Per method id: its parameters' filters, NONE when none has one; null until asked. */
    private TypeFilter[][] params = new TypeFilter[0][];
    private final Map<String, TypeFilter> results = new HashMap<>();

    DeclaredTypes(Program program) {
        this.program = program;
        this.objectType = program.type("java/lang/Object");
    }

    /** The filter that lets objects of subtypes of {@code type} through, one per type. */
    TypeFilter subtypesOf(int type) {
        if (type >= byType.length) {
            byType = Arrays.copyOf(byType, Math.max(type + 1, byType.length * 2));
        }
        TypeFilter f = byType[type];
        if (f == null) {
            f = TypeFilter.of(type, new int[0]);
            byType[type] = f;
        }
        return f;
    }

    /** The filter of {@code m}'s {@code k}-th parameter (0 is the first after {@code this}), or null. */
    TypeFilter parameter(JMethod m, int k) {
        int id = m.id();
        if (id >= params.length) {
            params = Arrays.copyOf(params, Math.max(id + 1, params.length * 2));
        }
        TypeFilter[] fs = params[id];
        if (fs == null) {
            Type[] ts = Type.getArgumentTypes(m.desc());
            fs = new TypeFilter[ts.length];
            boolean any = false;
            for (int i = 0; i < ts.length; i++) {
                fs[i] = of(ts[i]);
                any |= fs[i] != null;
            }
            params[id] = fs = any ? fs : NONE;
        }
        return k < fs.length ? fs[k] : null;
    }

    /** The filter of the result of a call with descriptor {@code desc}, or null. */
    TypeFilter result(String desc) {
        TypeFilter f = results.get(desc);
        if (f == null && !results.containsKey(desc)) {
            f = of(Type.getReturnType(desc));
            results.put(desc, f);
        }
        return f;
    }

    private TypeFilter of(Type t) {
        if (t.getSort() != Type.OBJECT && t.getSort() != Type.ARRAY) {
            return null;
        }
        int type = program.type(t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName());
        if (type == objectType || program.isMissing(type)) {
            return null;
        }
        return subtypesOf(type);
    }
}
