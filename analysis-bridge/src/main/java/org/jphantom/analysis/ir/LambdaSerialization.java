package org.jphantom.analysis.ir;

import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Handle;

/**
 * The {@code writeReplace()} of the class of a serializable lambda ({@code LambdaMetafactory
 * .altMetafactory} with {@code FLAG_SERIALIZABLE}), as the JDK's spun class has it: it returns
 * a new {@code SerializedLambda} of the capturing class, the interface, the implementation and
 * the captured values ({@code new Object[] {captures...}}; primitive ones carry no objects).
 * Serialization writes that object instead of the lambda; {@code SerializedLambda.readResolve()}
 * later asks the capturing class's {@code $deserializeLambda$} for a new lambda. The body stores
 * the {@code SerializedLambda}'s fields itself instead of calling the JDK's constructor, whose
 * {@code Objects.requireNonNull(capturedArgs)} would, without contexts, return every object any
 * code passes to {@code requireNonNull}. Nothing but serialization calls it.
 */
final class LambdaSerialization {
    static final String SERIALIZED_LAMBDA = "java/lang/invoke/SerializedLambda";

    private LambdaSerialization() {
    }

    /**
     * The body of {@code writeReplace}, a method of the lambda class.
     *
     * @param capturingClass internal name of the class whose {@code invokedynamic} made the lambda
     * @param itf            the functional interface (internal name)
     * @param samName        its method's name
     * @param samDesc        its method's erased descriptor
     * @param impl           the implementation method
     * @param instantiated   the instantiated method type (descriptor)
     * @param capFields      the lambda class's capture fields, null for primitive captures
     */
    static MethodIR writeReplace(Program program, JMethod writeReplace, String capturingClass, String itf,
                                 String samName, String samDesc, Handle impl, String instantiated, JField[] capFields,
                                 int line) {
        MethodIR.Builder b = new MethodIR.Builder(writeReplace);
        int captured = b.newVar();
        b.add(new New(captured, program.type("[Ljava/lang/Object;"), New.Kind.ARRAY, null, line));
        for (JField f : capFields) {
            if (f != null) {
                int v = b.newVar();
                b.add(new FieldAccess(Stmt.LOAD_FIELD, b.thisVar(), f, v, line));
                b.add(new FieldAccess(Stmt.STORE_ARRAY, captured, program.arrayElement(), v, line));
            }
        }
        int lambda = b.newVar();
        b.add(new New(lambda, program.type(SERIALIZED_LAMBDA), New.Kind.NEW, null, line));
        int cls = b.newVar();
        b.add(new New(cls, program.type("java/lang/Class"), New.Kind.CLASS_CONSTANT, capturingClass, line));
        store(b, program, lambda, "capturingClass", "Ljava/lang/Class;", cls, line);
        String[][] strings = {{"functionalInterfaceClass", itf}, {"functionalInterfaceMethodName", samName},
            {"functionalInterfaceMethodSignature", samDesc}, {"implClass", impl.getOwner()},
            {"implMethodName", impl.getName()}, {"implMethodSignature", impl.getDesc()},
            {"instantiatedMethodType", instantiated}};
        for (String[] f : strings) {
            int v = b.newVar();
            b.add(new New(v, program.type("java/lang/String"), New.Kind.STRING, f[1], line));
            store(b, program, lambda, f[0], "Ljava/lang/String;", v, line);
        }
        store(b, program, lambda, "capturedArgs", "[Ljava/lang/Object;", captured, line);
        b.add(new Copy(b.retVar(), lambda, null, Copy.Role.RETURN, line));
        return b.build();
    }

    private static void store(MethodIR.Builder b, Program program, int base, String field, String desc, int value,
                              int line) {
        b.add(new FieldAccess(Stmt.STORE_FIELD, base, program.field(SERIALIZED_LAMBDA, field, desc, false), value, line));
    }
}
