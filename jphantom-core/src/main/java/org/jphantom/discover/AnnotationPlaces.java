package org.jphantom.discover;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.jphantom.world.ClassWorld;

/**
 * The places of the program where annotation types flow, and the phantoms that flow there with
 * them: evidence for {@link AnnotationEvidence} that a phantom is an annotation interface because
 * it goes where the program's annotation types go. A class literal passed to a synthetic static
 * accessor ({@code access$000}, which has no {@code Signature}) goes where the accessor passes it
 * on ({@link SyntheticAccessors}): to a parameter whose {@code Signature} wants the class of an
 * annotation type, or not.
 */
final class AnnotationPlaces {
    private static final int MAX_ACCESSORS = 4;

    private final List<Passed> throughAccessors = new ArrayList<>();

    /** A phantom's class literal passed as argument {@code argument} of a synthetic accessor. */
    private record Passed(String type, String owner, String name, String desc, int argument, String where) {
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
}
