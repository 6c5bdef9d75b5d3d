package org.jphantom.verify;

import java.util.Comparator;
import java.util.Objects;

/**
 * One reason a jar is not whole.
 *
 * @param className the binary name (dots) of the jar class that fails, or whose code holds the
 *                  failing reference
 * @param kind      one of the constants of this record: {@link #LOAD}, {@link #VERIFY},
 *                  {@link #LINK}, {@link #UNRESOLVED_CLASS}, {@link #UNRESOLVED_FIELD},
 *                  {@link #UNRESOLVED_METHOD}, {@link #INCOMPATIBLE_CHANGE},
 *                  {@link #INSTANTIATION}, {@link #ACCESS}
 * @param detail    what failed and where, one line: the HotSpot error class and message, or the
 *                  reference, the method it sits in and why it does not resolve
 */
public record VerifyFailure(String className, String kind, String detail)
        implements Comparable<VerifyFailure> {
    /** The class could not be defined: format, super type kind, shadowed by the JDK, ... */
    public static final String LOAD = "LOAD";
    /** HotSpot's verifier rejected the class ({@link VerifyError}). */
    public static final String VERIFY = "VERIFY";
    /** Linking failed otherwise, e.g. a class the verifier or a member signature needs is absent. */
    public static final String LINK = "LINK";
    /** A class named by the code cannot be loaded from the jar, the class path or the JDK. */
    public static final String UNRESOLVED_CLASS = "UNRESOLVED_CLASS";
    /** Field resolution fails ({@link NoSuchFieldError} at run time). */
    public static final String UNRESOLVED_FIELD = "UNRESOLVED_FIELD";
    /** Method resolution fails ({@link NoSuchMethodError} at run time). */
    public static final String UNRESOLVED_METHOD = "UNRESOLVED_METHOD";
    /** Interface/class or static/instance mismatch ({@link IncompatibleClassChangeError}). */
    public static final String INCOMPATIBLE_CHANGE = "INCOMPATIBLE_CHANGE";
    /** {@code new} of an interface or abstract class ({@link InstantiationError}). */
    public static final String INSTANTIATION = "INSTANTIATION";
    /** The referring class may not access the class or member ({@link IllegalAccessError}). */
    public static final String ACCESS = "ACCESS";

    private static final Comparator<VerifyFailure> ORDER = Comparator
            .comparing(VerifyFailure::className)
            .thenComparing(VerifyFailure::kind)
            .thenComparing(VerifyFailure::detail);

    public VerifyFailure {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /** Orders by class name, then kind, then detail: the order of every report. */
    @Override
    public int compareTo(VerifyFailure other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return className + " " + kind + " " + detail;
    }
}
