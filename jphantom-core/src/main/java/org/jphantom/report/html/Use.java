package org.jphantom.report.html;

import java.util.Comparator;
import org.jphantom.model.Origin;

/**
 * One place in the program that names a phantom: the class, the method (name and descriptor, or
 * {@code null} for a class-level use), the source line ({@code -1} when the class has no line
 * numbers there), the instruction index in the method's ASM {@code InsnList} ({@code -1} for
 * none, as in {@link Origin}) and what the use is.
 */
record Use(String className, String method, int line, int insn, String what) implements Comparable<Use> {
    private static final Comparator<Use> ORDER = Comparator.comparing(Use::className)
            .thenComparing(u -> u.method == null ? "" : u.method)
            .thenComparingInt(Use::insn)
            .thenComparing(Use::what);

    /** An origin of the solver's facts as a use (the origin records no line). */
    static Use of(Origin o) {
        return new Use(o.className(), o.method(), -1, o.insn(), o.what());
    }

    @Override
    public int compareTo(Use o) {
        return ORDER.compare(this, o);
    }
}
