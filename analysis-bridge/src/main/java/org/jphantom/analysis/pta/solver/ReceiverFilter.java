package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.Program;

/**
 * Which objects a virtual or interface call of the bytecode may run on: the verifier lets
 * {@code invokevirtual} run only on an instance of the class it names (or a subclass), and
 * {@code invokeinterface} on an object whose class does not implement the interface it names
 * throws {@code IncompatibleClassChangeError} (JVMS 6.5) instead of calling anything. An object of
 * another type in the receiver's points-to set came there through an imprecise path of the
 * analysis (the arrays {@link FieldHolders} describes), never at run time; dispatching on it would
 * only add call edges no run makes (on sablecc under {@code ci}, 6.7% of all call edges, such as
 * {@code Certificate.equals} reaching {@code File.equals}).
 *
 * <p>No check where the call's class or the object's type is unknown to the closed world, missing,
 * synthetic (a plugin's model, a lambda object), or has a missing supertype, so calls on what
 * the analysis cannot place behave as before; nor where the call names {@code Object}.
 */
final class ReceiverFilter {
    private static final int UNKNOWN = -2;
    static final int ANY = -1;

    private final Program program;
    /** Per call site: the type a receiver must be a subtype of, {@link #ANY}, or {@link #UNKNOWN} (not asked yet). */
    private int[] owner = new int[0];
    /** Per type: 0 not asked yet, 1 checked, 2 never checked (missing, synthetic, or a missing supertype). */
    private byte[] placed = new byte[0];

    ReceiverFilter(Program program) {
        this.program = program;
    }

    /** The type that receivers of call site {@code callSite}, which is {@code inv}, must have; {@link #ANY} if none. */
    int ownerOf(int callSite, Invoke inv) {
        if (callSite >= owner.length) {
            int old = owner.length;
            owner = Arrays.copyOf(owner, Math.max(callSite + 1, old * 2));
            Arrays.fill(owner, old, owner.length, UNKNOWN);
        }
        int o = owner[callSite];
        if (o == UNKNOWN) {
            int t = program.findType(inv.owner);
            o = t < 0 || program.isMissing(t) || program.isSynthetic(t) || t == program.findType("java/lang/Object") ? ANY : t;
            owner[callSite] = o;
        }
        return o;
    }

    /** Whether an object of {@code type} may receive a call whose receivers must be of {@code owner} (from {@link #ownerOf}). */
    boolean mayReceive(int type, int owner) {
        return owner == ANY || !checked(type) || program.isSubtype(type, owner);
    }

    private boolean checked(int type) {
        if (type >= placed.length) {
            placed = Arrays.copyOf(placed, Math.max(type + 1, placed.length * 2));
        }
        byte p = placed[type];
        if (p == 0) {
            boolean unplaced = program.isMissing(type) || program.isSynthetic(type) || program.hasMissingSupertype(type);
            p = unplaced ? (byte) 2 : (byte) 1;
            placed[type] = p;
        }
        return p == 1;
    }
}
