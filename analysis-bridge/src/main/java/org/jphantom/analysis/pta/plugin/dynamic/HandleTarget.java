package org.jphantom.analysis.pta.plugin.dynamic;

/**
 * What a method handle object stands for: a method (virtual, interface or special dispatch on the
 * first argument, static, or a constructor) or a field access, by symbolic reference.
 *
 * @param kind  how the handle behaves when invoked
 * @param owner internal name of the class the lookup named
 * @param name  member name ({@code <init>} for constructors)
 * @param desc  method descriptor, or field descriptor for field accessors
 * @param boundAt where {@code bindTo} bound the handle's first argument (its value is in the
 *              handle object's {@link #BOUND} field), null for a handle of a lookup
 * @param receiver the receiver type of a {@code findSpecial} handle, its {@code specialCaller}
 *              (internal name), when that is not {@code owner}; null otherwise
 */
record HandleTarget(Kind kind, String owner, String name, String desc, String boundAt, String receiver) {
    /** The field of a bound handle object that holds the bound first argument (a name of the model's own). */
    static final String BOUND = "jphantom$bound";

    enum Kind { VIRTUAL, STATIC, SPECIAL, CONSTRUCTOR, GETTER, SETTER, STATIC_GETTER, STATIC_SETTER }

    /** A handle of a lookup: nothing bound. */
    HandleTarget(Kind kind, String owner, String name, String desc) {
        this(kind, owner, name, desc, null, null);
    }

    /** A special handle of {@code owner}'s method whose receiver type is {@code receiver} (its special caller). */
    HandleTarget withReceiver(String receiver) {
        return receiver.equals(owner) ? this : new HandleTarget(kind, owner, name, desc, boundAt, receiver);
    }

    /**
     * This handle with its first argument bound at {@code where} ({@code bindTo}), or null if that
     * is no class type (or already bound: one binding is modelled).
     */
    HandleTarget bind(String where) {
        return boundAt != null || !unboundType().startsWith("(L") ? null : new HandleTarget(kind, owner, name, desc, where, receiver);
    }

    /** The handle's type ({@code MethodHandle.type()}) as a method descriptor. */
    String type() {
        String t = unboundType();
        return boundAt == null ? t : "(" + t.substring(t.indexOf(';') + 1);
    }

    private String unboundType() {
        String self = "L" + (receiver == null ? owner : receiver) + ";";
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

    /** The heap key of the handle object: the same handle from any lookup is one object. */
    String key() {
        String key = "mh:" + kind.name().toLowerCase() + ":" + owner + "." + name + desc
                + (receiver == null ? "" : "@caller:" + receiver);
        return boundAt == null ? key : key + "@bound:" + boundAt;
    }
}
