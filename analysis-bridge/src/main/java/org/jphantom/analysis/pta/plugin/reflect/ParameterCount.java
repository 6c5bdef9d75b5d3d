package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.New;
import org.objectweb.asm.Type;

/**
 * How many parameters a {@code getMethod(name, Class...)}, {@code getDeclaredMethod},
 * {@code getConstructor(Class...)} or {@code getDeclaredConstructor} lookup asks for, or a
 * {@code Method.invoke(o, Object...)} or {@code Constructor.newInstance(Object...)} passes: the
 * length of the array its calling method allocates for it, when the bytecode gives that length as
 * a constant (javac's {@code new Class[] {...}}, {@code new Object[] {...}} and varargs,
 * {@code getDeclaredConstructor()} and {@code m.invoke(o)} included) and the array variable has no
 * other definition. The JDK's lookup returns only a member with exactly those parameter types, and
 * {@code invoke} and {@code newInstance} throw {@code IllegalArgumentException} before running a
 * member whose number of parameters differs, so a member of another arity is never the result or
 * the callee; the types themselves are not read.
 */
final class ParameterCount {
    private final ReflectionAnalysis a;
    private final Map<ReflectiveCall, Integer> counts = new HashMap<>();

    ParameterCount(ReflectionAnalysis a) {
        this.a = a;
    }

    /** The number of parameter types {@code call} names, or -1 when it is not known. */
    int of(ReflectiveCall call) {
        return counts.computeIfAbsent(call, this::read);
    }

    private int read(ReflectiveCall call) {
        int index = switch (call.api) {
            case GET_METHOD, GET_DECLARED_METHOD -> 1;
            case GET_CONSTRUCTOR, GET_DECLARED_CONSTRUCTOR, CONSTRUCTOR_NEW_INSTANCE -> 0;
            case METHOD_INVOKE -> 1;
            default -> -1;
        };
        Invoke inv = call.invoke;
        if (index < 0 || index >= inv.args.length || inv.args[index] < 0) {
            return -1;
        }
        return a.solver().ir(call.method).soleDefinition(inv.args[index]) instanceof New n && n.what == New.Kind.ARRAY
                ? n.length : -1;
    }

    /** Whether a method or constructor of descriptor {@code desc} has {@code count} parameters (-1: any). */
    static boolean fits(String desc, int count) {
        return count < 0 || Type.getArgumentTypes(desc).length == count;
    }
}
