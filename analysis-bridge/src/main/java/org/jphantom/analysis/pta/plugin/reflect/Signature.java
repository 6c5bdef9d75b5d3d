package org.jphantom.analysis.pta.plugin.reflect;

import java.util.Set;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Type;

/**
 * SOLAR's signature inference ([I-INVSIG]) as a test on candidate members: a method fits a call
 * when each of its parameters can take one of the argument objects' types (elements of the
 * {@code Object[]} collapsed into one set, so arity is not known: a method without parameters
 * always fits, one with parameters needs argument objects) and its return type is related
 * ({@code <<:}) to the type the result is cast to, if any.
 */
final class Signature {
    private Signature() {
    }

    /**
     * The type of the first parameter of {@code m} that no argument type fits (a primitive's box), or
     * -1 when every parameter fits, or -2 when that parameter's type is not in the program (no
     * argument ever fits it). The argument half of the test is monotone: a method that fits keeps
     * fitting as argument types are added, and only an argument type that is a subtype of the
     * returned type can change the answer.
     */
    static int unfitParameter(JMethod m, Set<Integer> argTypes, Program program) {
        if (m.paramCount() == 0) {
            return -1;
        }
        for (Type p : Type.getArgumentTypes(m.desc())) {
            if (!accepts(p, argTypes, program)) {
                int t = p.getSort() < Type.ARRAY ? program.type(boxOf(p))
                        : program.type(p.getSort() == Type.ARRAY ? p.getDescriptor() : p.getInternalName());
                return t < 0 ? -2 : t;
            }
        }
        return -1;
    }

    /** The result half of the test: whether the return type is related to the result's cast. */
    static boolean fitsResult(JMethod m, int resultCast, Program program) {
        if (resultCast < 0 || m.name().equals("<init>")) {
            return true;
        }
        Type r = Type.getReturnType(m.desc());
        if (r.getSort() == Type.VOID) {
            return true; // null passes any cast
        }
        int rt = program.type(r.getSort() < Type.ARRAY ? boxOf(r) : r.getSort() == Type.ARRAY ? r.getDescriptor()
                : r.getInternalName());
        return program.isSubtype(rt, resultCast) || program.isSubtype(resultCast, rt);
    }

    private static boolean accepts(Type p, Set<Integer> argTypes, Program program) {
        if (argTypes.isEmpty()) {
            return false;
        }
        if (p.getSort() < Type.ARRAY) {
            int box = program.type(boxOf(p));
            return argTypes.contains(box);
        }
        int pt = program.type(p.getSort() == Type.ARRAY ? p.getDescriptor() : p.getInternalName());
        for (int a : argTypes) {
            if (program.isSubtype(a, pt)) {
                return true;
            }
        }
        return false;
    }

    private static String boxOf(Type primitive) {
        return switch (primitive.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.CHAR -> "java/lang/Character";
            case Type.BYTE -> "java/lang/Byte";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.FLOAT -> "java/lang/Float";
            case Type.LONG -> "java/lang/Long";
            default -> "java/lang/Double";
        };
    }
}
