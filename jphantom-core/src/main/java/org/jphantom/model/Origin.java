package org.jphantom.model;

import java.util.Comparator;

/**
 * Where a fact was read: the class, the method (name and descriptor, or {@code null} for a
 * class-level fact) and the instruction index in ASM's {@code InsnList} (or -1).
 * {@code what} says in a few words which use produced it ("argument 1 of invokevirtual ...").
 */
public record Origin(String className, String method, int insn, String what) implements Comparable<Origin> {

    private static final Comparator<Origin> ORDER = Comparator.comparing(Origin::className)
            .thenComparing(o -> o.method == null ? "" : o.method)
            .thenComparingInt(Origin::insn)
            .thenComparing(Origin::what);

    /** A class-level origin (super class, interfaces, attributes). */
    public static Origin ofClass(String className, String what) {
        return new Origin(className, null, -1, what);
    }

    @Override
    public int compareTo(Origin o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(className.replace('/', '.'));
        if (method != null) {
            sb.append('.').append(method);
            if (insn >= 0) {
                sb.append(" @").append(insn);
            }
        }
        return sb.append(" (").append(what).append(')').toString();
    }
}
