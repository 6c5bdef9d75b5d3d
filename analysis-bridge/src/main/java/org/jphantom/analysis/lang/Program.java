package org.jphantom.analysis.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.MemberRefMap;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodNode;

/**
 * The analysed program as the solver sees it: every type, method and field the analysis meets gets
 * a dense index. Declarations come from the core's {@link ClassWorld} (class bytes only: the
 * program, its class path and the JDK image); method bodies are read from the same bytes, one
 * method at a time, when the method becomes reachable.
 *
 * <p>Types are classes and interfaces (known or missing), array types (by descriptor) and the
 * synthetic classes of lambda objects. Subtyping and method resolution (JVMS 5.4.3.3/4) are answered
 * here, selection (JVMS 5.4.6, including maximally-specific default methods) by {@link
 * MethodSelection}, class files by {@link ClassFiles}, all with caches. Not thread-safe: one instance
 * per analysis run.
 */
public final class Program {
    public static final String OBJECT = "java/lang/Object";
    static final int KIND_CLASS = 0;
    static final int KIND_MISSING = 1;
    static final int KIND_ARRAY = 2;
    static final int KIND_PRIMITIVE = 3;
    static final int KIND_SYNTHETIC = 4;

    private final ClassWorld world;
    private final Set<String> programClasses;
    private final Set<String> libraryClasses;
    private final LoadClock clock;
    private final ClassFiles classFiles;
    private final MethodSelection selection = new MethodSelection(this);
    private List<String> closedWorld;

    // types
    private final Map<String, Integer> typeIds = new HashMap<>();
    private final List<String> typeNames = new ArrayList<>();
    private final IntList typeKind = new IntList();
    private final List<ClassInfo> typeInfo = new ArrayList<>();
    private final IntList elementType = new IntList(); // arrays: the element type; else -1
    private final List<int[]> supers = new ArrayList<>();   // sorted closure, lazily
    /**
     * {@link #isSubtype}'s answers for class and interface types, per supertype then subtype, two
     * bits each (known, yes), as lasting as {@link #supersOf}: shared by every type filter of that
     * supertype (casts, parameters and catches, an analysis tens of thousands). A row spans every
     * type id, so bits, not bytes: checkstyle's closure asks about some 20,000 supertypes.
     */
    private long[][] subtypeMemo = new long[0][];
    private final List<SyntheticClass> synthetic = new ArrayList<>();
    private final IntList flags = new IntList();
    private static final int F_GENERATED = 1;
    private static final int F_APPLICATION = 2;
    private static final int F_CHECKED = 4;

    // methods and fields
    private final MemberRefMap<JMethod> methodsByKey = new MemberRefMap<>();
    private final List<JMethod> methods = new ArrayList<>();
    /** Symbolic method references (flag 1 for an interface method's) to what they resolve to, or {@link #UNRESOLVED}. */
    private final MemberRefMap<JMethod> resolved = new MemberRefMap<>();
    private final MemberRefMap<JField> fieldsByKey = new MemberRefMap<>();
    private final List<JField> fields = new ArrayList<>();
    private final MemberRefMap<JField> resolvedFields = new MemberRefMap<>();
    private static final JMethod UNRESOLVED = new JMethod(-1, -1, "?", "()V", 0);
    private static final JField UNRESOLVED_FIELD = new JField(-1, "?", "?", "I", false);

    /**
     * @param world          the closed world, for declarations and resolution
     * @param classBytes     the class file of an internal name under the same lookup rules as
     *                       {@code world} (null if absent)
     * @param programClasses internal names of the program's own classes (generated ones included)
     */
    public Program(ClassWorld world, Function<String, byte[]> classBytes, Set<String> programClasses) {
        this(world, classBytes, programClasses, Set.of());
    }

    /**
     * @param libraryClasses internal names of the classes of the class path (not the JDK's): with
     *                       {@code programClasses}, the classes a closed-world search (of the
     *                       reflection analysis, say) may enumerate
     */
    public Program(ClassWorld world, Function<String, byte[]> classBytes, Set<String> programClasses,
                   Set<String> libraryClasses) {
        this(world, classBytes, programClasses, libraryClasses, new LoadClock());
    }

    /**
     * @param clock the clock of on-demand loading, shared with whatever else loads for this
     *              program (the class sources of {@code world}, say); see {@link #loadClock()}
     */
    public Program(ClassWorld world, Function<String, byte[]> classBytes, Set<String> programClasses,
                   Set<String> libraryClasses, LoadClock clock) {
        this.clock = clock;
        this.world = world;
        this.programClasses = programClasses;
        this.libraryClasses = libraryClasses;
        this.classFiles = new ClassFiles(this, classBytes, clock);
        fields.add(new JField(0, "[", "[]", "Ljava/lang/Object;", false));
    }

    public ClassWorld world() {
        return world;
    }

    /** The time spent reading classes and building method IR on demand for this program so far. */
    public LoadClock loadClock() {
        return clock;
    }

    // ---------------------------------------------------------------- types

    /** The type of an internal class name or an array/primitive descriptor, created on demand. */
    public int type(String name) {
        Integer id = typeIds.get(name);
        if (id != null) {
            return id;
        }
        int kind;
        ClassInfo info = null;
        int elem = -1;
        if (name.startsWith("[")) {
            kind = KIND_ARRAY;
            String e = name.substring(1);
            elem = type(e.startsWith("L") ? e.substring(1, e.length() - 1) : e);
        } else if (name.length() == 1) {
            kind = KIND_PRIMITIVE;
        } else {
            clock.enter();
            try {
                info = world.lookup(name);
            } finally {
                clock.exit();
            }
            kind = info == null ? KIND_MISSING : KIND_CLASS;
        }
        return addType(name, kind, info, elem, null);
    }

    private int addType(String name, int kind, ClassInfo info, int elem, SyntheticClass syn) {
        int t = typeNames.size();
        typeIds.put(name, t);
        typeNames.add(name);
        typeKind.add(kind);
        typeInfo.add(info);
        elementType.add(elem);
        supers.add(null);
        synthetic.add(syn);
        flags.add(0);
        return t;
    }

    /** The type named {@code name} if the program model has it already, else -1 (nothing is created). */
    public int findType(String name) {
        Integer id = typeIds.get(name);
        return id == null ? -1 : id;
    }

    /** Registers a synthetic class (a lambda object's type): a subclass of Object. */
    public int syntheticType(String name, List<String> interfaces) {
        String unique = name;
        for (int i = 2; typeIds.containsKey(unique); i++) {
            unique = name + "_" + i;
        }
        SyntheticClass syn = new SyntheticClass(null, interfaces);
        return addType(unique, KIND_SYNTHETIC, null, -1, syn);
    }

    /**
     * The synthetic class {@code name} that extends {@code superName} and implements
     * {@code interfaces} and declares nothing itself (a client's class that inherits a library
     * class's methods); registered on first use, the same type afterwards.
     */
    public int syntheticSubclass(String name, String superName, List<String> interfaces) {
        Integer id = typeIds.get(name);
        if (id != null) {
            return id;
        }
        return addType(name, KIND_SYNTHETIC, null, -1, new SyntheticClass(superName, interfaces));
    }

    /** Declares a method of a synthetic class. */
    public JMethod syntheticMethod(int type, String name, String desc) {
        JMethod m = method(type, name, desc, Opcodes.ACC_PUBLIC);
        synthetic.get(type).methods.put(name + desc, m);
        return m;
    }

    /** The methods a synthetic class declares, in the order they were declared; empty for other types. */
    public List<JMethod> syntheticMethods(int type) {
        SyntheticClass syn = synthetic.get(type);
        return syn == null ? List.of() : List.copyOf(syn.methods.values());
    }

    public int typeCount() {
        return typeNames.size();
    }

    /** Internal name or array descriptor. */
    public String typeName(int type) {
        return typeNames.get(type);
    }

    /** Whether {@code type} is a known class or interface, the kind that has a class file. */
    boolean isKnownClass(int type) {
        return typeKind.get(type) == KIND_CLASS;
    }

    /** Whether {@code type} is a synthetic class of the analysis (a lambda object's type). */
    public boolean isSynthetic(int type) {
        return typeKind.get(type) == KIND_SYNTHETIC;
    }

    public boolean isArray(int type) {
        return typeKind.get(type) == KIND_ARRAY;
    }

    public boolean isMissing(int type) {
        return typeKind.get(type) == KIND_MISSING;
    }

    /** The element type of an array type, -1 for other types. */
    public int elementType(int type) {
        return elementType.get(type);
    }

    public boolean isInterface(int type) {
        ClassInfo info = typeInfo.get(type);
        return info != null && info.isInterface();
    }

    public boolean isAbstractOrInterface(int type) {
        ClassInfo info = typeInfo.get(type);
        return info != null && (info.isAbstract() || info.isInterface());
    }

    public ClassInfo info(int type) {
        return typeInfo.get(type);
    }

    /** Whether the type is a program class that jphantom generated (class attribute {@code org.jphantom.Generated}). */
    public boolean isGenerated(int type) {
        return (checkedFlags(type) & F_GENERATED) != 0;
    }

    /** Whether the type is a class of the program that jphantom did not generate. */
    public boolean isApplication(int type) {
        return (checkedFlags(type) & F_APPLICATION) != 0;
    }

    /**
     * Whether the type is a class of the JDK: neither the program's nor the class path's (so the
     * analysis reads it from the JDK image; a synthetic or array type is none).
     */
    public boolean isJdkClass(int type) {
        return typeKind.get(type) == KIND_CLASS && !programClasses.contains(typeNames.get(type))
                && !libraryClasses.contains(typeNames.get(type));
    }

    private int checkedFlags(int type) {
        int f = flags.get(type);
        if ((f & F_CHECKED) == 0) {
            f = F_CHECKED;
            String name = typeNames.get(type);
            if (typeKind.get(type) == KIND_CLASS && programClasses.contains(name)) {
                f |= classFiles.hasGeneratedMarker(type) ? F_GENERATED : F_APPLICATION;
            }
            flags.set(type, f);
        }
        return f;
    }

    /** The direct super class of a class type, or -1 (Object, interfaces' Object, missing). */
    public int superClass(int type) {
        int kind = typeKind.get(type);
        if (kind == KIND_SYNTHETIC && synthetic.get(type).superName != null) {
            return type(synthetic.get(type).superName);
        }
        if (kind == KIND_SYNTHETIC || kind == KIND_ARRAY) {
            return type(OBJECT);
        }
        ClassInfo info = typeInfo.get(type);
        if (info == null || info.superName() == null) {
            return -1;
        }
        return type(info.superName());
    }

    private List<String> directInterfaces(int type) {
        SyntheticClass syn = synthetic.get(type);
        if (syn != null) {
            return syn.interfaces;
        }
        ClassInfo info = typeInfo.get(type);
        return info == null ? List.of() : info.interfaces();
    }

    /**
     * Whether a supertype of {@code type} (itself included) is missing from the closed world: its
     * subtype relations past that point are unknown, so {@link #isSubtype} may say no where the
     * run would say yes.
     */
    public boolean hasMissingSupertype(int type) {
        for (int t : supersOf(type)) {
            if (isMissing(t)) {
                return true;
            }
        }
        return false;
    }

    /** The sorted ids of {@code type}'s supertypes, itself and Object included (computed once). */
    int[] supersOf(int type) {
        int[] s = supers.get(type);
        if (s == null) {
            Set<Integer> seen = new HashSet<>();
            List<Integer> work = new ArrayList<>();
            work.add(type);
            while (!work.isEmpty()) {
                int t = work.remove(work.size() - 1);
                if (!seen.add(t)) {
                    continue;
                }
                int sup = superClass(t);
                if (sup >= 0) {
                    work.add(sup);
                }
                for (String i : directInterfaces(t)) {
                    work.add(type(i));
                }
            }
            seen.add(type(OBJECT));
            s = seen.stream().mapToInt(Integer::intValue).sorted().toArray();
            supers.set(type, s);
        }
        return s;
    }

    /** Whether a value of type {@code sub} is assignable to {@code sup} (JVMS checkcast rules). */
    public boolean isSubtype(int sub, int sup) {
        if (sub == sup) {
            return true;
        }
        int supKind = typeKind.get(sup);
        int subKind = typeKind.get(sub);
        if (subKind == KIND_ARRAY) {
            if (supKind == KIND_ARRAY) {
                int se = elementType.get(sub);
                int pe = elementType.get(sup);
                if (typeKind.get(se) == KIND_PRIMITIVE || typeKind.get(pe) == KIND_PRIMITIVE) {
                    return se == pe;
                }
                return isSubtype(se, pe);
            }
            String n = typeNames.get(sup);
            return n.equals(OBJECT) || n.equals("java/lang/Cloneable") || n.equals("java/io/Serializable");
        }
        if (supKind == KIND_ARRAY || subKind == KIND_PRIMITIVE) {
            return false;
        }
        long[] known = sup < subtypeMemo.length ? subtypeMemo[sup] : null;
        int word = sub >>> 5;
        int shift = (sub & 31) << 1;
        if (known != null && word < known.length) {
            long bits = known[word] >>> shift;
            if ((bits & 1) != 0) {
                return (bits & 2) != 0;
            }
        }
        boolean yes = Arrays.binarySearch(supersOf(sub), sup) >= 0;
        if (sup >= subtypeMemo.length) {
            subtypeMemo = Arrays.copyOf(subtypeMemo, Math.max(sup + 1, subtypeMemo.length * 2));
        }
        if (known == null || word >= known.length) {
            int words = (Math.max(sub + 1, typeCount()) + 31) >>> 5;
            known = Arrays.copyOf(known == null ? new long[0] : known, words);
            subtypeMemo[sup] = known;
        }
        known[word] |= (yes ? 3L : 1L) << shift;
        return yes;
    }

    // ---------------------------------------------------------------- methods

    private JMethod method(int type, String name, String desc, int access) {
        String owner = typeNames.get(type);
        JMethod m = methodsByKey.get(owner, name, desc, 0);
        if (m == null) {
            m = new JMethod(methods.size(), type, name, desc, access);
            methods.add(m);
            methodsByKey.put(owner, name, desc, 0, m);
        }
        return m;
    }

    public JMethod method(int id) {
        return methods.get(id);
    }

    public int methodCount() {
        return methods.size();
    }

    /**
     * The position of {@code m} among the methods of its class that share its name, in the class's
     * own order (0 for the first, or when the name is not overloaded): a name-based key for
     * things made per method that does not depend on the order the analysis meets them.
     */
    public int overloadOrdinal(JMethod m) {
        ClassInfo info = typeInfo.get(m.declaringType());
        if (info == null) {
            return 0;
        }
        int k = 0;
        for (MemberInfo mi : info.methods()) {
            if (mi.name().equals(m.name())) {
                if (mi.desc().equals(m.desc())) {
                    return k;
                }
                k++;
            }
        }
        return 0;
    }

    /** The method {@code name desc} that {@code type} itself declares, or null. */
    public JMethod declared(int type, String name, String desc) {
        SyntheticClass syn = synthetic.get(type);
        if (syn != null) {
            return syn.methods.get(name + desc);
        }
        ClassInfo info = typeInfo.get(type);
        if (info == null) {
            return null;
        }
        MemberInfo mi = info.method(name, desc);
        return mi == null ? null : method(type, mi.name(), mi.desc(), mi.access());
    }

    private JMethod of(MemberInfo mi) {
        return method(type(mi.owner()), mi.name(), mi.desc(), mi.access());
    }

    /** JVMS method resolution of a symbolic reference; null if it does not resolve. */
    public JMethod resolveMethod(String owner, String name, String desc, boolean itf) {
        int flag = itf ? 1 : 0;
        JMethod m = resolved.get(owner, name, desc, flag);
        if (m == null) {
            String cls = owner.startsWith("[") ? OBJECT : owner;
            MemberInfo mi = world.resolveMethod(cls, name, desc, itf);
            if (mi == null && !itf) {
                mi = world.resolveMethod(cls, name, desc, true);
            }
            m = mi == null ? UNRESOLVED : of(mi);
            resolved.put(owner, name, desc, flag, m);
        }
        return m == UNRESOLVED ? null : m;
    }

    /**
     * The superinterfaces of a class (direct or not) that declare a non-abstract instance method:
     * JVMS 5.5 initialises them when it initialises the class.
     */
    public List<Integer> interfacesInitialisedWith(int type) {
        List<Integer> out = new ArrayList<>();
        for (int s : supersOf(type)) {
            ClassInfo info = typeInfo.get(s);
            if (s == type || info == null || !info.isInterface()) {
                continue;
            }
            for (MemberInfo m : info.methods()) {
                if (!m.isAbstract() && !m.isStatic()) {
                    out.add(s);
                    break;
                }
            }
        }
        return out;
    }

    /** The class initialiser of {@code type}, or null. */
    public JMethod clinit(int type) {
        return typeKind.get(type) == KIND_CLASS ? declared(type, "<clinit>", "()V") : null;
    }

    /**
     * JVMS 5.4.6 selection: the method invoked on an object of {@code receiverType} for the resolved
     * {@code method}; null if none is selected (abstract, missing, or ambiguous defaults).
     */
    public JMethod dispatch(int receiverType, JMethod method) {
        return selection.dispatch(receiverType, method);
    }

    // ---------------------------------------------------------------- fields

    /** The array element pseudo-field. */
    public JField arrayElement() {
        return fields.get(0);
    }

    /** The field a symbolic reference resolves to (or the reference itself if it does not resolve). */
    public JField resolveField(String owner, String name, String desc, boolean isStatic) {
        JField f = resolvedFields.get(owner, name, desc, 0);
        if (f == null) {
            MemberInfo mi = world.resolveField(owner, name, desc);
            f = mi == null ? field(owner, name, desc, isStatic) : field(mi.owner(), mi.name(), mi.desc(), isStatic);
            resolvedFields.put(owner, name, desc, 0, f);
        }
        return f;
    }

    /** The field {@code owner.name:desc}, created on demand (synthetic fields too). */
    public JField field(String owner, String name, String desc, boolean isStatic) {
        JField f = fieldsByKey.get(owner, name, desc, 0);
        if (f == null) {
            f = new JField(fields.size(), owner, name, desc, isStatic);
            fields.add(f);
            fieldsByKey.put(owner, name, desc, 0, f);
        }
        return f;
    }

    public JField field(int id) {
        return fields.get(id);
    }

    public int fieldCount() {
        return fields.size();
    }

    // ---------------------------------------------------------------- code

    /**
     * The bytecode of {@code m}, or null if its class file has none for it (abstract, native, or a
     * {@code ct.sym} API stub).
     */
    public MethodNode code(JMethod m) {
        return m.isAbstract() || m.isNative() ? null : classFiles.code(m);
    }

    /**
     * The runtime-visible annotations of {@code m} (internal names of their types): those its
     * {@code Method} or {@code Constructor} object reports. Empty for none; null when its class has
     * no class file (the annotations are unknown).
     */
    public List<String> annotations(JMethod m) {
        return classFiles.annotations(m.declaringType(), m.name(), m.desc());
    }

    /** The runtime-visible annotations of {@code f} (internal names of their types); as {@link #annotations(JMethod)}. */
    public List<String> annotations(JField f) {
        return classFiles.annotations(type(f.owner()), f.name(), f.desc());
    }

    /**
     * The string constants ({@code CONSTANT_String}) of a class's constant pool, in pool order:
     * those its code loads and those its bootstrap methods receive (string concatenation recipes).
     * Empty for classes without a class file. A malformed pool yields the constants before the damage.
     */
    public List<String> stringConstants(int type) {
        return classFiles.poolEntries(type, ClassFiles.STRING);
    }

    /** The internal names of the classes a class's constant pool refers to ({@code CONSTANT_Class}). */
    public List<String> classConstants(int type) {
        return classFiles.poolEntries(type, ClassFiles.CLASS);
    }

    /** Internal names of the program's classes. */
    public Set<String> programClasses() {
        return programClasses;
    }

    /**
     * The classes of the program and of its class path (never the JDK's), sorted by name: what a
     * search of the closed world for, say, the subtypes of a type enumerates.
     */
    public List<String> closedWorldClasses() {
        if (closedWorld == null) {
            java.util.TreeSet<String> all = new java.util.TreeSet<>(programClasses);
            all.addAll(libraryClasses);
            closedWorld = List.copyOf(all);
        }
        return closedWorld;
    }

    private static final class SyntheticClass {
        /** The super class; null for Object. */
        final String superName;
        final List<String> interfaces;
        final Map<String, JMethod> methods = new LinkedHashMap<>();

        SyntheticClass(String superName, List<String> interfaces) {
            this.superName = superName;
            this.interfaces = List.copyOf(interfaces);
        }
    }
}
