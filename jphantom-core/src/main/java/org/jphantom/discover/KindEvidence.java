package org.jphantom.discover;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.Opcodes;

/**
 * How the program uses each type, as evidence for the kind of a phantom whose kind the
 * constraints leave open (it never overrides a constraint). The evidence is weighed in this order,
 * the first that speaks deciding:
 * <ol>
 * <li>what the compiler of the program knew: the flags of a nested phantom's {@code InnerClasses}
 *     entry in a program class ({@code ACC_INTERFACE} or not), then the position of the phantom as
 *     a bound of a type parameter in the program's own {@code Signature} attributes (a class bound
 *     or an interface bound);</li>
 * <li>uses that only a class has: the owner of a static field access (except a read of a constant
 *     of the owner's own member type, below), a {@code throws} clause, an exception handler, the
 *     outer class of a member class that an {@code InnerClasses} entry gives no {@code public} or
 *     no {@code static} flag (an interface's member classes are implicitly both);</li>
 * <li>a simple name beginning with {@code Abstract} or ending in {@code Exception} or
 *     {@code Error}: a class;</li>
 * <li>values the program only passes around (descriptors of its fields and methods and of the
 *     members it calls, field accesses, {@code checkcast}, {@code instanceof}, {@code anewarray}),
 *     and reads of constants whose type is the owner's own member class ({@code STInsetMode.AUTO}
 *     of type {@code STInsetMode$Enum}: the constants of xmlbeans' generated schema interfaces):
 *     an interface;</li>
 * <li>anything else (class literals, no use beyond the name): a class.</li>
 * </ol>
 * {@link #steps} names the step that decides each type, for the report's reasons. Measured on the
 * tuning and held-out X-minus pairs of {@code bench/fidelity.sh}; the kind of a
 * phantom's siblings (the phantoms of its package whose kind the constraints fix) was tried as
 * evidence for the last step and made the tuning set worse, so it is not used.
 */
public final class KindEvidence {
    private final Set<String> values = new HashSet<>();
    private final Set<String> classUses = new HashSet<>();
    private final Set<String> memberConstants = new HashSet<>();
    /** By type: true when the compiler's view (InnerClasses flags, bound position) says interface. */
    private final Map<String, Boolean> declared = new HashMap<>();
    private final Map<String, Boolean> bounds = new HashMap<>();

    /** The program handles a value of {@code type} (internal name). */
    void value(String type) {
        values.add(type);
    }

    /** The program names {@code type} (internal name) the way only a class is commonly named. */
    void classUse(String type) {
        classUses.add(type);
    }

    /** The program reads a static field of {@code owner} whose type is a member class of {@code owner}. */
    void memberConstant(String owner) {
        memberConstants.add(owner);
    }

    /**
     * An {@code InnerClasses} entry gives a member class of {@code outer} these flags: one that is
     * not both public and static cannot be a member of an interface.
     */
    void memberFlags(String outer, int access) {
        if ((access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC)) != (Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC)) {
            classUses.add(outer);
        }
    }

    /** Whether field descriptor {@code desc} names a member class of {@code owner} ({@code Lowner$Name;}). */
    static boolean ofMemberType(String desc, String owner) {
        return desc.length() > owner.length() + 3 && desc.startsWith(owner + "$", 1) && desc.charAt(0) == 'L'
                && desc.endsWith(";") && desc.indexOf('$', owner.length() + 2) < 0 && desc.indexOf('/', owner.length() + 2) < 0;
    }

    /** An {@code InnerClasses} entry of a program class gives nested {@code type} these flags. */
    void innerClassFlags(String type, int access) {
        declared.merge(type, (access & Opcodes.ACC_INTERFACE) != 0, (a, b) -> a && b);
    }

    /** A class or method signature of the program: records the bounds of its type parameters. */
    void signature(String signature) {
        SignatureBounds.read(signature, (type, itf) -> bounds.merge(type, itf, (a, b) -> a && b));
    }

    /** Of {@code types}, those the evidence says are interfaces, sorted. */
    public SortedSet<String> interfaceLike(Set<String> types) {
        SortedSet<String> out = new TreeSet<>();
        for (String t : types) {
            if (step(t).isInterface()) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * For each of {@code types}, the step of the order above that decides its kind if the
     * constraints leave it open ({@link Step#label()}), for the reasons of the report.
     */
    public SortedMap<String, String> steps(Set<String> types) {
        SortedMap<String, String> out = new TreeMap<>();
        for (String t : types) {
            out.put(t, step(t).label());
        }
        return out;
    }

    /** The steps of the evidence order, each with the kind it gives. */
    enum Step {
        INNER_CLASS_INTERFACE("InnerClasses flags", true),
        INNER_CLASS_CLASS("InnerClasses flags", false),
        BOUND_INTERFACE("type-parameter bound", true),
        BOUND_CLASS("type-parameter bound", false),
        CLASS_USE("a use only a class has", false),
        NAME("its name", false),
        VALUES("values only", true),
        MEMBER_CONSTANTS("constants of its member type", true),
        NONE("no evidence", false);

        private final String label;
        private final boolean itf;

        Step(String label, boolean itf) {
            this.label = label;
            this.itf = itf;
        }

        String label() {
            return label;
        }

        boolean isInterface() {
            return itf;
        }
    }

    Step step(String t) {
        Boolean compiler = declared.get(t);
        if (compiler != null) {
            return compiler ? Step.INNER_CLASS_INTERFACE : Step.INNER_CLASS_CLASS;
        }
        Boolean bound = bounds.get(t);
        if (bound != null) {
            return bound ? Step.BOUND_INTERFACE : Step.BOUND_CLASS;
        }
        if (classUses.contains(t)) {
            return Step.CLASS_USE;
        }
        if (classByName(t)) {
            return Step.NAME;
        }
        if (values.contains(t)) {
            return Step.VALUES;
        }
        return memberConstants.contains(t) ? Step.MEMBER_CONSTANTS : Step.NONE;
    }

    private static boolean classByName(String type) {
        String simple = type.substring(Math.max(type.lastIndexOf('/'), type.lastIndexOf('$')) + 1);
        return simple.startsWith("Abstract") || simple.endsWith("Exception") || simple.endsWith("Error");
    }
}
