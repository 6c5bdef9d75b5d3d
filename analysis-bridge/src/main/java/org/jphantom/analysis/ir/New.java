package org.jphantom.analysis.ir;

/**
 * {@code lhs = new T}: an allocation. Besides {@code new} and array creation this covers the
 * objects the JVM creates for constants (strings, class objects, method types and handles), lambda
 * objects, and the abstract objects that stand for values the analysis does not compute (results of
 * generated or body-less methods, the arguments of {@code main}).
 */
public final class New extends Stmt {
    /**
     * What is allocated: {@code CONSTANT} is a loadable constant of another kind (a dynamic
     * constant); {@code METHOD_TYPE} and {@code METHOD_HANDLE} are {@code ldc} of such constants.
     */
    public enum Kind { NEW, ARRAY, STRING, CLASS_CONSTANT, METHOD_TYPE, METHOD_HANDLE, CONSTANT, LAMBDA, ABSTRACT }

    public final int lhs;
    /** Type index of the allocated object. */
    public final int type;
    public final Kind what;
    /**
     * The string value of a string constant, the type name of a class constant, the method
     * descriptor of a method type constant, else null.
     */
    public final String constant;
    /** The method handle of a {@link Kind#METHOD_HANDLE} constant, else null. */
    public final HandleConstant handle;
    /**
     * The length of a one-dimensional {@link Kind#ARRAY} when the bytecode pushes it as a constant
     * right before the allocation (javac's array literals, varargs), else -1.
     */
    public final int length;

    public New(int lhs, int type, Kind what, String constant, int line) {
        this(lhs, type, what, constant, null, line);
    }

    public New(int lhs, int type, Kind what, String constant, HandleConstant handle, int line) {
        this(lhs, type, what, constant, handle, -1, line);
    }

    /** An array of a constant {@code length} (-1: not known). */
    public New(int lhs, int type, int length, int line) {
        this(lhs, type, Kind.ARRAY, null, null, length, line);
    }

    private New(int lhs, int type, Kind what, String constant, HandleConstant handle, int length, int line) {
        super(NEW, line);
        this.lhs = lhs;
        this.type = type;
        this.what = what;
        this.constant = constant;
        this.handle = handle;
        this.length = length;
    }
}
