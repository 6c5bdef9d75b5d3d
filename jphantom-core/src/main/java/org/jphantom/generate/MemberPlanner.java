package org.jphantom.generate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.discover.Discovery;
import org.jphantom.discover.MemberRef;
import org.jphantom.discover.Names;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * Decides which members each phantom declares. A member used on a phantom goes to that phantom
 * unless the phantom already inherits it from a known supertype; a member used on a known class
 * that resolves nowhere goes to the first phantom met in JVM resolution order (the phantom
 * projection set, thesis Sec. 4.6.1). Then every concrete class, phantom or known, whose
 * completed ancestry leaves an abstract method without a concrete implementation gets one, so
 * no {@code AbstractMethodError} can come from the complement.
 */
public final class MemberPlanner {
    private final ClassWorld world;
    private final CompletedHierarchy hierarchy;
    private final SortedMap<String, SortedSet<PlannedMember>> plan = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();

    public MemberPlanner(ClassWorld world, CompletedHierarchy hierarchy) {
        this.world = world;
        this.hierarchy = hierarchy;
    }

    /** Plans every phantom's members. */
    public SortedMap<String, SortedSet<PlannedMember>> plan(Discovery discovery, Set<String> phantoms,
                                                            Iterable<String> programClasses) {
        for (String p : phantoms) {
            plan.put(p, new TreeSet<>());
        }
        // Most references resolve in the known world and place nothing. Each is placed in any
        // order; only those with an outcome are sorted (by key) and take effect in that order.
        List<Outcome> outcomes = new ArrayList<>();
        for (MemberRef ref : discovery.memberRefs()) {
            Outcome outcome = new Outcome(ref);
            place(ref, outcome);
            if (outcome.any()) {
                outcomes.add(outcome);
            }
        }
        outcomes.sort(java.util.Comparator.comparing(Outcome::key));
        for (Outcome outcome : outcomes) {
            outcome.apply();
        }
        discovery.annotationElements().forEach((annotation, elements) -> {
            if (hierarchy.isPhantom(annotation)) {
                elements.forEach((name, desc) -> {
                    if (!inObject(name, "()" + desc)) {
                        add(annotation, new PlannedMember(name, "()" + desc, false, false, true));
                    }
                });
            }
        });
        for (String p : phantoms) {
            if (!hierarchy.isInterface(p)) {
                for (MemberInfo m : unimplemented(p)) {
                    add(p, new PlannedMember(m.name(), m.desc(), false, false, false));
                }
            }
        }
        for (String k : programClasses) {
            ClassInfo c = world.lookup(k);
            if (c == null || c.isInterface() || c.isAbstract() || !world.hasPhantomAncestor(k)) {
                continue;
            }
            for (MemberInfo m : unimplemented(k)) {
                String target = firstPhantomClass(k);
                if (target == null) {
                    target = firstPhantomInterface(k);
                }
                if (target != null) {
                    add(target, new PlannedMember(m.name(), m.desc(), false, false, false));
                }
            }
        }
        return plan;
    }

    public List<String> warnings() {
        return warnings;
    }

    private void add(String phantom, PlannedMember m) {
        plan.get(phantom).add(m);
    }

    /** What placing one member reference does: members to add, warnings; nothing, mostly. */
    private final class Outcome {
        private final MemberRef ref;
        private String key;
        private List<Runnable> effects;

        Outcome(MemberRef ref) {
            this.ref = ref;
        }

        void add(String phantom, PlannedMember m) {
            effect(() -> MemberPlanner.this.add(phantom, m));
        }

        void warn(String warning) {
            effect(() -> warnings.add(warning));
        }

        private void effect(Runnable effect) {
            if (effects == null) {
                effects = new ArrayList<>(1);
            }
            effects.add(effect);
        }

        boolean any() {
            return effects != null;
        }

        /** {@link MemberRef#key()}: the order in which outcomes take effect. */
        String key() {
            if (key == null) {
                key = ref.key();
            }
            return key;
        }

        void apply() {
            effects.forEach(Runnable::run);
        }
    }

    private void place(MemberRef ref, Outcome outcome) {
        String owner = ref.owner();
        if (owner.charAt(0) == '[') {
            arrayMember(ref, outcome);
            return;
        }
        // A phantom is a type the world lacks: one lookup tells a known owner (most references)
        // from a phantom one and from one that is neither.
        ClassInfo known = world.lookup(owner);
        if (known == null) {
            if (hierarchy.isPhantom(owner)) {
                phantomMember(ref, outcome);
            }
            return;
        }
        knownMember(ref, known, outcome);
    }

    /** A member used on phantom {@code ref.owner()}. */
    private void phantomMember(MemberRef ref, Outcome outcome) {
        String owner = ref.owner();
        if (!ref.field() && ref.name().equals("<init>")) {
            outcome.add(owner, new PlannedMember(ref.name(), ref.desc(), false, false, true));
            return;
        }
        MemberInfo objects = hierarchy.isInterface(owner) && !ref.field() ? objectMethod(ref.name(), ref.desc()) : null;
        if (objects != null && (!ref.isStatic() || objects.isFinal())) {
            // JVMS 5.4.3.4 step 3: interface method resolution finds Object's public instance
            // methods; declaring one would be useless at best and, for Object's final methods
            // (getClass, notify, notifyAll, wait), make the interface fail to load.
            if (ref.isStatic()) {
                outcome.warn("unsatisfiable reference to " + describe(ref) + " in " + ref.origin()
                        + ": a static method of an interface cannot have the signature of final Object."
                        + ref.name() + ref.desc());
            }
            return;
        }
        if (!inheritedFromKnown(owner, ref)) {
            outcome.add(owner, new PlannedMember(ref.name(), ref.desc(), ref.field(), ref.isStatic(), true));
        }
    }

    /** A member used on {@code known}, a class of the world. */
    private void knownMember(MemberRef ref, ClassInfo known, Outcome outcome) {
        String owner = ref.owner();
        if (!ref.field() && ref.itf() != known.isInterface()) {
            // JVMS 5.4.3.3/5.4.3.4: a Methodref to an interface, or an InterfaceMethodref to a class
            outcome.warn("incompatible reference to " + describe(ref) + " in " + ref.origin() + ": used as a method of "
                    + (ref.itf() ? "an interface" : "a class") + ", but known " + Names.javaName(owner) + " is "
                    + (ref.itf() ? "a class" : "an interface") + "; the JVM throws IncompatibleClassChangeError there");
            return;
        }
        if (!ref.field() && ref.name().equals("<init>")) {
            if (known.method("<init>", ref.desc()) == null) {
                outcome.warn("unresolvable reference to " + describe(ref) + " in " + ref.origin()
                        + ": constructors are not inherited, and known " + Names.javaName(owner) + " declares no such one");
            }
            return;
        }
        MemberInfo found = ref.field() ? world.resolveField(owner, ref.name(), ref.desc())
                : world.resolveMethod(owner, ref.name(), ref.desc(), ref.itf());
        if (found != null) {
            if (found.isStatic() != ref.isStatic()) {
                // the program's own bug: the JVM's resolution throws IncompatibleClassChangeError
                outcome.warn("incompatible reference to " + describe(ref) + " in " + ref.origin() + ": used as "
                        + (ref.isStatic() ? "static" : "an instance member") + ", but it resolves to "
                        + (found.isStatic() ? "a static" : "an instance") + " member of known "
                        + Names.javaName(owner) + " or its supertypes; the JVM throws IncompatibleClassChangeError there");
            }
            return;
        }
        if (inheritedFromKnown(owner, ref)) {
            return; // resolves in a known class above a phantom of the completed hierarchy
        }
        if (!world.hasPhantomAncestor(owner)) {
            outcome.warn("unresolvable reference to " + describe(ref) + " in " + ref.origin()
                    + ": " + Names.javaName(owner) + " is known and declares no such member");
            return;
        }
        String target = placement(ref);
        if (target == null) {
            outcome.warn("cannot place " + describe(ref) + " (used in " + ref.origin() + ") in any phantom supertype of "
                    + Names.javaName(owner));
            return;
        }
        outcome.add(target, new PlannedMember(ref.name(), ref.desc(), ref.field(), ref.isStatic(), true));
    }

    /**
     * A member used on an array type (JVMS 5.4.3.3): an array class has no fields, and its methods
     * are {@code java.lang.Object}'s and a public {@code clone()}. A use that the JVM cannot
     * resolve is the program's own defect: warned, naming where it is.
     */
    private void arrayMember(MemberRef ref, Outcome outcome) {
        String problem = null;
        if (ref.field()) {
            problem = "array types have no fields; the JVM throws NoSuchFieldError there";
        } else if (ref.itf()) {
            problem = "used as a method of an interface, but an array type is a class; the JVM throws"
                    + " IncompatibleClassChangeError there";
        } else {
            ClassInfo object = world.lookup("java/lang/Object");
            MemberInfo m = object == null ? null : object.method(ref.name(), ref.desc());
            boolean clone = ref.name().equals("clone") && ref.desc().equals("()Ljava/lang/Object;");
            if (m == null && !clone) {
                problem = "an array type has only the methods of java.lang.Object and clone(); the JVM throws"
                        + " NoSuchMethodError there";
            } else if (ref.isStatic() != (m != null && !clone && m.isStatic())) {
                problem = "used as " + (ref.isStatic() ? "static" : "an instance member") + ", but it resolves to "
                        + (ref.isStatic() ? "an instance" : "a static") + " method of java.lang.Object; the JVM"
                        + " throws IncompatibleClassChangeError there";
            }
        }
        if (problem != null) {
            outcome.warn("unresolvable reference to " + describe(ref) + " in " + ref.origin() + ": " + problem);
        }
    }

    /** Whether {@code java.lang.Object} declares a public instance method {@code name desc}. */
    private boolean inObject(String name, String desc) {
        return objectMethod(name, desc) != null;
    }

    /** {@code java.lang.Object}'s public instance method {@code name desc}, or null. */
    private MemberInfo objectMethod(String name, String desc) {
        ClassInfo object = world.lookup("java/lang/Object");
        MemberInfo m = object == null ? null : object.method(name, desc);
        return m != null && (m.access() & Opcodes.ACC_PUBLIC) != 0 && !m.isStatic() ? m : null;
    }

    private static String describe(MemberRef ref) {
        return Names.javaName(ref.owner()) + "." + ref.name() + (ref.field() ? ":" : "") + ref.desc();
    }

    /** Where a member used on a known class must go, following JVM resolution order. */
    private String placement(MemberRef ref) {
        String owner = ref.owner();
        boolean ownerItf = hierarchy.isInterface(owner);
        if (ref.field()) {
            // fields: the class, its super interfaces, then its super class
            for (String c : hierarchy.classChain(owner)) {
                if (hierarchy.isPhantom(c) && (ref.isStatic() || !hierarchy.isInterface(c))) {
                    return c;
                }
                if (ref.isStatic()) {
                    for (String i : hierarchy.allInterfaces(c)) {
                        if (hierarchy.isPhantom(i)) {
                            return i;
                        }
                    }
                }
            }
            return null;
        }
        if (!ownerItf) {
            String c = firstPhantomClass(owner);
            if (c != null) {
                return c;
            }
        }
        if (ref.isStatic()) {
            return null; // static methods are not inherited from interfaces
        }
        return firstPhantomInterface(owner);
    }

    private String firstPhantomClass(String type) {
        for (String c : hierarchy.classChain(type)) {
            if (hierarchy.isPhantom(c) && !hierarchy.isInterface(c)) {
                return c;
            }
        }
        return null;
    }

    private String firstPhantomInterface(String type) {
        for (String i : hierarchy.allInterfaces(type)) {
            if (hierarchy.isPhantom(i) && !hierarchy.shape(i).kind().equals(org.jphantom.model.TypeKind.ANNOTATION)) {
                return i;
            }
        }
        return null;
    }

    /**
     * Whether a known proper supertype of {@code owner} in the completed hierarchy already
     * provides the member (declaring it again could override a final method, or hide the real one).
     */
    private boolean inheritedFromKnown(String owner, MemberRef ref) {
        List<String> supers = new ArrayList<>(hierarchy.classChain(owner));
        supers.remove(0);
        supers.addAll(hierarchy.allInterfaces(owner));
        for (String s : supers) {
            ClassInfo c = hierarchy.isPhantom(s) ? null : world.lookup(s);
            if (c == null) {
                continue;
            }
            MemberInfo m = ref.field() ? c.field(ref.name(), ref.desc()) : c.method(ref.name(), ref.desc());
            // A protected or package-private member is only inherited usefully when the caller may
            // access it: javac compiled `p.clone()` on a phantom p because the real class made it
            // public, so the phantom re-declares it publicly (unless it is final).
            boolean visible = (m != null) && ((m.access() & Opcodes.ACC_PUBLIC) != 0 || m.isFinal());
            if (m != null && visible && !m.isPrivate() && (m.isStatic() == ref.isStatic() || m.isFinal())) {
                if (c.isInterface() && m.isStatic() && !ref.field()) {
                    continue; // static interface methods are not inherited
                }
                return true;
            }
        }
        return false;
    }

    /**
     * The abstract instance methods that class {@code type} inherits with no concrete
     * implementation in its completed ancestry (planned phantom members count as concrete).
     */
    List<MemberInfo> unimplemented(String type) {
        // The nearest declaration on the class chain decides (JVMS 5.4.6 selection); interfaces
        // only matter for methods no class on the chain declares.
        Set<String> decided = new HashSet<>();
        Map<String, MemberInfo> missing = new LinkedHashMap<>();
        String pkg = ClassWorld.packageOf(type);
        for (String c : hierarchy.classChain(type)) {
            if (hierarchy.isPhantom(c)) {
                for (PlannedMember m : plan.getOrDefault(c, new TreeSet<>())) {
                    if (!m.field() && !m.isStatic()) {
                        decided.add(m.name() + m.desc());
                    }
                }
                continue;
            }
            ClassInfo info = world.lookup(c);
            if (info == null) {
                continue;
            }
            for (MemberInfo m : info.methods()) {
                if (m.isStatic() || m.isPrivate() || m.name().startsWith("<")) {
                    continue;
                }
                String key = m.name() + m.desc();
                if (!decided.add(key)) {
                    continue;
                }
                boolean packagePrivate = (m.access() & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) == 0;
                if (m.isAbstract() && !(packagePrivate && !ClassWorld.packageOf(c).equals(pkg))) {
                    missing.put(key, m);
                }
            }
        }
        Set<String> defaults = new HashSet<>();
        Map<String, MemberInfo> interfaceAbstracts = new LinkedHashMap<>();
        for (String i : hierarchy.allInterfaces(type)) {
            if (hierarchy.isPhantom(i)) {
                if (hierarchy.shape(i).kind() != org.jphantom.model.TypeKind.ANNOTATION) {
                    for (PlannedMember m : plan.getOrDefault(i, new TreeSet<>())) {
                        if (!m.field() && !m.isStatic()) {
                            defaults.add(m.name() + m.desc()); // phantom interface methods are default methods
                        }
                    }
                }
                continue;
            }
            ClassInfo info = world.lookup(i);
            if (info == null) {
                continue;
            }
            for (MemberInfo m : info.methods()) {
                if (m.isStatic() || m.isPrivate() || m.name().startsWith("<")) {
                    continue;
                }
                if (m.isAbstract()) {
                    interfaceAbstracts.putIfAbsent(m.name() + m.desc(), m);
                } else {
                    defaults.add(m.name() + m.desc());
                }
            }
        }
        interfaceAbstracts.forEach((key, m) -> {
            if (!decided.contains(key) && !defaults.contains(key)) {
                missing.putIfAbsent(key, m);
            }
        });
        return new ArrayList<>(missing.values());
    }
}
