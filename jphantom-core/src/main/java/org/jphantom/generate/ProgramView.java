package org.jphantom.generate;

import java.util.HashSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.discover.AnnotationUses;
import org.jphantom.discover.InnerClassRef;

/**
 * What the program's own attributes say about phantoms beyond their members, for
 * {@link ClassGenerator}: type parameter counts (from {@code Signature} attributes), the
 * {@code InnerClasses} entries of missing nested classes, the uses of annotation types, the
 * exceptions each phantom method may declare, the generic signatures of phantom methods, and the
 * methods of phantom functional interfaces to make abstract (all by {@code CaughtExceptions.key}),
 * and the generic signatures of phantom fields (by {@code owner.name:desc}).
 */
public record ProgramView(SortedMap<String, Integer> typeParameters, SortedMap<String, InnerClassRef> innerClasses,
        SortedMap<String, AnnotationUses.Use> annotationUses, SortedMap<String, SortedSet<String>> throwsByMethod,
        SortedMap<String, String> methodSignatures, SortedMap<String, String> fieldSignatures,
        SortedSet<String> abstractMethods) {
    /** A view with nothing in it: phantoms not generic, not nested, annotations without meta-annotations. */
    public static ProgramView empty() {
        return new ProgramView(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(),
                new TreeMap<>(), new TreeSet<>());
    }

    /**
     * Of the methods lambdas implement ({@code functional}), those that may be abstract: the
     * functional interface's method, which javac needs abstract to see a functional interface,
     * unless some class of the program or phantom class implements the interface (it would then
     * inherit an abstract method it may not implement: AbstractMethodError). The interfaces of
     * {@code functional} are phantoms, so only a class with a phantom among its ancestors can
     * implement one: the others' interfaces are not gathered.
     */
    public static SortedSet<String> abstractMethods(SortedSet<String> functional, Iterable<String> classes,
            CompletedHierarchy hierarchy) {
        SortedSet<String> out = new TreeSet<>();
        if (functional.isEmpty()) {
            return out;
        }
        Set<String> implemented = new HashSet<>();
        for (String c : classes) {
            if (hierarchy.exists(c) && hierarchy.reachesPhantom(c) && !hierarchy.isInterface(c)) {
                implemented.addAll(hierarchy.allInterfaces(c));
            }
        }
        for (String key : functional) {
            if (!implemented.contains(key.substring(0, key.indexOf('.')))) {
                out.add(key);
            }
        }
        return out;
    }
}
