package org.jphantom.world;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jphantom.io.ClassSource;
import org.jphantom.solve.KnownTypes;

/**
 * The closed world: every class the program, its class path and the selected JDK define, read
 * from class bytes alone. Lookup follows the JVM's class loader delegation: a package the JDK
 * owns is only ever looked up in the JDK; other names in the program first, then the class path.
 * Library and JDK classes are read lazily, on first lookup.
 */
public final class ClassWorld implements KnownTypes {
    private static final String OBJECT = "java/lang/Object";

    private final Map<String, ClassInfo> program;
    private final ClassSource library;
    private final ClassSource jdk;
    private final Predicate<String> jdkOwnsPackage;
    private final Map<String, ClassInfo> cache = new HashMap<>();
    private final Set<String> missing = new HashSet<>();
    private final Map<String, Boolean> phantomAncestry = new HashMap<>();

    /**
     * @param program        the program's classes, by internal name
     * @param library        the class path
     * @param jdk            the JDK image
     * @param jdkOwnsPackage whether an internal package name belongs to the JDK image
     */
    public ClassWorld(Map<String, ClassInfo> program, ClassSource library, ClassSource jdk,
                      Predicate<String> jdkOwnsPackage) {
        this.program = program;
        this.library = library;
        this.jdk = jdk;
        this.jdkOwnsPackage = jdkOwnsPackage;
    }

    /** The internal package name of an internal class name ("" for the default package). */
    public static String packageOf(String internalName) {
        int i = internalName.lastIndexOf('/');
        return i < 0 ? "" : internalName.substring(0, i);
    }

    /** Whether the JDK image owns the package of {@code internalName}: no class may be generated there. */
    public boolean isPlatformName(String internalName) {
        return jdkOwnsPackage.test(packageOf(internalName));
    }

    /** Whether {@code internalName} is a class of the program under complementation. */
    public boolean isProgramClass(String internalName) {
        return program.containsKey(internalName) && !isPlatformName(internalName);
    }

    /** The declaration of a known class, or null if the closed world lacks it. */
    public ClassInfo lookup(String internalName) {
        ClassInfo info = cache.get(internalName);
        if (info != null || missing.contains(internalName)) {
            return info;
        }
        if (isPlatformName(internalName)) {
            info = read(jdk, internalName);
        } else {
            info = program.get(internalName);
            if (info == null) {
                info = read(library, internalName);
            }
        }
        if (info == null) {
            missing.add(internalName);
        } else {
            cache.put(internalName, info);
        }
        return info;
    }

    private static ClassInfo read(ClassSource source, String internalName) {
        byte[] bytes = source.find(internalName);
        if (bytes == null) {
            return null;
        }
        ClassInfo info = ClassInfo.read(bytes);
        return info.name().equals(internalName) ? info : null;
    }

    /**
     * The nest host of known class {@code internalName} as the JVM decides it (JVMS 5.4.4, with
     * JDK 15's rule for a failed validation): the class its NestHost attribute names, if that class
     * is known, in the same package and lists it among its NestMembers (class files of version 55
     * and later); the class itself otherwise.
     */
    public String nestHostOf(String internalName) {
        ClassInfo c = lookup(internalName);
        if (c == null || c.nestHost() == null || c.version() < 55) {
            return internalName;
        }
        ClassInfo host = lookup(c.nestHost());
        boolean valid = host != null && host.version() >= 55 && packageOf(c.nestHost()).equals(packageOf(internalName))
                && host.nestMembers().contains(internalName);
        return valid ? c.nestHost() : internalName;
    }

    @Override
    public boolean isKnown(String type) {
        return lookup(type) != null;
    }

    @Override
    public boolean isInterface(String type) {
        return lookup(type).isInterface();
    }

    @Override
    public String superName(String type) {
        ClassInfo info = lookup(type);
        if (info.isInterface()) {
            return OBJECT;
        }
        return info.superName();
    }

    @Override
    public List<String> interfaces(String type) {
        return lookup(type).interfaces();
    }

    @Override
    public boolean allowsDirectSubtype(String sup, String sub) {
        ClassInfo info = lookup(sup);
        if (info.isFinal()) {
            return false;
        }
        return !info.isSealed() || info.permittedSubclasses().contains(sub);
    }

    /**
     * Whether a known type has, among its transitive supertypes, a type the closed world lacks
     * (a phantom). Such a type's ancestry is not fixed: constraints on it are the solver's.
     */
    public boolean hasPhantomAncestor(String type) {
        Boolean cached = phantomAncestry.get(type);
        if (cached != null) {
            return cached;
        }
        ClassInfo info = lookup(type);
        boolean result = false;
        if (info == null) {
            result = true;
        } else {
            phantomAncestry.put(type, Boolean.FALSE); // guards against cyclic input
            if (info.superName() != null && hasPhantomAncestor(info.superName())) {
                result = true;
            }
            for (String itf : info.interfaces()) {
                if (!result && hasPhantomAncestor(itf)) {
                    result = true;
                }
            }
        }
        phantomAncestry.put(type, result);
        return result;
    }

    /**
     * Whether the known hierarchy alone has {@code sub <: sup} (reflexive; super classes and
     * super interfaces, transitively). Missing types on the way are simply not followed.
     */
    public boolean knownSubtype(String sub, String sup) {
        if (sub.equals(sup) || sup.equals(OBJECT)) {
            return true;
        }
        Deque<String> work = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        work.add(sub);
        while (!work.isEmpty()) {
            String t = work.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (t.equals(sup)) {
                return true;
            }
            ClassInfo info = lookup(t);
            if (info == null) {
                continue;
            }
            if (info.superName() != null) {
                work.add(info.superName());
            }
            work.addAll(info.interfaces());
        }
        return false;
    }

    /**
     * JVMS 5.4.3.3/5.4.3.4 method resolution over the known part of the hierarchy.
     *
     * @return the resolved method, or null if no known class or interface on the way declares it
     */
    public MemberInfo resolveMethod(String owner, String name, String desc, boolean itf) {
        ClassInfo start = lookup(owner);
        if (start == null) {
            return null;
        }
        if (!itf && !start.isInterface()) {
            for (ClassInfo c = start; c != null; c = c.superName() == null ? null : lookup(c.superName())) {
                MemberInfo m = c.method(name, desc);
                if (m != null) {
                    return m;
                }
                MemberInfo poly = signaturePolymorphic(c, name);
                if (poly != null) {
                    return poly;
                }
            }
        } else {
            MemberInfo m = start.method(name, desc);
            if (m != null) {
                return m;
            }
            ClassInfo object = lookup(OBJECT);
            if (object != null) {
                MemberInfo om = object.method(name, desc);
                if (om != null && (om.access() & org.objectweb.asm.Opcodes.ACC_PUBLIC) != 0 && !om.isStatic()) {
                    return om;
                }
            }
        }
        return superInterfaceMethod(start, name, desc);
    }

    private MemberInfo signaturePolymorphic(ClassInfo c, String name) {
        if (!c.name().equals("java/lang/invoke/MethodHandle") && !c.name().equals("java/lang/invoke/VarHandle")) {
            return null;
        }
        for (MemberInfo m : c.methodsNamed(name)) {
            int acc = m.access();
            if ((acc & org.objectweb.asm.Opcodes.ACC_NATIVE) != 0 && (acc & org.objectweb.asm.Opcodes.ACC_VARARGS) != 0) {
                return m;
            }
        }
        return null;
    }

    private MemberInfo superInterfaceMethod(ClassInfo start, String name, String desc) {
        Deque<String> work = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (ClassInfo c = start; c != null; c = c.superName() == null ? null : lookup(c.superName())) {
            work.addAll(c.interfaces());
        }
        MemberInfo abstractOne = null;
        while (!work.isEmpty()) {
            String t = work.poll();
            if (!seen.add(t)) {
                continue;
            }
            ClassInfo info = lookup(t);
            if (info == null) {
                continue;
            }
            MemberInfo m = info.method(name, desc);
            if (m != null && !m.isPrivate() && !m.isStatic()) {
                if (!m.isAbstract()) {
                    return m;
                }
                if (abstractOne == null) {
                    abstractOne = m;
                }
            }
            work.addAll(info.interfaces());
        }
        return abstractOne;
    }

    /** JVMS 5.4.3.2 field resolution over the known part of the hierarchy; null if not found. */
    public MemberInfo resolveField(String owner, String name, String desc) {
        return resolveField(owner, name, desc, new HashSet<>());
    }

    private MemberInfo resolveField(String owner, String name, String desc, Set<String> seen) {
        if (owner == null || !seen.add(owner)) {
            return null;
        }
        ClassInfo c = lookup(owner);
        if (c == null) {
            return null;
        }
        MemberInfo f = c.field(name, desc);
        if (f != null) {
            return f;
        }
        for (String itf : c.interfaces()) {
            f = resolveField(itf, name, desc, seen);
            if (f != null) {
                return f;
            }
        }
        return c.isInterface() ? null : resolveField(c.superName(), name, desc, seen);
    }
}
