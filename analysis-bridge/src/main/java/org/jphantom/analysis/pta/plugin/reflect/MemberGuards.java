package org.jphantom.analysis.pta.plugin.reflect;

import java.util.List;
import org.jphantom.analysis.ir.Guard;
import org.jphantom.analysis.lang.Program;

/**
 * Which meta-objects of this model a {@link Guard} lets through: a known member by its name and its
 * runtime-visible annotations (what {@code getName}, {@code isAnnotationPresent} and
 * {@code getAnnotation} of its object answer); a partial member by its name when that is known;
 * anything else (lazy objects, unknown classes, objects of other models, members of phantom
 * classes, whose annotations are unknown) passes.
 */
final class MemberGuards {
    private final Program program;
    private final MetaObjects metas;

    MemberGuards(Program program, MetaObjects metas) {
        this.program = program;
        this.metas = metas;
    }

    boolean admits(Guard guard, int csObject) {
        Meta m = metas.meta(csObject);
        if (m == null) {
            return true;
        }
        for (Guard.Predicate p : guard.anyOf()) {
            if (mayHold(p, m)) {
                return true;
            }
        }
        return false;
    }

    private boolean mayHold(Guard.Predicate p, Meta m) {
        return switch (p.test()) {
            case ANNOTATED -> {
                List<String> annotations = annotations(m);
                yield annotations == null || annotations.contains(p.constant());
            }
            case NAME_EQUALS -> {
                String name = name(m);
                yield name == null || name.equals(p.constant());
            }
            case NAME_STARTS_WITH -> {
                String name = name(m);
                yield name == null || name.startsWith(p.constant());
            }
        };
    }

    /** What {@code getName()} of the object returns, or null when unknown. */
    private String name(Meta m) {
        return switch (m.kind()) {
            case METHOD -> m.method().name();
            case FIELD -> m.field().name();
            // Constructor.getName() is the binary name of its class
            case CONSTRUCTOR -> program.typeName(m.method().declaringType()).replace('/', '.');
            case PARTIAL_CONSTRUCTOR -> m.type() < 0 ? null : program.typeName(m.type()).replace('/', '.');
            case PARTIAL_METHOD, PARTIAL_FIELD -> m.name();
            default -> null;
        };
    }

    /** The member's runtime-visible annotations, or null when unknown. */
    private List<String> annotations(Meta m) {
        return switch (m.kind()) {
            case METHOD, CONSTRUCTOR -> program.isGenerated(m.method().declaringType()) ? null
                    : program.annotations(m.method());
            case FIELD -> program.isGenerated(program.type(m.field().owner())) ? null : program.annotations(m.field());
            default -> null;
        };
    }
}
