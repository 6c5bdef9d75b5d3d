package org.jphantom.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jphantom.model.TypeKind;
import org.junit.jupiter.api.Test;

/** Annotation evidence refines a solved interface only where the solution agrees. */
class EvidentAnnotationsTest {
    private static final String ANNOTATION = "java/lang/annotation/Annotation";

    @Test
    void onlyPlainInterfacesNoClassImplementsBecomeAnnotations() {
        TreeMap<String, PhantomShape> shapes = new TreeMap<>();
        shapes.put("p/Open", new PhantomShape("p/Open", TypeKind.INTERFACE, "java/lang/Object", List.of(),
                "kind left open: interface, as the program's uses say"));
        shapes.put("p/Called", new PhantomShape("p/Called", TypeKind.INTERFACE, "java/lang/Object", List.of(),
                "must be an interface: invokeinterface"));
        shapes.put("p/Extends", new PhantomShape("p/Extends", TypeKind.INTERFACE, "java/lang/Object", List.of("p/Other"),
                "must be an interface: x"));
        shapes.put("p/Implemented", new PhantomShape("p/Implemented", TypeKind.INTERFACE, "java/lang/Object", List.of(),
                "must be an interface: x"));
        shapes.put("p/Impl", new PhantomShape("p/Impl", TypeKind.CLASS, "java/lang/Object", List.of("p/Implemented"),
                "must be a class: new"));
        shapes.put("p/Klass", new PhantomShape("p/Klass", TypeKind.CLASS, "java/lang/Object", List.of(), "must be a class: new"));
        shapes.put("p/Other", new PhantomShape("p/Other", TypeKind.INTERFACE, "java/lang/Object", List.of(), "x"));
        TreeMap<String, String> evidence = new TreeMap<>();
        for (String p : List.of("p/Open", "p/Called", "p/Extends", "p/Implemented", "p/Klass")) {
            evidence.put(p, "read");
        }
        Solution out = EvidentAnnotations.apply(new Solution(shapes), evidence);
        Map<String, TypeKind> kinds = new TreeMap<>();
        out.phantoms().forEach((n, s) -> kinds.put(n, s.kind()));
        assertEquals(Map.of("p/Open", TypeKind.ANNOTATION, "p/Called", TypeKind.ANNOTATION, "p/Extends", TypeKind.INTERFACE,
                "p/Implemented", TypeKind.INTERFACE, "p/Impl", TypeKind.CLASS, "p/Klass", TypeKind.CLASS,
                "p/Other", TypeKind.INTERFACE), kinds);
        assertEquals(List.of(ANNOTATION), out.phantoms().get("p/Open").interfaces());
        assertEquals("read", out.phantoms().get("p/Open").reason());
        assertEquals("must be an interface: invokeinterface; read", out.phantoms().get("p/Called").reason());
    }
}
