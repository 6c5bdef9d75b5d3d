package org.jphantom.analysis.pta.plugin.reflect;

import java.util.List;
import org.jphantom.analysis.ir.Guard;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;

/**
 * What of this model's meta-objects passes a {@link Guard}. A known member passes when a test may
 * be true for it by its name and its runtime-visible annotations (what {@code getName},
 * {@code isAnnotationPresent} and {@code getAnnotation} of its object answer), and is dropped
 * otherwise. A partial member passes unchanged when its known name makes a test true, is dropped
 * when its name makes every test false, and otherwise becomes a partial restricted by the guard
 * ({@link Meta#guards}), whose target search keeps only the members the guard may be true for
 * ({@link #holds}). Anything else (lazy objects, unknown classes, objects of other models, members
 * of classes jphantom generated, whose annotations are unknown) passes unchanged.
 */
final class MemberGuards {
    /** A guarded partial keeps at most this many guards; past it, it passes unchanged. */
    private static final int MAX_GUARDS = 4;

    private enum Truth { TRUE, FALSE, UNKNOWN }

    private final Program program;
    private final MetaObjects metas;

    MemberGuards(Program program, MetaObjects metas) {
        this.program = program;
        this.metas = metas;
    }

    /** The object that passes {@code guard} for {@code csObject}: itself, its restriction, or -1 for none. */
    int guarded(Guard guard, int csObject) {
        Meta m = metas.meta(csObject);
        if (m == null) {
            return csObject;
        }
        List<String> annotations = annotations(m);
        String name = name(m);
        boolean unknown = false;
        for (Guard.Predicate p : guard.anyOf()) {
            Truth t = truth(p, name, annotations);
            if (t == Truth.TRUE) {
                return csObject;
            }
            unknown |= t == Truth.UNKNOWN;
        }
        if (!unknown) {
            return -1;
        }
        if (!m.isPartial() || m.guards().contains(guard) || m.guards().size() >= MAX_GUARDS) {
            return csObject;
        }
        return metas.guarded(csObject, m, guard);
    }

    /** Whether every guard of a partial may be true for method or constructor {@code m}, one of its targets. */
    boolean holds(Meta partial, JMethod m) {
        return partial.guards().isEmpty() || holds(partial.guards(), memberName(m), annotationsOf(m));
    }

    /** Whether every guard of a partial may be true for field {@code f}, one of its targets. */
    boolean holds(Meta partial, JField f) {
        return partial.guards().isEmpty() || holds(partial.guards(), f.name(), annotationsOf(f));
    }

    private static boolean holds(List<Guard> guards, String name, List<String> annotations) {
        for (Guard g : guards) {
            boolean may = false;
            for (Guard.Predicate p : g.anyOf()) {
                if (truth(p, name, annotations) != Truth.FALSE) {
                    may = true;
                    break;
                }
            }
            if (!may) {
                return false;
            }
        }
        return true;
    }

    /** What {@code p} is for a member of {@code name} (null: unknown) with {@code annotations} (null: unknown). */
    private static Truth truth(Guard.Predicate p, String name, List<String> annotations) {
        return switch (p.test()) {
            case ANNOTATED -> annotations == null ? Truth.UNKNOWN : of(annotations.contains(p.constant()));
            case NAME_EQUALS -> name == null ? Truth.UNKNOWN : of(name.equals(p.constant()));
            case NAME_STARTS_WITH -> name == null ? Truth.UNKNOWN : of(name.startsWith(p.constant()));
        };
    }

    private static Truth of(boolean b) {
        return b ? Truth.TRUE : Truth.FALSE;
    }

    /** What {@code getName()} of the object returns, or null when unknown. */
    private String name(Meta m) {
        return switch (m.kind()) {
            case METHOD, CONSTRUCTOR -> memberName(m.method());
            case FIELD -> m.field().name();
            case PARTIAL_CONSTRUCTOR -> m.type() < 0 ? null : binaryName(m.type());
            case PARTIAL_METHOD, PARTIAL_FIELD -> m.name();
            default -> null;
        };
    }

    /** {@code getName()} of a method's object; a constructor's is the binary name of its class. */
    private String memberName(JMethod m) {
        return m.name().equals("<init>") ? binaryName(m.declaringType()) : m.name();
    }

    private String binaryName(int type) {
        return program.typeName(type).replace('/', '.');
    }

    /** The member's runtime-visible annotations, or null when unknown. */
    private List<String> annotations(Meta m) {
        return switch (m.kind()) {
            case METHOD, CONSTRUCTOR -> annotationsOf(m.method());
            case FIELD -> annotationsOf(m.field());
            default -> null;
        };
    }

    private List<String> annotationsOf(JMethod m) {
        return program.isGenerated(m.declaringType()) ? null : program.annotations(m);
    }

    private List<String> annotationsOf(JField f) {
        return program.isGenerated(program.type(f.owner())) ? null : program.annotations(f);
    }
}
