package org.jphantom.analysis.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What a branch of the program tested about a reference before the code it guards runs: at least
 * one of {@link #anyOf}'s predicates held. The IR states it on the copy that redefines the tested
 * value for the guarded code ({@link TypeFilter#guard}); the analysis' plugins decide, per object,
 * whether the object can pass (the reflection model knows the members its {@code Method},
 * {@code Field} and {@code Constructor} objects stand for). An object of which nothing is known
 * passes, so a guard only ever removes objects the predicate is false for.
 *
 * @param anyOf the predicates, at least one, sorted and without repeats
 */
public record Guard(List<Predicate> anyOf) {
    /** A test of a member meta-object ({@code java.lang.reflect.Member} and {@code AnnotatedElement}). */
    public enum Test {
        /** {@code isAnnotationPresent(A.class)}, or {@code getAnnotation(A.class) != null}: the member is annotated with A. */
        ANNOTATED,
        /** {@code getName().equals("s")}: the name is s. */
        NAME_EQUALS,
        /** {@code getName().startsWith("s")}: the name begins with s. */
        NAME_STARTS_WITH
    }

    /** One test with its constant: an annotation's internal name, or a string. */
    public record Predicate(Test test, String constant) implements Comparable<Predicate> {
        @Override
        public int compareTo(Predicate o) {
            int c = test.compareTo(o.test);
            return c != 0 ? c : constant.compareTo(o.constant);
        }

        @Override
        public String toString() {
            return switch (test) {
                case ANNOTATED -> "@" + constant.replace('/', '.');
                case NAME_EQUALS -> "name=\"" + constant + "\"";
                case NAME_STARTS_WITH -> "name^=\"" + constant + "\"";
            };
        }
    }

    public Guard {
        if (anyOf.isEmpty()) {
            throw new IllegalArgumentException("a guard needs a predicate");
        }
        anyOf = List.copyOf(new TreeSet<>(anyOf));
    }

    public static Guard of(Predicate p) {
        return new Guard(List.of(p));
    }

    /** The guard that holds when this one or {@code other} does. */
    public Guard or(Guard other) {
        List<Predicate> all = new ArrayList<>(anyOf);
        all.addAll(other.anyOf);
        return new Guard(all);
    }

    @Override
    public String toString() {
        return anyOf.size() == 1 ? anyOf.get(0).toString() : String.join(" | ", anyOf.stream().map(Object::toString).toList());
    }
}
