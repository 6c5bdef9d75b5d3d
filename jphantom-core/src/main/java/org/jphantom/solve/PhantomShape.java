package org.jphantom.solve;

import java.util.List;
import org.jphantom.model.TypeKind;

/**
 * The solved shape of one phantom type: its kind ({@link TypeKind#CLASS}, {@link TypeKind#INTERFACE}
 * or {@link TypeKind#ANNOTATION}; a class that must be instantiable is still a CLASS here), its
 * direct super class ({@code java/lang/Object} for interfaces) and its direct super interfaces,
 * sorted. {@code reason} says in a few words why the kind was chosen ("must be a class:
 * invokevirtual in a.B.m()V", "defaults to interface").
 */
public record PhantomShape(String name, TypeKind kind, String superName, List<String> interfaces, String reason) {
    public PhantomShape {
        interfaces = List.copyOf(interfaces);
    }

    public boolean isInterface() {
        return kind.isInterface();
    }
}
