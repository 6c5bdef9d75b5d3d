package org.jphantom.discover;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Evidence that a phantom is an annotation interface although the program never annotates anything
 * with it: the program reads it reflectively. A value whose static type is
 * {@code java.lang.annotation.Annotation} (what {@code getAnnotation(Class<A>)} and every
 * {@code <A extends Annotation> A find(.., Class<A>)} return, erased) is cast to or tested against
 * the phantom; the phantom's class literal is passed where a method's {@code Signature} expects the
 * class of an annotation type ({@code Class<? extends Annotation>}, {@code Class<A>} with
 * {@code A extends Annotation}), also through the synthetic accessor javac writes for a private
 * method used by a nested class; or a program class's {@code InnerClasses} entry of the nested
 * phantom carries {@code ACC_ANNOTATION} (what its compiler knew); or the phantom goes where the
 * program's annotation types go ({@link AnnotationPlaces}, which also follows the accessors). A
 * phantom read reflectively, or handled where annotation types are, is read at run time: its
 * retention is RUNTIME (recorded in {@link AnnotationUses}).
 *
 * <p>Evidence, not a constraint: {@link #annotations} keeps only the phantoms whose every use fits
 * an annotation interface, and the solver's kinds come first ({@code solve.EvidentAnnotations}).
 */
public final class AnnotationEvidence {
    private final SortedMap<String, String> read = new TreeMap<>();
    /** By nested type: whether every InnerClasses entry of it has ACC_ANNOTATION. */
    private final Map<String, Boolean> declared = new HashMap<>();
    private final Set<String> implemented = new HashSet<>();
    private final AnnotationUses uses;
    private final AnnotationPlaces places;

    AnnotationEvidence(AnnotationUses uses, AnnotationPlaces places) {
        this.uses = uses;
        this.places = places;
    }

    /** The program reads {@code type} as an annotation; {@code how} says where, for the report. */
    void readReflectively(String type, String how) {
        read.putIfAbsent(type, how);
        uses.readReflectively(type);
    }

    /** An {@code InnerClasses} entry of a program class gives nested {@code type} these flags. */
    void innerClassFlags(String type, int access) {
        declared.merge(type, (access & Opcodes.ACC_ANNOTATION) != 0, (a, b) -> a && b);
    }

    /** A program class that is not an interface implements {@code type}. */
    void implementedByClass(String type) {
        implemented.add(type);
    }

    /**
     * The phantoms the evidence says are annotation interfaces, with the reason: read reflectively
     * or declared so by an {@code InnerClasses} entry (and no entry says otherwise), or going where
     * the program's annotation types go ({@link AnnotationPlaces#spread}); and each not implemented
     * by a program class, not generic, and used only as an annotation interface can be: its methods
     * the program calls are elements ({@code ()R}, {@code R} a primitive, {@code String},
     * {@code Class}, an enum or annotation type or a phantom, or a one-dimensional array of one) or
     * the methods of {@code Object} and {@code Annotation}; no constructor, no static method.
     */
    public SortedMap<String, String> annotations(Discovery discovery, ClassWorld world) {
        places.followAccessors(discovery.syntheticAccessors(), world, this::readReflectively);
        SortedMap<String, String> candidates = new TreeMap<>(read);
        declared.forEach((type, annotation) -> {
            if (!annotation) {
                candidates.remove(type);
            } else {
                candidates.putIfAbsent(type, "annotation interface: its InnerClasses entry says so");
            }
        });
        Set<String> unfit = new HashSet<>();
        for (MemberRef m : discovery.memberRefs()) {
            if (!unfit.contains(m.owner()) && discovery.phantomTypes().containsKey(m.owner()) && !fits(m, world)) {
                unfit.add(m.owner());
            }
        }
        Predicate<String> eligible = t -> discovery.phantomTypes().containsKey(t) && !implemented.contains(t)
                && discovery.genericArity().arities().getOrDefault(t, 0) == 0 && !unfit.contains(t)
                && !Boolean.FALSE.equals(declared.get(t));
        candidates.keySet().removeIf(eligible.negate());
        Set<String> shown = new HashSet<>(candidates.keySet());
        uses.uses().forEach((type, use) -> {
            if (!use.targets().isEmpty()) {
                shown.add(type); // annotates a declaration of the program
            }
        });
        places.spread(shown, eligible, world).forEach((type, why) -> {
            readReflectively(type, why); // what the program handles as an annotation is read at run time
            candidates.putIfAbsent(type, why);
        });
        return Collections.unmodifiableSortedMap(candidates);
    }

    private static boolean fits(MemberRef m, ClassWorld world) {
        if (m.field()) {
            return m.isStatic(); // a constant
        }
        if (m.isStatic() || m.name().equals("<init>") || m.name().equals("<clinit>")) {
            return false;
        }
        String sig = m.name() + m.desc();
        if (sig.equals("equals(Ljava/lang/Object;)Z") || sig.equals("hashCode()I")
                || sig.equals("toString()Ljava/lang/String;") || sig.equals("annotationType()Ljava/lang/Class;")) {
            return true;
        }
        if (!m.desc().startsWith("()")) {
            return false;
        }
        Type r = Type.getReturnType(m.desc());
        if (r.getSort() == Type.ARRAY) {
            if (r.getDimensions() != 1) {
                return false;
            }
            r = r.getElementType();
        }
        return switch (r.getSort()) {
            case Type.VOID, Type.METHOD -> false;
            case Type.OBJECT -> elementClass(r.getInternalName(), world);
            default -> true;
        };
    }

    private static boolean elementClass(String type, ClassWorld world) {
        if (type.equals("java/lang/String") || type.equals("java/lang/Class")) {
            return true;
        }
        ClassInfo info = world.lookup(type);
        if (info == null) {
            return true; // a phantom: it may be an enum or an annotation
        }
        return (info.access() & Opcodes.ACC_ENUM) != 0 || (info.access() & Opcodes.ACC_ANNOTATION) != 0;
    }
}
