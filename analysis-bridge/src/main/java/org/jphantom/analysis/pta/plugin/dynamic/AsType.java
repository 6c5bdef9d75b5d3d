package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Type;

/**
 * Which handle types a signature-polymorphic call may run, as the JVM decides before it calls:
 * {@code invokeExact} only a handle whose type is the call's descriptor, {@code invoke} also one
 * that {@code MethodHandle.asType} converts to it (the rules of {@code asType}'s Javadoc, which
 * {@code MethodType.canConvert} implements), else {@code WrongMethodTypeException}. A value of type
 * {@code T0} converts to {@code T1} if: both are references (a cast, which may fail only at run
 * time); both are primitives and {@code T0} widens to {@code T1} (JLS 5.1.2, identity included;
 * {@code boolean} only to itself); {@code T0} is a primitive whose wrapper is a subtype of the
 * reference {@code T1} (boxing, then widening: {@code int} to {@code Integer}, {@code Number},
 * {@code Object}, never {@code String} or {@code Long}); {@code T0} is a reference and {@code T1} a
 * primitive, with {@code T0} a wrapper whose primitive widens to {@code T1}, or a supertype of some
 * wrapper whose primitive does ({@code Object} and {@code Number} to {@code int}; unboxing may
 * still fail at run time). Parameters convert from the call's type to the handle's, the result
 * from the handle's to the call's; a {@code void} result on either side always converts (the
 * value is dropped, or the call gets zero or {@code null}). A missing class of the handle's or the call's type accepts every wrapper.
 */
final class AsType {
    private static final String[] WRAPPERS = {"java/lang/Boolean", "java/lang/Character", "java/lang/Byte",
        "java/lang/Short", "java/lang/Integer", "java/lang/Float", "java/lang/Long", "java/lang/Double"};
    private static final String PRIMITIVES = "ZCBSIFJD";

    private final Program program;

    AsType(Program program) {
        this.program = program;
    }

    /** Whether a call {@code invokeExact} ({@code exact}) or {@code invoke} of descriptor {@code call} runs a handle of type {@code handle}. */
    boolean runs(String handle, String call, boolean exact) {
        if (exact || handle.equals(call)) {
            return handle.equals(call);
        }
        Type[] from = Type.getArgumentTypes(call);
        Type[] to = Type.getArgumentTypes(handle);
        if (from.length != to.length) {
            return false;
        }
        for (int i = 0; i < from.length; i++) {
            if (!converts(from[i], to[i])) {
                return false;
            }
        }
        Type ret = Type.getReturnType(handle);
        Type callRet = Type.getReturnType(call);
        return ret.getSort() == Type.VOID || callRet.getSort() == Type.VOID || converts(ret, callRet);
    }

    /** Whether {@code asType} converts a value of type {@code from} to {@code to} (neither {@code void}). */
    boolean converts(Type from, Type to) {
        boolean fromRef = isReference(from);
        boolean toRef = isReference(to);
        if (fromRef && toRef) {
            return true;
        }
        if (!fromRef && !toRef) {
            return widens(from.getDescriptor().charAt(0), to.getDescriptor().charAt(0));
        }
        if (!fromRef) {
            return subtype(wrapperOf(from), to);
        }
        int own = wrapperIndex(from.getInternalName());
        if (own >= 0) {
            return widens(PRIMITIVES.charAt(own), to.getDescriptor().charAt(0));
        }
        for (int w = 0; w < WRAPPERS.length; w++) {
            if (widens(PRIMITIVES.charAt(w), to.getDescriptor().charAt(0)) && subtype(WRAPPERS[w], from)) {
                return true;
            }
        }
        return false;
    }

    /** The wrapper class of a primitive type ({@code java/lang/Integer} for {@code int}). */
    static String wrapperOf(Type primitive) {
        return WRAPPERS[PRIMITIVES.indexOf(primitive.getDescriptor().charAt(0))];
    }

    static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    private static int wrapperIndex(String internalName) {
        for (int w = 0; w < WRAPPERS.length; w++) {
            if (WRAPPERS[w].equals(internalName)) {
                return w;
            }
        }
        return -1;
    }

    /** Widening primitive conversion or identity (JLS 5.1.2), by descriptor character. */
    private static boolean widens(char from, char to) {
        if (from == to) {
            return true;
        }
        switch (from) {
            case 'B':
                return "SIJFD".indexOf(to) >= 0;
            case 'S':
            case 'C':
                return "IJFD".indexOf(to) >= 0;
            case 'I':
                return "JFD".indexOf(to) >= 0;
            case 'J':
                return "FD".indexOf(to) >= 0;
            case 'F':
                return to == 'D';
            default:
                return false;
        }
    }

    /** Whether class {@code sub} is a subtype of reference type {@code sup}; true if {@code sup} is a missing class. */
    private boolean subtype(String sub, Type sup) {
        if (sup.getSort() == Type.ARRAY) {
            return false;
        }
        int b = program.type(sup.getInternalName());
        return program.info(b) == null || program.isSubtype(program.type(sub), b);
    }
}
