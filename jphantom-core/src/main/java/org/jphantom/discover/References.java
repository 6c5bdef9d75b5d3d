package org.jphantom.discover;

import java.util.Arrays;
import java.util.Set;
import java.util.function.Supplier;
import org.jphantom.JphantomException;
import org.jphantom.model.Origin;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.jphantom.world.MemberKeys;
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
    /**
     * The members of {@link #memberInstruction} whose types are all known, with what their first
     * use found ({@link #RELEVANT}, {@link #CONCEALED}, {@link #PRIVATE}) by {@link MemberKeys} id.
     */
    private final MemberKeys met = new MemberKeys();
    private byte[] metFacts = new byte[1 << 13];
    /** The owner or descriptor names a relevant type. */
    private static final int RELEVANT = 1;
    /** The owner is a platform class concealed from the program ({@link #access}). */
    private static final int CONCEALED = 2;
    /** A program class declares the member private ({@link #privateAccess}). */
    private static final int PRIVATE = 4;

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
        String c = accessed(name);
        if (c != null && facts.concealed(facts.of(c))) {
            discovery.concealedUse(current, c);
        }
    }

    /** The class the JVM checks access to when an instruction names {@code name}; null for a primitive array. */
    private static String accessed(String name) {
        if (!name.startsWith("[")) {
            return name;
        }
        int l = name.indexOf('L');
        return l < 0 ? null : name.substring(l + 1, name.length() - 1);
    }

    /**
     * A use of a member that another program class declares private: the JVM allows it between
     * nestmates only (JVMS 5.4.4). Records the use when the two classes are not nestmates (a damaged
     * NestHost or NestMembers attribute, or code compiled for another nest).
     */
    void privateAccess(String owner, String name, String desc, boolean field) {
        if (!owner.equals(current) && privateInProgram(owner, name, desc, field)
                && !world.nestHostOf(current).equals(world.nestHostOf(owner))) {
            discovery.privateAccess(current, owner + "." + name + (field ? ":" : "") + desc);
        }
    }

    /** Whether a program class {@code owner} declares the member, private. */
    private boolean privateInProgram(String owner, String name, String desc, boolean field) {
        if (owner.startsWith("[") || !facts.programClass(facts.of(owner))) {
            return false;
        }
        ClassInfo declaring = world.lookup(owner);
        MemberInfo m = field ? declaring.field(name, desc) : declaring.method(name, desc);
        return m != null && m.isPrivate();
    }

    /**
     * Records a field or method instruction's reference (JVMS 5.4.3: the JVM resolves its owner
     * with an access check, then the member): the access to its owner ({@link #access}) and to a
     * private member ({@link #privateAccess}), its owner and descriptor types ({@link #type},
     * {@link #descriptor}, {@link #values}) and the member ({@link #member}); returns whether it
     * names a relevant type. A member whose types the world all knows records nothing but the
     * first use of the member, and what the two access checks record for the class using it: its
     * later uses (most instructions) look up what its first use found and do only those checks,
     * and only when they can record something.
     */
    boolean memberInstruction(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                              Supplier<Origin> o) {
        int id = met.find(owner, name, desc, MemberRef.kind(field, isStatic));
        if (id >= 0) {
            int found = metFacts[id];
            if ((found & CONCEALED) != 0) {
                access(owner);
            }
            if ((found & PRIVATE) != 0) {
                privateAccess(owner, name, desc, field);
            }
            return (found & RELEVANT) != 0;
        }
        access(owner);
        privateAccess(owner, name, desc, field);
        boolean rel = type(owner, o) | descriptor(desc, o);
        values(desc);
        member(owner, name, desc, field, isStatic, itf, o);
        if (allKnown(owner) && allKnown(desc)) {
            String accessed = accessed(owner);
            int learnt = (rel ? RELEVANT : 0)
                    | (accessed != null && facts.concealed(facts.of(accessed)) ? CONCEALED : 0)
                    | (privateInProgram(owner, name, desc, field) ? PRIVATE : 0);
            id = met.add(owner, name, desc, MemberRef.kind(field, isStatic));
            if (id == metFacts.length) {
                metFacts = Arrays.copyOf(metFacts, id * 2);
            }
            metFacts[id] = (byte) learnt;
        }
        return rel;
    }

    /** Whether the world knows every class that {@code type} (a class name or a descriptor) names. */
    private boolean allKnown(String type) {
        if (!type.startsWith("[") && !type.startsWith("(")) {
            return facts.of(type).known;
        }
        for (TypeFacts.Facts f : facts.inDescriptor(type)) {
            if (!f.known) {
                return false;
            }
        }
        return true;
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
