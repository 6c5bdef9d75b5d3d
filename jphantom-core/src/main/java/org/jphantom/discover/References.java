package org.jphantom.discover;

import java.util.Set;
import java.util.function.Supplier;
import org.jphantom.JphantomException;
import org.jphantom.model.Origin;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Records what one program class references, one reference at a time, in the {@link Discovery}:
 * class names and descriptors (a name the world lacks becomes a phantom, with its first use),
 * members, method handles and constants, the classes the JVM checks access to (a concealed
 * platform class, a private member of a program class outside the nest). Each type reference
 * answers whether it is relevant ({@link TypeFacts#isRelevant}), which the callers fold into the
 * decision whether a method needs the dataflow.
 */
final class References {
    private final ClassWorld world;
    private final Discovery discovery;
    private final TypeFacts facts;
    /** The program class whose references are being recorded. */
    private String current;

    References(ClassWorld world, Discovery discovery, TypeFacts facts) {
        this.world = world;
        this.discovery = discovery;
        this.facts = facts;
    }

    /** The class the following references are read from. */
    void from(String programClass) {
        current = programClass;
    }

    /** Whether the closed world knows class {@code name} (internal form, not an array). */
    boolean known(String name) {
        return facts.of(name).known;
    }

    /** Records a referenced type (internal name or array descriptor); returns its relevance. */
    boolean type(String name, Supplier<Origin> o) {
        if (name.startsWith("[")) {
            return descriptor(name, o);
        }
        return type(facts.of(name), o);
    }

    private boolean type(TypeFacts.Facts f, Supplier<Origin> o) {
        if (f.known) {
            return f.relevant;
        }
        if (!f.recorded) {
            if (!Names.isValidClassName(f.name)) {
                Origin where = o.get();
                throw JphantomException.input(where.className().replace('/', '.') + ": references an invalid class name '"
                        + f.name + "' (" + where + ")");
            }
            discovery.phantomType(f.name, o);
            f.recorded = true;
        }
        return true;
    }

    /** Records the class types of a method, field or array descriptor; returns whether one is relevant. */
    boolean descriptor(String desc, Supplier<Origin> o) {
        boolean rel = false;
        for (TypeFacts.Facts f : facts.inDescriptor(desc)) {
            rel |= type(f, o);
        }
        return rel;
    }

    /**
     * Records the class types of a descriptor (a method's parameters and return, or a field's type;
     * element types of arrays) as values the program handles: evidence for a phantom's kind.
     */
    void values(String desc) {
        for (TypeFacts.Facts f : facts.inDescriptor(desc)) {
            if (!f.known) {
                discovery.kindEvidence().value(f.name); // only phantoms' kinds are ever asked for
            }
        }
    }

    /**
     * A class the JVM resolves with an access check (JVMS 5.4.4): a super type, or the class an
     * instruction names (an array's element type). Records a use of a concealed platform class.
     */
    void access(String name) {
        String c = name;
        if (c.startsWith("[")) {
            int l = c.indexOf('L');
            if (l < 0) {
                return;
            }
            c = c.substring(l + 1, c.length() - 1);
        }
        TypeFacts.Facts f = facts.of(c);
        if (facts.concealed(f)) {
            discovery.concealedUse(current, c);
        }
    }

    /**
     * A use of a member that another program class declares private: the JVM allows it between
     * nestmates only (JVMS 5.4.4). Records the use when the two classes are not nestmates (a damaged
     * NestHost or NestMembers attribute, or code compiled for another nest).
     */
    void privateAccess(String owner, String name, String desc, boolean field) {
        if (owner.startsWith("[") || owner.equals(current) || !facts.programClass(facts.of(owner))) {
            return;
        }
        ClassInfo declaring = world.lookup(owner);
        MemberInfo m = field ? declaring.field(name, desc) : declaring.method(name, desc);
        if (m != null && m.isPrivate() && !world.nestHostOf(current).equals(world.nestHostOf(owner))) {
            discovery.privateAccess(current, owner + "." + name + (field ? ":" : "") + desc);
        }
    }

    /** Records a use of a member; the origin is built only if it is the member's first use. */
    void member(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                Supplier<Origin> o) {
        discovery.member(owner, name, desc, field, isStatic, itf, o);
    }

    /** Records a method handle: its owner, descriptor and member; returns whether one is relevant. */
    boolean handle(Handle h, Supplier<Origin> o) {
        boolean rel = type(h.getOwner(), o);
        if (h.getTag() >= Opcodes.H_INVOKEVIRTUAL && !world.isKnown(h.getOwner())) {
            discovery.caughtExceptions().use(h.getOwner(), h.getName(), h.getDesc(), Set.of(), Set.of());
        }
        int tag = h.getTag();
        boolean field = tag <= Opcodes.H_PUTSTATIC;
        rel |= descriptor(h.getDesc(), o);
        boolean isStatic = tag == Opcodes.H_GETSTATIC || tag == Opcodes.H_PUTSTATIC || tag == Opcodes.H_INVOKESTATIC;
        member(h.getOwner(), h.getName(), h.getDesc(), field, isStatic, h.isInterface(), o);
        return rel;
    }

    /**
     * Records a loadable constant (a class or method type, a method handle, a dynamic constant with
     * its bootstrap arguments); returns whether it names a relevant type.
     */
    boolean constant(Object cst, Supplier<Origin> o) {
        if (cst instanceof Type t) {
            return descriptor(t.getDescriptor(), o);
        } else if (cst instanceof Handle h) {
            return handle(h, o);
        } else if (cst instanceof ConstantDynamic cd) {
            boolean rel = descriptor(cd.getDescriptor(), o) | handle(cd.getBootstrapMethod(), o);
            for (int i = 0; i < cd.getBootstrapMethodArgumentCount(); i++) {
                rel |= constant(cd.getBootstrapMethodArgument(i), o);
            }
            return rel;
        }
        return false;
    }
}
