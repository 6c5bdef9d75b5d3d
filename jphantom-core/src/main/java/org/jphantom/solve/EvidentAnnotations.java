package org.jphantom.solve;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jphantom.model.TypeKind;

/**
 * Makes a solved phantom interface an annotation interface when the program's uses say it is one
 * (it reads the phantom reflectively, or its compiler recorded it as one; see
 * {@code discover.AnnotationEvidence}) and the solution agrees: the phantom is an interface whose
 * only super interface is {@code java.lang.annotation.Annotation}, if any, and no phantom class
 * implements it. Every constraint still holds: an annotation interface is an interface, and its
 * new super interface {@code Annotation} only adds ancestors. A phantom the constraints make a class
 * stays a class; evidence never overrides them.
 */
public final class EvidentAnnotations {
    private static final String ANNOTATION = "java/lang/annotation/Annotation";

    private EvidentAnnotations() {
    }

    /**
     * @param evidence phantoms the evidence says are annotation interfaces, with the reason
     * @return the solution with those phantoms made annotation interfaces where it agrees
     */
    public static Solution apply(Solution solution, SortedMap<String, String> evidence) {
        Set<String> implemented = new HashSet<>();
        for (PhantomShape p : solution.phantoms().values()) {
            if (!p.isInterface()) {
                implemented.addAll(p.interfaces());
            }
        }
        SortedMap<String, PhantomShape> out = new TreeMap<>(solution.phantoms());
        evidence.forEach((name, why) -> {
            PhantomShape p = solution.phantoms().get(name);
            if (p == null || p.kind() != TypeKind.INTERFACE || implemented.contains(name)
                    || !p.interfaces().stream().allMatch(ANNOTATION::equals)) {
                return;
            }
            String reason = p.reason().startsWith("kind left open") ? why : p.reason() + "; " + why;
            out.put(name, new PhantomShape(name, TypeKind.ANNOTATION, p.superName(), List.of(ANNOTATION), reason));
        });
        return new Solution(out);
    }
}
