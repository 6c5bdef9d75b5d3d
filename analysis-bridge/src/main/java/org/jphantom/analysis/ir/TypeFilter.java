package org.jphantom.analysis.ir;

import java.util.Arrays;
import org.jphantom.analysis.lang.Program;

/**
 * Which objects may flow along an edge: those of subtypes of {@link #include} (any type if -1)
 * that are subtypes of none of {@link #exclude}, and, on a filter with a {@link #guard}, for which
 * the guard may hold. Casts use an include type; exception edges use both (a handler catches its
 * type minus what earlier handlers of the same range caught); the code a branch guards sees the
 * tested value through a guard. {@link #accepts} answers the type part; the solver asks its plugins
 * about the guard part, per object.
 *
 * <p>A filter with only an include type keeps no memo of its own: {@link Program#isSubtype}
 * memoises per supertype, shared by every filter of that type. (A memo per filter, grown to the
 * highest type id it saw, took 400 MB of {@code byte[]} on Ant's closure: one per cast.) A filter
 * with excluded types memoises its combined answer per type; those are the exception edges, few.
 */
public final class TypeFilter {
    public final int include;
    private final int[] exclude;
    /** What a branch tested about the objects (null: nothing). */
    public final Guard guard;
    /** Of a filter with excluded types: 0 unknown, 1 yes, 2 no, per type; else null. */
    private byte[] memo;

    private TypeFilter(int include, int[] exclude, Guard guard) {
        this.include = include;
        this.exclude = exclude;
        this.guard = guard;
        this.memo = exclude.length == 0 ? null : new byte[0];
    }

    /** The filter that lets through only objects for which {@code guard} may hold. */
    public static TypeFilter guarded(Guard guard) {
        return new TypeFilter(-1, new int[0], guard);
    }

    /** A filter, or null when it lets everything through. */
    public static TypeFilter of(int include, int[] exclude) {
        if (include < 0 && exclude.length == 0) {
            return null;
        }
        return new TypeFilter(include, exclude.clone(), null);
    }

    public boolean accepts(int type, Program program) {
        byte[] memo = this.memo;
        if (memo == null) {
            return include < 0 || program.isSubtype(type, include);
        }
        if (type < memo.length) {
            byte b = memo[type];
            if (b != 0) {
                return b == 1;
            }
        } else {
            memo = Arrays.copyOf(memo, Math.max(type + 1, memo.length * 2));
            this.memo = memo;
        }
        boolean ok = include < 0 || program.isSubtype(type, include);
        for (int i = 0; ok && i < exclude.length; i++) {
            ok = !program.isSubtype(type, exclude[i]);
        }
        memo[type] = (byte) (ok ? 1 : 2);
        return ok;
    }
}
