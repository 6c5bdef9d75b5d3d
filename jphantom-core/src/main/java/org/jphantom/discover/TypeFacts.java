package org.jphantom.discover;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Type;

/**
 * What the scan asks the closed world about the class names and descriptors it meets, asked once
 * per name and once per descriptor: whether the world knows a class, whether constraints on it can
 * matter to the solver, whether it is a platform class concealed from the program, whether it is a
 * program class. A reference then costs one map lookup where it cost one per question. The world
 * does not change while a program is scanned, so every answer holds for the whole scan.
 */
final class TypeFacts {
    /** The facts of one class name (internal form, never an array). */
    static final class Facts {
        final String name;
        final boolean known;
        final boolean relevant;
        /** Whether the scan has recorded this (unknown) name as a phantom: its first use is kept. */
        boolean recorded;
        private Boolean concealed;
        private Boolean programClass;

        private Facts(String name, boolean known, boolean relevant) {
            this.name = name;
            this.known = known;
            this.relevant = relevant;
        }
    }

    private static final Facts[] NONE = new Facts[0];

    private final ClassWorld world;
    private final Predicate<String> concealed;
    private final SharedStrings shared;
    private final Map<String, Facts> byName = new HashMap<>();
    private final Map<String, Facts[]> byDescriptor = new HashMap<>();
    private final Map<String, Boolean> relevantArrays = new HashMap<>();
    /**
     * The last name and descriptor asked about, by identity: a reference's strings are asked about
     * several times in a row (owner: access, type, known; descriptor: types, values), each time the
     * same instance, so the last answer is returned without hashing the string again.
     */
    private String lastName;
    private Facts lastFacts;
    private String lastDescriptor;
    private Facts[] lastClasses;

    /**
     * @param concealed whether a known class lies in a platform package its module does not export
     *     to the program
     * @param shared the instances the scanned trees hold ({@link SharedStrings}): the names read out
     *     of descriptors are keyed by them too
     */
    TypeFacts(ClassWorld world, Predicate<String> concealed, SharedStrings shared) {
        this.world = world;
        this.concealed = concealed;
        this.shared = shared;
    }

    /** The facts of class {@code name} (internal form, not an array). */
    Facts of(String name) {
        if (name == lastName) {
            return lastFacts; // the same string again: one instruction asks up to four questions of its owner
        }
        Facts f = byName.get(name);
        if (f == null) {
            boolean known = world.isKnown(name);
            f = new Facts(name, known, !known || world.hasPhantomAncestor(name));
            byName.put(name, f);
        }
        lastName = name;
        lastFacts = f;
        return f;
    }

    /**
     * The classes a well-formed method or field descriptor (or array descriptor) mentions, in order,
     * element types of arrays included. Descriptors repeat across a program: each is read once.
     */
    Facts[] inDescriptor(String desc) {
        if (desc == lastDescriptor) {
            return lastClasses;
        }
        Facts[] classes = byDescriptor.get(desc);
        if (classes == null) {
            List<Facts> found = new ArrayList<>(2);
            for (int i = 0; i < desc.length(); i++) {
                if (desc.charAt(i) == 'L') {
                    int end = desc.indexOf(';', i);
                    found.add(of(shared.of(desc.substring(i + 1, end))));
                    i = end;
                }
            }
            classes = found.isEmpty() ? NONE : found.toArray(Facts[]::new);
            byDescriptor.put(desc, classes);
        }
        lastDescriptor = desc;
        lastClasses = classes;
        return classes;
    }

    /**
     * Whether constraints involving {@code type} (internal name or array descriptor) can matter to
     * the solver: the type or its element type is phantom, or has a phantom ancestor.
     */
    boolean isRelevant(String type) {
        if (!type.startsWith("[")) {
            return of(type).relevant;
        }
        Boolean r = relevantArrays.get(type);
        if (r == null) {
            Type el = Type.getType(type).getElementType();
            r = el.getSort() == Type.OBJECT && of(el.getInternalName()).relevant;
            relevantArrays.put(type, r);
        }
        return r;
    }

    /** Whether {@code f} is a platform class that its module does not export to the program. */
    boolean concealed(Facts f) {
        if (f.concealed == null) {
            f.concealed = concealed.test(f.name);
        }
        return f.concealed;
    }

    /** Whether {@code f} is a class of the program under complementation. */
    boolean programClass(Facts f) {
        if (f.programClass == null) {
            f.programClass = world.isProgramClass(f.name);
        }
        return f.programClass;
    }
}
