package org.jphantom.discover;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodNode;

/**
 * The places of the program where annotation types flow, and the phantoms that flow there with
 * them: evidence for {@link AnnotationEvidence} that a phantom is an annotation interface because
 * it goes where the program's annotation types go.
 * <ul>
 * <li>A class literal passed to a synthetic static accessor ({@code access$000}, which has no
 *     {@code Signature}) goes where the accessor passes it on ({@link SyntheticAccessors}): to a
 *     parameter whose {@code Signature} wants the class of an annotation type, or not.</li>
 * <li>A {@code Class} parameter of a phantom's method (no {@code Signature} to read) that the
 *     program passes the class literal of an annotation type to takes annotation types: jqwik's
 *     {@code TypeUsage.findAnnotation(Class)} gets {@code ForAll.class}, an annotation by other
 *     evidence, and {@code UseType.class}, which is one too; spring's
 *     {@code MethodParameter.hasParameterAnnotation(Class)} likewise.</li>
 * <li>A parameter position of the methods of one name and arity declared by the direct subclasses
 *     of one superclass (other than {@code Object}) takes annotation types if one of them takes an
 *     annotation type there: jqwik's configurators, each a subclass of
 *     {@code ArbitraryConfiguratorBase} with a {@code configure(Arbitrary, A)} whose {@code A} is
 *     the annotation it handles (found reflectively by the base class).</li>
 * </ul>
 * The last two spread from the annotation types the program shows otherwise (and from each other,
 * to a fixpoint). A place also given a known type that is not an annotation interface (a class
 * literal of a program or library class, a parameter of such a type) is a place for any type, and
 * no evidence.
 */
final class AnnotationPlaces {
    private static final int MAX_ACCESSORS = 4;

    private final List<Passed> throughAccessors = new ArrayList<>();
    /** By place (a phantom's method and argument; a superclass, method name, arity and parameter): its types. */
    private final SortedMap<String, Place> places = new TreeMap<>();

    /** A phantom's class literal passed as argument {@code argument} of a synthetic accessor. */
    private record Passed(String type, String owner, String name, String desc, int argument, String where) {
    }

    /** The types that flow to one place, each with where it was first seen there. */
    private record Place(String label, SortedMap<String, String> types) {
    }

    /**
     * The class literal of phantom {@code type} is passed as argument {@code argument} of the
     * program's synthetic static method {@code owner.name desc} ({@code where} says in which method,
     * for the report): evidence if the accessor passes it on where the class of an annotation type
     * is wanted.
     */
    void passedToAccessor(String type, String owner, String name, String desc, int argument, String where) {
        throughAccessors.add(new Passed(type, owner, name, desc, argument, where));
    }

    /**
     * The class literal of {@code type} (a phantom's or a known class's) is passed as argument
     * {@code argument}, a {@code Class}, of the phantom's method {@code owner.name desc}, in the
     * program's method {@code where}.
     */
    void passedToPhantom(String type, String owner, String name, String desc, int argument, String where) {
        places.computeIfAbsent("literal " + owner + "." + name + desc + " " + argument,
                k -> new Place("argument " + argument + " of " + Names.javaName(owner) + "." + name + desc, new TreeMap<>()))
                .types().computeIfAbsent(type, t -> "its class literal passed in " + where);
    }

    /**
     * Method {@code m} of program class {@code owner}, whose superclass is {@code superName}: its
     * reference-typed parameters are the types of the places its overridable methods share with
     * the same methods of its siblings.
     */
    void method(String owner, String superName, MethodNode m) {
        if (superName == null || superName.equals("java/lang/Object") || m.name.startsWith("<")
                || (m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC)) != 0) {
            return;
        }
        Type[] params = Type.getArgumentTypes(m.desc);
        for (int i = 0; i < params.length; i++) {
            if (params[i].getSort() != Type.OBJECT) {
                continue;
            }
            int position = i;
            int arity = params.length;
            places.computeIfAbsent("sibling " + superName + " " + m.name + " " + arity + " " + i,
                    k -> new Place("parameter " + position + " of the methods " + m.name + " with " + arity
                            + " parameters of the direct subclasses of " + Names.javaName(superName), new TreeMap<>()))
                    .types().computeIfAbsent(params[i].getInternalName(), t -> "as in " + Names.javaName(owner) + "." + m.name + m.desc);
        }
    }

    /**
     * Follows each literal passed to an accessor through it (and any accessor it calls, a few at
     * most) to the first method that is not one, and hands {@code found} the literal's type, with
     * the reason, when that method's parameter wants the class of an annotation type.
     */
    void followAccessors(SyntheticAccessors accessors, ClassWorld world, BiConsumer<String, String> found) {
        for (Passed p : throughAccessors) {
            String owner = p.owner();
            String name = p.name();
            String desc = p.desc();
            int argument = p.argument();
            for (int step = 0; step < MAX_ACCESSORS; step++) {
                SyntheticAccessors.Forward f = accessors.forward(owner, name, desc, argument);
                if (f == null || f.argument() >= Integer.SIZE) {
                    break;
                }
                int mask = AnnotationReads.annotationClassParameters(world, f.owner(), f.name(), f.desc(), f.itf());
                if ((mask & (1 << f.argument())) != 0) {
                    found.accept(p.type(), "annotation interface: its class literal is passed to "
                            + Names.javaName(f.owner()) + "." + f.name() + " through " + Names.javaName(p.owner()) + "."
                            + p.name() + p.where());
                    break;
                }
                owner = f.owner();
                name = f.name();
                desc = f.desc();
                argument = f.argument();
            }
        }
    }

    /**
     * The phantoms that go where annotation types go, with the reason: starting from
     * {@code annotations} (phantoms the program shows are annotation types) and the known
     * annotation interfaces, every phantom that {@code eligible} accepts at a place that takes an
     * annotation type and no known type that is not one, until no place adds one.
     */
    SortedMap<String, String> spread(Set<String> annotations, Predicate<String> eligible, ClassWorld world) {
        SortedMap<String, String> found = new TreeMap<>();
        SortedSet<String> known = new TreeSet<>(annotations);
        List<Place> open = new ArrayList<>();
        for (Place place : places.values()) {
            if (place.types().size() > 1 && place.types().keySet().stream().allMatch(t -> !world.isKnown(t)
                    || isKnownAnnotation(world, t))) {
                open.add(place);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Place place : open) {
                String witness = place.types().keySet().stream()
                        .filter(t -> known.contains(t) || isKnownAnnotation(world, t)).findFirst().orElse(null);
                if (witness == null) {
                    continue;
                }
                for (var e : place.types().entrySet()) {
                    String t = e.getKey();
                    if (!known.contains(t) && !world.isKnown(t) && eligible.test(t)) {
                        known.add(t);
                        found.put(t, "annotation interface: it goes where annotation " + Names.javaName(witness)
                                + " goes, " + place.label() + ", " + e.getValue());
                        changed = true;
                    }
                }
            }
        }
        return found;
    }

    private static boolean isKnownAnnotation(ClassWorld world, String type) {
        ClassInfo info = world.lookup(type);
        return info != null && (info.access() & Opcodes.ACC_ANNOTATION) != 0;
    }
}
