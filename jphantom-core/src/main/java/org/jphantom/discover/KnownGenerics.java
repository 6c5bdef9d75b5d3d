package org.jphantom.discover;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;

/**
 * What the known classes' own {@code Signature} attributes say about their type parameters, for
 * signatures written into phantoms: a known class is <em>plainly generic</em> when it is public,
 * not an inner (non-static) member class, and each of its type parameters is bounded by
 * {@code Object} alone, so any reference type is a valid argument ({@code List<E>},
 * {@code Map<K,V>}, {@code Optional<T>}; not {@code Enum<E extends Enum<E>>}).
 */
public final class KnownGenerics {
    private final ClassWorld world;
    private final Map<String, List<String>> formals = new HashMap<>();

    public KnownGenerics(ClassWorld world) {
        this.world = world;
    }

    /**
     * The type parameter names of known class {@code name} (empty when it is not generic), or null
     * when it is unknown, not public, an inner class, or has a parameter bounded by more than Object.
     */
    List<String> formals(String name) {
        return formals.computeIfAbsent(name, this::read);
    }

    /** Whether {@code type} (a type signature's node) may be written as a type argument in a phantom. */
    boolean writable(TypeTree type) {
        return switch (type.sort()) {
            case '[' -> type.arguments().get(0).sort() == 'B' || writable(type.arguments().get(0));
            case 'L' -> !world.isKnown(type.name()) || (formals(type.name()) != null && type.arguments().isEmpty());
            default -> false;
        };
    }

    private List<String> read(String name) {
        ClassInfo c = world.isKnown(name) ? world.lookup(name) : null;
        if (c == null || (c.access() & Opcodes.ACC_PUBLIC) == 0) {
            return null;
        }
        for (var f : c.fields()) {
            if (f.name().startsWith("this$") && !f.isStatic()) {
                return null; // an inner class: its signature may name its outer class's variables
            }
        }
        return c.signature() == null ? List.of() : TypeTree.plainFormals(c.signature());
    }
}
