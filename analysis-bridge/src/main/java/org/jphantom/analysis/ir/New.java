package org.jphantom.analysis.ir;

/**
 * {@code lhs = new T}: an allocation. Besides {@code new} and array creation this covers the
 * objects the JVM creates for constants (strings, class objects, method types and handles), lambda
 * objects, and the abstract objects that stand for values the analysis does not compute (results of
 * generated or body-less methods, the arguments of {@code main}).
 */
public final class New extends Stmt {
    public enum Kind { NEW, ARRAY, STRING, CLASS_CONSTANT, CONSTANT, LAMBDA, ABSTRACT }

    public final int lhs;
    /** Type index of the allocated object. */
    public final int type;
    public final Kind what;
    /** The string value of a string constant, the type name of a class constant, else null. */
    public final String constant;

    public New(int lhs, int type, Kind what, String constant, int line) {
        super(NEW, line);
        this.lhs = lhs;
        this.type = type;
        this.what = what;
        this.constant = constant;
    }
}
