package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.plugin.EntryPoints;
import org.jphantom.analysis.pta.plugin.MemberKey;
import org.jphantom.analysis.pta.plugin.reflect.Meta.Kind;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The objects of the reflection model, made as abstract objects of the heap (shared: no heap
 * context) and returned as context-insensitive solver objects: class objects (the heap's own, for
 * known classes), member meta-objects ({@code Method}, {@code Constructor}, {@code Field}) one per
 * member, partial meta-objects and SOLAR's lazy objects, and the objects reflection creates (one per
 * creating call site and type). Keys are stable strings, so a run names its objects the same way
 * every time; member meta-objects have the keys of {@link MemberKey}, which other models use for
 * the same objects, so their objects and these are one.
 */
final class MetaObjects {
    private final Solver solver;
    private final Program program;
    private final HeapModel heap;
    private final Map<Integer, Meta> metaOfObject = new HashMap<>();
    /** Per abstract object: the reflective sites that returned it (annotation points are traced through them). */
    private final Map<Integer, java.util.Set<ReflectiveCall>> producers = new HashMap<>();
    /** The sites some of whose meta-objects reached another reflective call. */
    private final java.util.Set<ReflectiveCall> consumedFrom = new java.util.HashSet<>();
    private final int classType;
    private final int methodType;
    private final int constructorType;
    private final int fieldType;
    private final int objectType;

    MetaObjects(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        this.heap = solver.heap();
        this.classType = program.type("java/lang/Class");
        this.methodType = program.type("java/lang/reflect/Method");
        this.constructorType = program.type("java/lang/reflect/Constructor");
        this.fieldType = program.type("java/lang/reflect/Field");
        this.objectType = program.type(Program.OBJECT);
    }

    /** What the solver object {@code csObject} stands for, or null if it is no meta-object of this model. */
    Meta meta(int csObject) {
        int obj = solver.cs().siteOf(csObject);
        Meta m = metaOfObject.get(obj);
        if (m == null && solver.typeOfObject(csObject) == methodType) {
            m = adopted(obj); // a Method object another model made (a proxy handler's argument)
        }
        return m;
    }

    /** The meta-object of a {@code Method} object made under this model's key ({@link MemberKey}) by another model. */
    private Meta adopted(int obj) {
        MemberKey k = MemberKey.parse(heap.abstractKey(obj));
        if (k == null || k.kind() != MemberKey.Kind.METHOD || program.world().lookup(k.owner()) == null) {
            return null;
        }
        JMethod m = program.declared(program.type(k.owner()), k.name(), k.desc());
        if (m == null) {
            return null;
        }
        Meta meta = new Meta(Kind.METHOD, m.declaringType(), m.name(), false, m, null, null);
        metaOfObject.put(obj, meta);
        return meta;
    }

    /** Notes that {@code call} returned the meta-object {@code csObject}. */
    void produced(ReflectiveCall call, int csObject) {
        producers.computeIfAbsent(solver.cs().siteOf(csObject), o -> new java.util.LinkedHashSet<>(2)).add(call);
    }

    /** Notes at {@code call} the sites that returned {@code csObject}, which reached it. */
    void consumed(ReflectiveCall call, int csObject) {
        java.util.Set<ReflectiveCall> p = producers.get(solver.cs().siteOf(csObject));
        if (p != null) {
            for (ReflectiveCall c : p) {
                call.source(c);
                if (c != call) {
                    consumedFrom.add(c);
                }
            }
        }
    }

    /** Notes that {@code csObject} reached a reflective call that a hint resolves or ignores. */
    void reached(int csObject) {
        java.util.Set<ReflectiveCall> p = producers.get(solver.cs().siteOf(csObject));
        if (p != null) {
            consumedFrom.addAll(p);
        }
    }

    /** Whether a meta-object {@code producer} returned reached another reflective call. */
    boolean consumedElsewhere(ReflectiveCall producer) {
        return consumedFrom.contains(producer);
    }

    /** The internal name of the known class whose class object {@code csObject} is, or null. */
    String knownClass(int csObject) {
        return heap.classConstant(solver.cs().siteOf(csObject));
    }

    /**
     * The whole strings {@code csObject} may be: one constant, the constants of a colour, none (the
     * object of strings that name nothing); null when it is no string constant or not a known one.
     */
    java.util.List<String> strings(int csObject) {
        return heap.stringValues(solver.cs().siteOf(csObject));
    }

    String describe(int csObject) {
        return heap.describe(solver.cs().siteOf(csObject));
    }

    /** The object as the origin of an unknown name: the command line for {@code main}'s strings, else a value. */
    NameOrigin origin(int csObject) {
        int site = solver.cs().siteOf(csObject);
        return EntryPoints.ARG_KEY.equals(heap.abstractKey(site)) ? NameOrigin.commandLine()
                : NameOrigin.value(heap.describe(site));
    }

    int classObject(String internalName) {
        return solver.csObject(0, heap.classObject(internalName));
    }

    int unknownClass(ReflectiveCall call) {
        return make("reflect:class?:" + call.key, classType, call,
                "unknown class at " + call.where(), new Meta(Kind.UNKNOWN_CLASS, -1, null, false, null, null, call));
    }

    /** The {@code Method} or {@code Constructor} object of {@code m}. */
    int member(JMethod m) {
        String owner = program.typeName(m.declaringType());
        boolean ctor = m.name().equals("<init>");
        return make(MemberKey.method(owner, m.name(), m.desc()).key(),
                ctor ? constructorType : methodType, null, (ctor ? "constructor " : "method ") + Signatures.method(owner,
                        m.name(), m.desc()), new Meta(ctor ? Kind.CONSTRUCTOR : Kind.METHOD, m.declaringType(), m.name(),
                        false, m, null, null));
    }

    int field(JField f) {
        return make(MemberKey.field(f.owner(), f.name(), f.desc()).key(), fieldType, null,
                "field " + Signatures.field(f.owner(), f.name(), f.desc()),
                new Meta(Kind.FIELD, program.type(f.owner()), f.name(), false, null, f, null));
    }

    /**
     * A {@code Method}, {@code Constructor} or {@code Field} object of which only some parts are
     * known: of class {@code type} (-1: unknown, then one per call site) named {@code name} (null:
     * unknown).
     */
    int partial(Kind kind, int type, String name, boolean declared, ReflectiveCall call) {
        String what = switch (kind) {
            case PARTIAL_METHOD -> "method";
            case PARTIAL_CONSTRUCTOR -> "constructor";
            default -> "field";
        };
        String cls = type < 0 ? "?" : program.typeName(type);
        String key = "reflect:" + what + "?:" + cls + "." + (name == null ? "?" : name) + (declared ? ":declared" : "")
                + (type < 0 ? "@" + call.key : "");
        int t = kind == Kind.PARTIAL_METHOD ? methodType : kind == Kind.PARTIAL_CONSTRUCTOR ? constructorType : fieldType;
        String label = "unknown " + what + " " + (type < 0 ? "of an unknown class" : "of " + Signatures.javaName(cls))
                + (name == null ? "" : " named " + name) + (type < 0 ? " at " + call.where() : "");
        return make(key, t, type < 0 ? call : null, label, new Meta(kind, type, name, declared, null, null,
                type < 0 ? call : null));
    }

    /**
     * The partial meta-object {@code csObject} ({@code meta}) restricted by {@code guard}: one per
     * partial and guard, returned by the same calls.
     */
    int guarded(int csObject, Meta meta, org.jphantom.analysis.ir.Guard guard) {
        int obj = solver.cs().siteOf(csObject);
        String base = heap.abstractKey(obj);
        int made = make((base == null ? "reflect:object#" + obj : base) + " if " + guard, solver.typeOfObject(csObject), meta.call(),
                heap.describe(obj) + " that passed " + guard, meta.guardedBy(guard));
        java.util.Set<ReflectiveCall> p = producers.get(obj);
        if (p != null) {
            producers.computeIfAbsent(solver.cs().siteOf(made), o -> new java.util.LinkedHashSet<>(2)).addAll(p);
        }
        return made;
    }

    /** SOLAR's o^u_i: what a {@code newInstance} of an unknown class at {@code call} makes. */
    int lazyObject(ReflectiveCall call) {
        return make("reflect:lazy:" + call.key, objectType, call, "object of an unknown class from "
                + call.api.label() + " at " + call.where(), new Meta(Kind.LAZY_OBJECT, -1, null, false, null, null, call));
    }

    /** The object of {@code type} that reflection creates at {@code call} (o^t_i). */
    int created(ReflectiveCall call, int type) {
        return solver.csObject(0, createdObject(call, type));
    }

    private int createdObject(ReflectiveCall call, int type) {
        String name = program.typeName(type);
        return heap.abstractObject("reflect:new:" + call.key + ":" + name, type, call.method,
                call.api.label() + " " + Signatures.javaName(name) + " at " + call.where());
    }

    /**
     * The array {@code Array.newInstance} makes at {@code call}, analysed in {@code csm}: one per call
     * and type, with the heap context a {@code new} there would get (the context policy's: none
     * context-insensitively, the container's when {@code Arrays.copyOf} grows a list's elements).
     */
    int createdArray(int csm, ReflectiveCall call, int type) {
        int obj = createdObject(call, type);
        return solver.csObject(solver.selector().heapContext(solver.cs().contextOfMethod(csm), call.method, obj), obj);
    }

    /** An array object of {@code arrayType} that the reflection API returns, one per {@code key}. */
    int array(String key, int arrayType, ReflectiveCall call, String label) {
        return solver.csObject(0, heap.abstractObject("reflect:array:" + key, arrayType, call == null ? null
                : call.method, label));
    }

    private int make(String key, int type, ReflectiveCall call, String label, Meta meta) {
        int obj = heap.abstractObject(key, type, call == null ? null : call.method, label);
        metaOfObject.putIfAbsent(obj, meta);
        return solver.csObject(0, obj);
    }
}
