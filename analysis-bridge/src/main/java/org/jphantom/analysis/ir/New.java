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
    /**
     * For the string an {@code invokedynamic} of {@code StringConcatFactory} makes (an
     * {@link Kind#ABSTRACT} object): the recipe's constant text and the variables concatenated;
     * null otherwise.
     */
    public final Concat concat;

    /**
     * What a string concatenation joins: the constant pieces of its recipe (and the constants the
     * bootstrap method receives), in order, and the variables of its reference-typed arguments
     * (-1 for primitives).
     */
    public record Concat(java.util.List<String> constants, int[] args) {
        public Concat {
            constants = java.util.List.copyOf(constants);
        }
    }

    public New(int lhs, int type, Kind what, String constant, int line) {
        this(lhs, type, what, constant, null, line);
    }

    public New(int lhs, int type, Kind what, String constant, Concat concat, int line) {
        super(NEW, line);
        this.lhs = lhs;
        this.type = type;
        this.what = what;
        this.constant = constant;
        this.concat = concat;
    }
}
