package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.Guard;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;

/**
 * What a reflective meta-object stands for (SOLAR's notation in brackets). Known classes are the
 * heap's own class objects and need no entry here.
 *
 * @param kind     what it is
 * @param type     the class it belongs to; -1 when unknown
 * @param name     the member's name; null when unknown
 * @param declared from a {@code getDeclared*} lookup: the class's own members, any access
 * @param method   the method or constructor of a {@link Kind#METHOD} or {@link Kind#CONSTRUCTOR}
 * @param field    the field of a {@link Kind#FIELD}
 * @param call     the call that made it, for objects that stand for an unknown (null otherwise)
 * @param guards   the tests a branch made of a partial meta-object before the code that has it
 *                 ({@link MemberGuards}): it stands only for the members each may be true for
 */
record Meta(Kind kind, int type, String name, boolean declared, JMethod method, JField field, ReflectiveCall call,
            List<Guard> guards) {
    Meta(Kind kind, int type, String name, boolean declared, JMethod method, JField field, ReflectiveCall call) {
        this(kind, type, name, declared, method, field, call, List.of());
    }

    /** This partial meta-object, restricted to the members {@code guard} may be true for. */
    Meta guardedBy(Guard guard) {
        List<Guard> all = new ArrayList<>(guards);
        all.add(guard);
        return new Meta(kind, type, name, declared, method, field, call, List.copyOf(all));
    }

    enum Kind {
        /** A {@code Class} object of a class the analysis does not know (c^u). */
        UNKNOWN_CLASS,
        /** A {@code Method} object of one method (m^t_s with s known). */
        METHOD,
        /** A {@code Constructor} object of one constructor. */
        CONSTRUCTOR,
        /** A {@code Field} object of one field. */
        FIELD,
        /** A {@code Method} object whose class or name (or both) is not known (m^t_u, m^u_s, m^u_u). */
        PARTIAL_METHOD,
        /** A {@code Constructor} object of an unknown class. */
        PARTIAL_CONSTRUCTOR,
        /** A {@code Field} object whose class or name is not known. */
        PARTIAL_FIELD,
        /** SOLAR's o^u: the object a {@code newInstance} of an unknown class makes, typed later. */
        LAZY_OBJECT
    }

    /**
     * What target search for this partial meta-object looks for: two partials that differ only in
     * the call that made them find the same members, so a site searches for them once.
     */
    Search search() {
        return new Search(kind, type, name, declared, guards);
    }

    /** The part of a partial meta-object that target search reads. */
    record Search(Kind kind, int type, String name, boolean declared, List<Guard> guards) {
    }

    boolean isPartial() {
        return kind == Kind.PARTIAL_METHOD || kind == Kind.PARTIAL_CONSTRUCTOR || kind == Kind.PARTIAL_FIELD;
    }
}
