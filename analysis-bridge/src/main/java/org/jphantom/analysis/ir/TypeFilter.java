package org.jphantom.analysis.ir;

import org.jphantom.analysis.lang.Program;

/**
 * Which objects may flow along an edge: those of subtypes of {@link #include} (any type if -1)
 * that are subtypes of none of {@link #exclude}, and, on a filter with a {@link #guard}, for which
 * the guard may hold. Casts use an include type; exception edges use both (a handler catches its
 * type minus what earlier handlers of the same range caught); the code a branch guards sees the
 * tested value through a guard. {@link #accepts} answers the type part; the solver asks its plugins
 * about the guard part, per object.
 *
 * <p>A filter keeps no memo of its own: {@link Program#isSubtype} memoises per supertype, shared
 * by every filter that names the type. (A memo per filter, grown to the highest type id it saw,
 * took 400 MB of {@code byte[]} on Ant's closure, one per cast; the exception edges' filters, one
 * per handler range and per method's thrown values, kept theirs until session 11.)
 */
public final class TypeFilter {
    public final int include;
    private final int[] exclude;
    /** What a branch tested about the objects (null: nothing). */
    public final Guard guard;

    private TypeFilter(int include, int[] exclude, Guard guard) {
        this.include = include;
        this.exclude = exclude;
        this.guard = guard;
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
        if (include >= 0 && !program.isSubtype(type, include)) {
            return false;
        }
        for (int e : exclude) {
            if (program.isSubtype(type, e)) {
                return false;
            }
        }
        return true;
    }
}
