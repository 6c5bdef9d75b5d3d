package org.jphantom.analysis.pta.plugin.dynamic;

/**
 * What a method handle object stands for: a method (virtual, interface or special dispatch on the
 * first argument, static, or a constructor) or a field access, by symbolic reference.
 *
 * @param kind  how the handle behaves when invoked
 * @param owner internal name of the class the lookup named
 * @param name  member name ({@code <init>} for constructors)
 * @param desc  method descriptor, or field descriptor for field accessors
 */
record HandleTarget(Kind kind, String owner, String name, String desc) {
    enum Kind { VIRTUAL, STATIC, SPECIAL, CONSTRUCTOR, GETTER, SETTER, STATIC_GETTER, STATIC_SETTER }

    /** The handle's type ({@code MethodHandle.type()}) as a method descriptor. */
    String type() {
        String self = "L" + owner + ";";
        switch (kind) {
            case VIRTUAL:
            case SPECIAL:
                return "(" + self + desc.substring(1);
            case CONSTRUCTOR:
                return desc.substring(0, desc.indexOf(')') + 1) + self;
            case GETTER:
                return "(" + self + ")" + desc;
            case SETTER:
                return "(" + self + desc + ")V";
            case STATIC_GETTER:
                return "()" + desc;
            case STATIC_SETTER:
                return "(" + desc + ")V";
            default:
                return desc;
        }
    }

    /**
     * Whether a call {@code invokeExact} ({@code exact}) or {@code invoke} with descriptor
     * {@code callDesc} may run this handle without {@code WrongMethodTypeException}: the same type
     * for {@code invokeExact}, the same arity for {@code invoke} (whose {@code asType} converts).
     */
    boolean accepts(String callDesc, boolean exact) {
        String type = type();
        if (exact) {
            return type.equals(callDesc);
        }
        return org.objectweb.asm.Type.getArgumentTypes(type).length
                == org.objectweb.asm.Type.getArgumentTypes(callDesc).length;
    }

    /** The heap key of the handle object: the same handle from any lookup is one object. */
    String key() {
        return "mh:" + kind.name().toLowerCase() + ":" + owner + "." + name + desc;
    }
}
