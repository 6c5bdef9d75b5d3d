package org.jphantom.model;

/**
 * A requirement that the existing bytecode places on the complemented hierarchy. Types are
 * JVM internal names ({@code java/lang/Object}); array types never appear here (array
 * subtyping is reduced to its element types before a constraint is made).
 */
public sealed interface Constraint extends Comparable<Constraint> permits Constraint.Subtype, Constraint.Kind {

    Origin origin();

    /** {@code sub <: sup}: a (transitive) subtype relation must hold. */
    record Subtype(String sub, String sup, Origin origin) implements Constraint {
        @Override
        public String toString() {
            return sub.replace('/', '.') + " <: " + sup.replace('/', '.');
        }
    }

    /** {@code type} must be of the given kind. */
    record Kind(String type, TypeKind kind, Origin origin) implements Constraint {
        @Override
        public String toString() {
            return type.replace('/', '.') + " must be " + switch (kind) {
                case CLASS -> "a class";
                case CONCRETE_CLASS -> "a concrete class";
                case INTERFACE -> "an interface";
                case ANNOTATION -> "an annotation interface";
            };
        }
    }

    /** Orders by text, then origin: the order in which reports list constraints. */
    @Override
    default int compareTo(Constraint o) {
        int c = toString().compareTo(o.toString());
        return c != 0 ? c : origin().compareTo(o.origin());
    }
}
