package org.jphantom.extract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jphantom.discover.ReferenceScanner;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Type;

/**
 * Collects the constraints that matter to the solver, normalised: array subtyping reduced to
 * element types, {@code null} and {@code Object} targets dropped, facts between fixed types
 * dropped (they hold already, or no complement can change them), duplicates folded into their
 * first occurrence (with a count). Insertion order is the program's sorted scan order.
 */
public final class ConstraintSet {
    private static final String OBJECT = "java/lang/Object";

    private final ClassWorld world;
    private final ReferenceScanner relevance;
    private final Map<String, Constraint> constraints = new LinkedHashMap<>();
    private final Map<String, Integer> occurrences = new LinkedHashMap<>();

    public ConstraintSet(ClassWorld world, ReferenceScanner relevance) {
        this.world = world;
        this.relevance = relevance;
    }

    /** Records {@code sub <: sup} (internal names or array descriptors, or {@code null}). */
    public void subtype(String sub, String sup, Supplier<Origin> origin) {
        if (sub.equals(sup) || sup.equals(OBJECT) || sub.equals(TypeValue.NULL_TYPE)) {
            return;
        }
        if (sub.startsWith("[")) {
            if (sup.startsWith("[")) {
                Type a = Type.getType(sub.substring(1));
                Type b = Type.getType(sup.substring(1));
                if (isReference(a) && isReference(b)) {
                    subtype(a.getInternalName(), b.getInternalName(), origin);
                }
            }
            return; // arrays are assignable to Object, Cloneable, Serializable; nothing else is ours
        }
        if (sup.startsWith("[")) {
            return; // a non-array can never become an array: the input itself is broken here
        }
        boolean subRelevant = relevance.isRelevant(sub);
        boolean supPhantom = !world.isKnown(sup);
        if (!subRelevant && !supPhantom) {
            return; // fixed types on both sides
        }
        if (world.isKnown(sub) && world.knownSubtype(sub, sup)) {
            return; // already true through the known part
        }
        if (!subRelevant && supPhantom && world.isKnown(sub)) {
            // A type with a fixed ancestry never reaches a phantom: the verifier can only accept
            // this flow because it treats an interface target like Object. So sup is an interface.
            kind(sup, TypeKind.INTERFACE, () -> {
                Origin o = origin.get();
                return new Origin(o.className(), o.method(), o.insn(),
                        o.what() + ": receives " + sub.replace('/', '.') + ", which only an interface target accepts");
            });
            return;
        }
        add("S " + sub + " " + sup, () -> new Constraint.Subtype(sub, sup, origin.get()));
    }

    private static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    /**
     * JVMS 4.10.1.8: using a protected member that a super class in another run-time package
     * declares needs the receiver to be assignable to the current class. Records that for each
     * receiver type when the member resolves in the known part to such a declaration.
     */
    public void protectedReceiver(String current, String owner, String name, String desc, boolean field,
                                  String[] receiverTypes, Supplier<Origin> origin) {
        if (owner.startsWith("[") || !world.isKnown(owner)) {
            return; // members placed in phantoms are public
        }
        org.jphantom.world.MemberInfo m = field ? world.resolveField(owner, name, desc)
                : world.resolveMethod(owner, name, desc, false);
        if (m == null || (m.access() & org.objectweb.asm.Opcodes.ACC_PROTECTED) == 0 || m.isStatic()
                || ClassWorld.packageOf(m.owner()).equals(ClassWorld.packageOf(current))
                || !world.knownSubtype(current, m.owner())) {
            return;
        }
        for (String r : receiverTypes) {
            if (!r.startsWith("[")) {
                subtype(r, current, origin);
            }
        }
    }

    /** Records that {@code type} must be of the given kind; ignored for known and array types. */
    public void kind(String type, TypeKind kind, Supplier<Origin> origin) {
        if (type.startsWith("[") || world.isKnown(type)) {
            return;
        }
        add("K " + type + " " + kind, () -> new Constraint.Kind(type, kind, origin.get()));
    }

    private void add(String key, Supplier<Constraint> make) {
        Integer n = occurrences.get(key);
        if (n == null) {
            constraints.put(key, make.get());
            occurrences.put(key, 1);
        } else {
            occurrences.put(key, n + 1);
        }
    }

    /** The distinct constraints, each with its first origin, in discovery order. */
    public List<Constraint> constraints() {
        return Collections.unmodifiableList(new ArrayList<>(constraints.values()));
    }

    /** How many uses produced each distinct constraint (same order as {@link #constraints()}). */
    public List<Integer> occurrences() {
        return List.copyOf(occurrences.values());
    }

    public int size() {
        return constraints.size();
    }
}
