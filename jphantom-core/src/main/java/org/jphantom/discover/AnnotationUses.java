package org.jphantom.discover;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.tree.AnnotationNode;

/**
 * Where the program uses each annotation type, and how: whether some use is runtime-visible
 * ({@code RuntimeVisible*Annotations}: the type's retention is RUNTIME) and on which kinds of
 * declarations ({@code java.lang.annotation.ElementType} names: TYPE, FIELD, METHOD, CONSTRUCTOR,
 * PARAMETER). Annotations nested in annotation values are element values, not uses. A type the
 * program reads reflectively is runtime-visible too.
 */
public final class AnnotationUses {
    /** One annotation type's uses. */
    public record Use(boolean visible, SortedSet<String> targets) {
    }

    private final SortedMap<String, Boolean> visible = new TreeMap<>();
    private final SortedMap<String, SortedSet<String>> targets = new TreeMap<>();

    void record(List<AnnotationNode> annotations, boolean runtimeVisible, String target) {
        if (annotations == null) {
            return;
        }
        for (AnnotationNode a : annotations) {
            if (a.desc == null || !a.desc.startsWith("L") || !a.desc.endsWith(";")) {
                continue;
            }
            String type = a.desc.substring(1, a.desc.length() - 1);
            visible.merge(type, runtimeVisible, Boolean::logicalOr);
            targets.computeIfAbsent(type, t -> new TreeSet<>()).add(target);
        }
    }

    /**
     * The program reads {@code type} reflectively ({@link AnnotationEvidence}): what it reads is
     * runtime-visible. No declaration kind is added.
     */
    void readReflectively(String type) {
        visible.put(type, true);
        targets.computeIfAbsent(type, t -> new TreeSet<>());
    }

    /** Uses by annotation type (internal name). */
    public SortedMap<String, Use> uses() {
        SortedMap<String, Use> out = new TreeMap<>();
        visible.forEach((type, v) -> out.put(type, new Use(v, Collections.unmodifiableSortedSet(targets.get(type)))));
        return Collections.unmodifiableSortedMap(out);
    }
}
