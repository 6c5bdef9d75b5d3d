package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.Program;

/**
 * Which objects a field access of the bytecode may touch: the verifier lets {@code getfield} and
 * {@code putfield} run only on an instance of the field's class (or a subclass), and
 * {@code aaload}/{@code aastore} only on an array. An object of another type in the base's
 * points-to set came there through an imprecise path of the analysis (under {@code ci}, arrays
 * whose abstract object is shared by copies of many types, which {@code aaload} passes on without
 * a cast), never at run time; a field pointer made for it would only carry that imprecision
 * further (on checkstyle's closure, three quarters of the instance-field pointers).
 *
 * <p>No check where the holder's type or the object's is unknown to the closed world, missing, or
 * synthetic (a plugin's model: a dynamic proxy's class holds {@code Proxy.h} without extending
 * {@code Proxy}), so a model's own fields behave as before.
 */
final class FieldHolders {
    private static final int UNKNOWN = -2;
    private static final int ANY = -1;

    private final Program program;
    private final CSManager cs;
    private final int element;
    /** Per field id: the type an object must be a subtype of, {@link #ANY}, or {@link #UNKNOWN} (not asked yet). */
    private int[] holder = new int[0];

    FieldHolders(Program program, CSManager cs) {
        this.program = program;
        this.cs = cs;
        this.element = program.arrayElement().id();
    }

    /** Whether {@code csObject} may hold field {@code f} (the array element pseudo-field: whether it is an array). */
    boolean mayHold(int csObject, JField f) {
        int type = cs.typeOfObject(csObject);
        if (f.id() == element) {
            return program.elementType(type) >= 0 || program.isMissing(type) || program.isSynthetic(type);
        }
        int h = holderOf(f);
        return h == ANY || program.isSubtype(type, h) || program.isMissing(type) || program.isSynthetic(type);
    }

    private int holderOf(JField f) {
        int id = f.id();
        if (id >= holder.length) {
            int old = holder.length;
            holder = Arrays.copyOf(holder, Math.max(id + 1, old * 2));
            Arrays.fill(holder, old, holder.length, UNKNOWN);
        }
        int h = holder[id];
        if (h == UNKNOWN) {
            int t = program.findType(f.owner());
            h = t < 0 || program.isMissing(t) || program.isSynthetic(t) || t == program.findType("java/lang/Object") ? ANY : t;
            holder[id] = h;
        }
        return h;
    }
}
