package org.jphantom.generate;

import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import org.jphantom.discover.AnnotationUses;
import org.jphantom.discover.InnerClassRef;

/**
 * What the program's own attributes say about phantoms beyond their members, for
 * {@link ClassGenerator}: type parameter counts (from {@code Signature} attributes), the
 * {@code InnerClasses} entries of missing nested classes, the uses of annotation types, and the
 * exceptions each phantom method may declare (by {@code CaughtExceptions.key}).
 */
public record ProgramView(SortedMap<String, Integer> typeParameters, SortedMap<String, InnerClassRef> innerClasses,
        SortedMap<String, AnnotationUses.Use> annotationUses, SortedMap<String, SortedSet<String>> throwsByMethod) {
    /** A view with nothing in it: phantoms not generic, not nested, annotations without meta-annotations. */
    public static ProgramView empty() {
        return new ProgramView(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    }
}
