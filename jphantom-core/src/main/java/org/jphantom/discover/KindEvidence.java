package org.jphantom.discover;

import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * How the program uses each type, as evidence for the kind of a phantom whose kind the
 * constraints leave open (it never overrides a constraint). Measured on X-minus pairs
 * ({@code bench/fidelity.sh}): open phantoms that the program names as only a class can be named
 * (owner of a static field access, a {@code throws} clause, an exception handler) or never
 * handles as a value (only class literals, or nothing) are nearly always classes; open phantoms
 * whose values the program only passes around (descriptors of its fields and methods and of the
 * members it calls, field accesses, {@code checkcast}, {@code instanceof}, {@code anewarray}) are
 * more often interfaces. Java's naming conventions break the tie for the latter: a simple name
 * beginning with {@code Abstract} or ending in {@code Exception} or {@code Error} is a class.
 */
public final class KindEvidence {
    private final Set<String> values = new HashSet<>();
    private final Set<String> classUses = new HashSet<>();

    /** The program handles a value of {@code type} (internal name). */
    void value(String type) {
        values.add(type);
    }

    /** The program names {@code type} (internal name) the way only a class is commonly named. */
    void classUse(String type) {
        classUses.add(type);
    }

    /** Of {@code types}, those the evidence says are interfaces, sorted. */
    public SortedSet<String> interfaceLike(Set<String> types) {
        SortedSet<String> out = new TreeSet<>();
        for (String t : types) {
            if (values.contains(t) && !classUses.contains(t) && !classByName(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean classByName(String type) {
        String simple = type.substring(Math.max(type.lastIndexOf('/'), type.lastIndexOf('$')) + 1);
        return simple.startsWith("Abstract") || simple.endsWith("Exception") || simple.endsWith("Error");
    }
}
