package org.jphantom.solve;

import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Chooses the JDK class a phantom class extends when the constraints only say it is a Throwable,
 * or nothing, and the program's use says more. An enum: the program calls the phantom's
 * {@code ordinal()} (what javac's switch over an enum compiles to) and its super
 * class is Object: it extends {@code java/lang/Enum} (javac needs an enum to accept the program's
 * {@code case} labels). An exception: javac needs a type of a {@code throws} clause to be a Throwable, and a
 * type thrown by a method that does not declare it to be unchecked. Applied to a solution, it
 * raises the super class of a phantom class whose solved super class is {@code Object} or
 * {@code Throwable}: to {@code RuntimeException} for a phantom thrown undeclared, else to
 * {@code Exception} for one the program names in a {@code throws} clause or a handler (to
 * {@code Throwable} only, when its simple name ends in {@code Error}: it may be an Error). Every
 * constraint still holds: the new super class is below the old one, and the phantom's subtypes only
 * gain ancestors.
 */
public final class EvidentSupers {
    private static final String OBJECT = "java/lang/Object";
    private static final String THROWABLE = "java/lang/Throwable";

    private EvidentSupers() {
    }

    /** The solution with the super classes of enum and exception phantoms raised as above. */
    public static Solution apply(Solution solution, Set<String> enums, Set<String> named, Set<String> thrownUndeclared) {
        SortedMap<String, PhantomShape> out = new TreeMap<>(solution.phantoms());
        for (PhantomShape p : solution.phantoms().values()) {
            if (p.isInterface() || !(p.superName().equals(OBJECT) || p.superName().equals(THROWABLE))) {
                continue;
            }
            String sup;
            if (enums.contains(p.name()) && p.superName().equals(OBJECT)) {
                sup = "java/lang/Enum";
            } else if (thrownUndeclared.contains(p.name())) {
                sup = errorNamed(p.name()) ? "java/lang/Error" : "java/lang/RuntimeException";
            } else if (named.contains(p.name())) {
                sup = errorNamed(p.name()) ? THROWABLE : "java/lang/Exception";
            } else {
                continue;
            }
            if (!sup.equals(p.superName())) {
                out.put(p.name(), new PhantomShape(p.name(), p.kind(), sup, p.interfaces(),
                        p.reason() + "; extends " + sup.substring(sup.lastIndexOf('/') + 1) + " by its uses"));
            }
        }
        return new Solution(out);
    }

    private static boolean errorNamed(String name) {
        return name.endsWith("Error");
    }
}
