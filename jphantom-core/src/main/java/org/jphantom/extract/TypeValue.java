package org.jphantom.extract;

import java.util.Arrays;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.Value;

/**
 * An abstract value of the verifier-style dataflow: a primitive category, a return address,
 * an unusable slot, or a reference whose possible static types are a <em>set</em> (thesis Sec.
 * 4.6.1: no least common supertype of unknown types is needed). Reference types are internal
 * names for classes and descriptors for arrays, as {@link Type#getInternalName()} gives them;
 * {@link #NULL_TYPE} stands for the null constant. Instances are immutable.
 */
public final class TypeValue implements Value {
    /** The type of the {@code null} constant inside a reference set. */
    public static final String NULL_TYPE = "null";

    enum Kind { TOP, INT, FLOAT, LONG, DOUBLE, RETURN_ADDRESS, REFERENCE, UNINITIALIZED }

    public static final TypeValue TOP = new TypeValue(Kind.TOP, null, null);
    public static final TypeValue INT = new TypeValue(Kind.INT, null, null);
    public static final TypeValue FLOAT = new TypeValue(Kind.FLOAT, null, null);
    public static final TypeValue LONG = new TypeValue(Kind.LONG, null, null);
    public static final TypeValue DOUBLE = new TypeValue(Kind.DOUBLE, null, null);
    public static final TypeValue RETURN_ADDRESS = new TypeValue(Kind.RETURN_ADDRESS, null, null);
    public static final TypeValue NULL = new TypeValue(Kind.REFERENCE, new String[] {NULL_TYPE}, null);

    private final Kind kind;
    private final String[] types;  // sorted, distinct; REFERENCE and UNINITIALIZED only
    private final Object site;     // UNINITIALIZED: the label of the NEW, or "this"

    private TypeValue(Kind kind, String[] types, Object site) {
        this.kind = kind;
        this.types = types;
        this.site = site;
    }

    /** A reference of one static type. */
    public static TypeValue reference(String type) {
        return new TypeValue(Kind.REFERENCE, new String[] {type}, null);
    }

    /** An object under construction ({@code new} not yet followed by {@code <init>}). */
    public static TypeValue uninitialized(String type, Object site) {
        return new TypeValue(Kind.UNINITIALIZED, new String[] {type}, site);
    }

    /** The value of a slot or stack entry of the given ASM type (null: an unusable slot). */
    public static TypeValue of(Type type) {
        if (type == null) {
            return TOP;
        }
        return switch (type.getSort()) {
            case Type.VOID -> null;
            case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> INT;
            case Type.FLOAT -> FLOAT;
            case Type.LONG -> LONG;
            case Type.DOUBLE -> DOUBLE;
            default -> reference(type.getInternalName());
        };
    }

    public boolean isReference() {
        return kind == Kind.REFERENCE;
    }

    public boolean isUninitialized() {
        return kind == Kind.UNINITIALIZED;
    }

    /** The reference types this value may have (including {@link #NULL_TYPE}); empty for non-references. */
    public String[] types() {
        return types == null ? new String[0] : types.clone();
    }

    /** Number of types, for iteration without copying. */
    public int typeCount() {
        return types == null ? 0 : types.length;
    }

    public String type(int i) {
        return types[i];
    }

    Object site() {
        return site;
    }

    Kind kind() {
        return kind;
    }

    @Override
    public int getSize() {
        return kind == Kind.LONG || kind == Kind.DOUBLE ? 2 : 1;
    }

    /** The union of two values at a join point; {@code this} if nothing changes (ASM's merge contract). */
    TypeValue merge(TypeValue other) {
        if (this == other || this.equals(other)) {
            return this;
        }
        if (kind != other.kind || kind != Kind.REFERENCE) {
            return kind == Kind.TOP ? this : TOP;
        }
        String[] merged = union(types, other.types);
        return merged == types ? this : new TypeValue(Kind.REFERENCE, merged, null);
    }

    private static String[] union(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            int c = a[i].compareTo(b[j]);
            if (c == 0) {
                out[n++] = a[i++];
                j++;
            } else if (c < 0) {
                out[n++] = a[i++];
            } else {
                out[n++] = b[j++];
            }
        }
        while (i < a.length) {
            out[n++] = a[i++];
        }
        while (j < b.length) {
            out[n++] = b[j++];
        }
        return n == a.length ? a : Arrays.copyOf(out, n);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TypeValue v) || v.kind != kind) {
            return false;
        }
        return Arrays.equals(types, v.types) && java.util.Objects.equals(site, v.site);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Arrays.hashCode(types);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case REFERENCE -> Arrays.toString(types);
            case UNINITIALIZED -> "uninitialized " + types[0];
            default -> kind.name();
        };
    }
}
