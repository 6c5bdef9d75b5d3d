package org.jphantom.analysis.pta.heap;

import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.lang.JMethod;

/**
 * Abstracts the objects of a run into a finite set of abstract objects with dense indices.
 * Context (heap context) is added by the solver on top of these.
 */
public interface HeapModel {
    /** The abstract object of the allocation {@code stmt} in {@code method}. */
    int objectOf(JMethod method, New stmt);

    /**
     * An abstract object for a value the analysis does not compute, one per {@code key}: the result
     * of a generated or body-less method, the arguments of {@code main}, a class object.
     */
    int abstractObject(String key, int type, JMethod method, String label);

    /** The {@code java.lang.Class} object that stands for the type {@code typeName}. */
    int classObject(String typeName);

    /** The object of the string constant {@code value}: the one an {@code ldc} of it gets. */
    int stringObject(String value);

    int count();

    /** The key an {@link #abstractObject} was made with, or null for other objects. */
    default String abstractKey(int obj) {
        return null;
    }

    /**
     * Whether the object stands for the objects of several allocations (a constant, a type whose
     * objects are merged, an abstract object): such an object gets no heap context, since
     * distinguishing it by its allocator's context would multiply it without making it any more
     * precise.
     */
    boolean isShared(int obj);

    /**
     * Whether {@code obj} is an array allocated with length zero: nothing is ever stored into it (a
     * store throws), so stores skip it. The JDK's collections share such arrays as their empty
     * state ({@code ArrayList.DEFAULTCAPACITY_EMPTY_ELEMENTDATA}); without this, a flow-insensitive
     * analysis would put every element of every list into them.
     */
    default boolean isEmptyArray(int obj) {
        return false;
    }

    /** The type index of an abstract object. */
    int typeOf(int obj);

    /** The method that allocates it, -1 for objects that no method allocates. */
    int methodOf(int obj);

    /** A stable, human-readable name: method, kind, type, line. */
    String describe(int obj);

    /**
     * The value of the string constant that {@code obj} stands for, whole; null if it is no string
     * constant or stands for several (merged constants).
     */
    String stringConstant(int obj);

    /**
     * The string values {@code obj} may stand for, as a reflective lookup reads them: one value for a
     * string constant, the strings of its colour for a colour's object ({@link StringColouring}), an
     * empty list for the object of strings that name nothing; null if it is no string constant or
     * the strings it stands for are not known (merged constants).
     */
    default java.util.List<String> stringValues(int obj) {
        String s = stringConstant(obj);
        return s == null ? null : java.util.List.of(s);
    }

    /**
     * Whether {@code obj} stands for several string constants whose values matter (a colour's):
     * which of them reach a use is for the use to find out ({@code StringOrigins}).
     */
    default boolean isMergedStrings(int obj) {
        return false;
    }

    /**
     * The internal name (or array descriptor) of the type whose {@code java.lang.Class} object
     * {@code obj} is; null if it is no class object.
     */
    String classConstant(int obj);
}
