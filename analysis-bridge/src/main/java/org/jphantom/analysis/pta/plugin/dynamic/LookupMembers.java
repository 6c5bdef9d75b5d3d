package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * What a {@code MethodHandles.Lookup.find*} on a class can find: per class and kind of lookup, the
 * member names and their descriptors, and whether one symbolic reference resolves to a member of
 * the kind (JVMS 5.4.3.2 to 5.4.3.4: a {@code findVirtual} of a static method, or of a name the
 * class does not have, throws instead of returning a handle). A lookup site's classes, names and
 * types are combined through this index, so the work is the handles that exist, not every triple.
 * Cached per class; maps are sorted, so combination order is stable.
 */
final class LookupMembers {
    /** The descriptors of a signature-polymorphic method: any type resolves (JVMS 5.4.3.3). */
    static final Set<String> ANY = Collections.unmodifiableSet(new HashSet<>());

    private final Program program;
    private final Map<String, Map<String, Set<String>>> methods = new HashMap<>();
    private final Map<String, Map<String, Set<String>>> fields = new HashMap<>();
    private final Map<String, Map<String, Set<String>>> constructors = new HashMap<>();

    LookupMembers(Program program) {
        this.program = program;
    }

    /** Member name -> descriptors a lookup of {@code kind} on {@code owner} may find (a superset; see {@link #finds}). */
    Map<String, Set<String>> of(String owner, HandleTarget.Kind kind) {
        switch (kind) {
            case CONSTRUCTOR:
                return constructors.computeIfAbsent(owner, this::constructorsOf);
            case GETTER:
            case SETTER:
            case STATIC_GETTER:
            case STATIC_SETTER:
                return fields.computeIfAbsent(owner, o -> visible(o, false));
            default:
                return methods.computeIfAbsent(owner, o -> visible(o, true));
        }
    }

    /** Whether the lookup of {@code t}'s kind finds its member (resolution, then the kind's static-ness). */
    boolean finds(HandleTarget t) {
        switch (t.kind()) {
            case CONSTRUCTOR: {
                ClassInfo info = program.world().lookup(t.owner());
                return info != null && !info.isInterface() && info.method("<init>", t.desc()) != null;
            }
            case GETTER:
            case SETTER:
            case STATIC_GETTER:
            case STATIC_SETTER: {
                MemberInfo f = program.world().resolveField(t.owner(), t.name(), t.desc());
                boolean wantStatic = t.kind() == HandleTarget.Kind.STATIC_GETTER || t.kind() == HandleTarget.Kind.STATIC_SETTER;
                return f != null && f.isStatic() == wantStatic;
            }
            default: {
                if (t.name().startsWith("<")) {
                    return false;
                }
                int type = program.type(t.owner());
                JMethod m = program.resolveMethod(t.owner(), t.name(), t.desc(), program.isInterface(type));
                return m != null && m.isStatic() == (t.kind() == HandleTarget.Kind.STATIC);
            }
        }
    }

    /**
     * The handle {@code findSpecial(refc, name, type, specialCaller)} returns for the member
     * {@code t} of {@code refc} (kind {@code SPECIAL}): its receiver type is the caller; when
     * {@code refc} is a class above the caller's direct superclass, the JVM resolves the method
     * again from the caller's direct superclass (JDK {@code Lookup.getDirectMethodCommon}, after
     * JVMS 6.5 {@code invokespecial}), so {@code findSpecial(GrandParent.class, "m", t, Child.class)}
     * runs {@code Parent.m} if it overrides it.
     */
    HandleTarget special(HandleTarget t, String caller) {
        int refc = program.type(t.owner());
        int callerType = program.type(caller);
        int sup = program.superClass(callerType);
        if (t.owner().equals(caller) || program.isInterface(refc) || sup == refc || sup < 0
                || !program.isSubtype(callerType, refc)) {
            return t.withReceiver(caller);
        }
        HandleTarget again = new HandleTarget(HandleTarget.Kind.SPECIAL, program.typeName(sup), t.name(), t.desc());
        return (finds(again) ? again : t).withReceiver(caller);
    }

    private Map<String, Set<String>> constructorsOf(String owner) {
        Map<String, Set<String>> out = new TreeMap<>();
        ClassInfo info = program.world().lookup(owner);
        if (info != null) {
            for (MemberInfo m : info.methods()) {
                if (m.name().equals("<init>")) {
                    out.computeIfAbsent("<init>", k -> new TreeSet<>()).add(m.desc());
                }
            }
        }
        return out;
    }

    /** The methods (or fields) of {@code owner}, its super classes and super interfaces, by name. */
    private Map<String, Set<String>> visible(String owner, boolean ofMethods) {
        Map<String, Set<String>> out = new TreeMap<>();
        boolean polymorphic = owner.equals("java/lang/invoke/MethodHandle") || owner.equals("java/lang/invoke/VarHandle");
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        boolean sawObject = false;
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            ClassInfo info = program.world().lookup(t);
            if (info == null) {
                continue;
            }
            sawObject |= t.equals("java/lang/Object");
            for (MemberInfo m : ofMethods ? info.methods() : info.fields()) {
                if (ofMethods && m.name().startsWith("<")) {
                    continue;
                }
                boolean anyType = polymorphic && ofMethods && (m.access() & Opcodes.ACC_NATIVE) != 0
                        && (m.access() & Opcodes.ACC_VARARGS) != 0;
                if (anyType) {
                    out.put(m.name(), ANY);
                } else if (out.get(m.name()) != ANY) {
                    out.computeIfAbsent(m.name(), k -> new TreeSet<>()).add(m.desc());
                }
            }
            if (info.superName() != null) {
                todo.add(info.superName());
            }
            todo.addAll(info.interfaces());
        }
        if (ofMethods && !sawObject) { // an interface: method resolution also finds Object's public methods
            ClassInfo object = program.world().lookup("java/lang/Object");
            if (object != null) {
                for (MemberInfo m : object.methods()) {
                    if (!m.name().startsWith("<")) {
                        out.computeIfAbsent(m.name(), k -> new TreeSet<>()).add(m.desc());
                    }
                }
            }
        }
        return out;
    }
}
