package org.jphantom.model;

/** What a type must be, as required by a use of it. */
public enum TypeKind {
    /** A class (not an interface): {@code invokevirtual}, {@code getfield}, {@code extends}, ... */
    CLASS,
    /** A class that can be instantiated: {@code new}. Implies {@link #CLASS}. */
    CONCRETE_CLASS,
    /** An interface: {@code invokeinterface}, the {@code itf} flag, {@code implements}. */
    INTERFACE,
    /** An annotation interface: used as an annotation. Implies {@link #INTERFACE}. */
    ANNOTATION;

    /** Whether this kind requires an interface. */
    public boolean isInterface() {
        return this == INTERFACE || this == ANNOTATION;
    }
}
