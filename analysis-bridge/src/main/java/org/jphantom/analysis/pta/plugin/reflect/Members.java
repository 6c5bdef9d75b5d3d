package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.heap.NameIndex;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * Target search (SOLAR's MTD, Livshits' lookups): the members a reflective lookup can return, by
 * the rules of {@code java.lang.Class} — {@code getDeclared*}: the class's own members of any
 * access; {@code get*}: public members, the class's and those inherited from superclasses and
 * superinterfaces (constructors are never inherited) — and the searches of the closed world that
 * inference needs (concrete subtypes of a type, members by name). The closed world is the program
 * and its class path ({@link Program#closedWorldClasses}); the JDK's classes are never enumerated.
 * Results are cached; every list is in a stable order.
 */
final class Members {
    private final Program program;
    private final Map<Long, List<JMethod>> methodCache = new HashMap<>();
    /** {@link #methodCache}'s lists by method name: a lookup of a known name (the common case) is one probe. */
    private final Map<Long, Map<String, List<JMethod>>> methodNames = new HashMap<>();
    private final Map<Integer, List<Integer>> subtypeCache = new HashMap<>();
    private final Map<Long, List<JField>> fieldCache = new HashMap<>();
    /** {@link #fieldCache}'s lists by field name. */
    private final Map<Long, Map<String, List<JField>>> fieldNames = new HashMap<>();
    private final Map<Long, Map<String, List<Object>>> byNameCache = new HashMap<>();
    private final Map<Integer, List<Integer>> supertypeCache = new HashMap<>();
    private Map<String, List<JMethod>> methodsByName;
    private final Map<String, List<String>> classMatches = new HashMap<>();
    private Map<String, List<JField>> fieldsByName;

    Members(Program program) {
        this.program = program;
    }

    Program program() {
        return program;
    }

    /**
     * Whether inference may pick a member of {@code type}: only classes of the program and its
     * class path (as SOLAR's and Tai-e's implementations infer in application code). Members of JDK
     * classes are still found by name from constants; inferring among them (every public method of
     * every JDK object that reaches a generic {@code invoke}) would pull in much of the JDK.
     */
    boolean inferable(int type) {
        return !program.world().isPlatformName(program.typeName(type));
    }

    /**
     * The methods (no constructors or initialisers) a lookup on {@code type} finds, named
     * {@code name} (any name if null).
     */
    List<JMethod> methods(int type, String name, boolean declared) {
        long key = ((long) type << 1 | (declared ? 1 : 0));
        List<JMethod> all = methodCache.get(key);
        if (all == null) {
            all = declared ? declaredMethods(type) : publicMethods(type);
            methodCache.put(key, all);
        }
        if (name == null) {
            return all;
        }
        return methodNames.computeIfAbsent(key, k -> grouped(methodCache.get(k), JMethod::name)).getOrDefault(name, List.of());
    }

    /** {@code members} grouped by {@code name}, each group in their order. */
    private static <T> Map<String, List<T>> grouped(List<? extends T> members, Function<T, String> name) {
        Map<String, List<T>> out = new HashMap<>();
        for (T m : members) {
            out.computeIfAbsent(name.apply(m), n -> new ArrayList<>(1)).add(m);
        }
        return out;
    }

    private List<JMethod> declaredMethods(int type) {
        List<JMethod> out = new ArrayList<>();
        ClassInfo info = program.info(type);
        if (info != null) {
            for (MemberInfo mi : info.methods()) {
                if (!mi.name().startsWith("<")) {
                    out.add(program.declared(type, mi.name(), mi.desc()));
                }
            }
        }
        return out;
    }

    private List<JMethod> publicMethods(int type) {
        Map<String, JMethod> bySig = new LinkedHashMap<>();
        for (int t : supertypes(type)) {
            ClassInfo info = program.info(t);
            if (info == null) {
                continue;
            }
            for (MemberInfo mi : info.methods()) {
                if (mi.name().startsWith("<") || (mi.access() & Opcodes.ACC_PUBLIC) == 0) {
                    continue;
                }
                if (t != type && mi.isStatic() && info.isInterface()) {
                    continue; // static interface methods are not inherited
                }
                bySig.putIfAbsent(mi.name() + mi.desc(), program.declared(t, mi.name(), mi.desc()));
            }
        }
        return new ArrayList<>(bySig.values());
    }

    /** The constructors of {@code type}: all of them, or the public ones. */
    List<JMethod> constructors(int type, boolean declared) {
        List<JMethod> out = new ArrayList<>();
        ClassInfo info = program.info(type);
        if (info == null || info.isInterface()) {
            return out;
        }
        for (MemberInfo mi : info.methods()) {
            if (mi.name().equals("<init>") && (declared || (mi.access() & Opcodes.ACC_PUBLIC) != 0)) {
                out.add(program.declared(type, mi.name(), mi.desc()));
            }
        }
        return out;
    }

    /** The fields a lookup on {@code type} finds, named {@code name} (any name if null). */
    List<JField> fields(int type, String name, boolean declared) {
        long key = ((long) type << 1 | (declared ? 1 : 0));
        List<JField> all = fieldCache.get(key);
        if (all == null) {
            all = allFields(type, declared);
            fieldCache.put(key, all);
        }
        if (name == null) {
            return all;
        }
        return fieldNames.computeIfAbsent(key, k -> grouped(fieldCache.get(k), JField::name)).getOrDefault(name, List.of());
    }


    /**
     * The members a named lookup of {@code kind} (0 methods, 2 fields) on {@code type} finds, by
     * name: {@link JMethod}s or {@link JField}s.
     */
    Map<String, List<Object>> byName(int type, int kind, boolean declared) {
        long key = ((long) type << 3) | (kind << 1) | (declared ? 1 : 0);
        Map<String, List<Object>> m = byNameCache.get(key);
        if (m == null) {
            m = kind == 0 ? grouped(methods(type, null, declared), o -> ((JMethod) o).name())
                    : grouped(fields(type, null, declared), o -> ((JField) o).name());
            byNameCache.put(key, m);
        }
        return m;
    }

    private List<JField> allFields(int type, boolean declared) {
        String name = null;
        List<JField> out = new ArrayList<>();
        for (int t : declared ? List.of(type) : supertypes(type)) {
            ClassInfo info = program.info(t);
            if (info == null) {
                continue;
            }
            for (MemberInfo mi : info.fields()) {
                if ((name == null || mi.name().equals(name)) && (declared || (mi.access() & Opcodes.ACC_PUBLIC) != 0)) {
                    out.add(program.field(program.typeName(t), mi.name(), mi.desc(), mi.isStatic()));
                }
            }
        }
        return out;
    }

    /** {@code type}, its superclasses, then its superinterfaces, breadth first, each once. */
    List<Integer> supertypes(int type) {
        List<Integer> cached = supertypeCache.get(type);
        if (cached == null) {
            cached = computeSupertypes(type);
            supertypeCache.put(type, cached);
        }
        return cached;
    }

    private List<Integer> computeSupertypes(int type) {
        List<Integer> out = new ArrayList<>();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        todo.add(type);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        List<Integer> interfaces = new ArrayList<>();
        while (!todo.isEmpty()) {
            int t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            ClassInfo info = program.info(t);
            (info != null && info.isInterface() ? interfaces : out).add(t);
            if (info == null) {
                continue;
            }
            if (info.superName() != null) {
                todo.add(program.type(info.superName()));
            }
            for (String i : info.interfaces()) {
                todo.add(program.type(i));
            }
        }
        out.addAll(interfaces);
        return out;
    }

    /**
     * The classes of the closed world that are {@code type} or its subtypes and can be
     * instantiated (neither abstract nor interfaces), sorted by name.
     */
    List<Integer> concreteSubtypes(int type) {
        List<Integer> cached = subtypeCache.get(type);
        if (cached != null) {
            return cached;
        }
        List<Integer> out = new ArrayList<>();
        for (String name : program.closedWorldClasses()) {
            int t = program.type(name);
            if (program.info(t) != null && !program.isAbstractOrInterface(t) && program.isSubtype(t, type)) {
                out.add(t);
            }
        }
        if (!program.isArray(type) && program.info(type) != null && !program.isAbstractOrInterface(type)
                && !out.contains(type)) {
            out.add(0, type); // a JDK class itself
        }
        subtypeCache.put(type, out);
        return out;
    }

    /** The methods of the closed world named {@code name} (no constructors), by class name. */
    List<JMethod> methodsNamed(String name) {
        if (methodsByName == null) {
            methodsByName = new HashMap<>();
            fieldsByName = new HashMap<>();
            for (String c : program.closedWorldClasses()) {
                int t = program.type(c);
                ClassInfo info = program.info(t);
                if (info == null) {
                    continue;
                }
                for (MemberInfo mi : info.methods()) {
                    if (!mi.name().startsWith("<")) {
                        methodsByName.computeIfAbsent(mi.name(), k -> new ArrayList<>())
                                .add(program.declared(t, mi.name(), mi.desc()));
                    }
                }
                for (MemberInfo mi : info.fields()) {
                    fieldsByName.computeIfAbsent(mi.name(), k -> new ArrayList<>())
                            .add(program.field(c, mi.name(), mi.desc(), mi.isStatic()));
                }
            }
        }
        return methodsByName.getOrDefault(name, List.of());
    }

    /**
     * The internal names of the classes of the program and its class path whose binary names
     * {@code piece} is part of ({@link NameIndex#partialMatch}), sorted.
     */
    List<String> classesMatching(String piece) {
        return classMatches.computeIfAbsent(piece, p -> {
            List<String> out = new ArrayList<>();
            for (String c : program.closedWorldClasses()) {
                if (NameIndex.partialMatch(p, c.replace('/', '.'))) {
                    out.add(c);
                }
            }
            return out;
        });
    }

    /**
     * The names of the members of kind {@code kind} (0 methods, 2 fields) a lookup on {@code type}
     * finds that {@code piece} is part of, sorted.
     */
    List<String> namesMatching(int type, int kind, boolean declared, String piece) {
        List<String> out = new ArrayList<>();
        for (String n : byName(type, kind, declared).keySet()) {
            if (NameIndex.partialMatch(piece, n)) {
                out.add(n);
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** The method (or field) names of the closed world that {@code piece} is part of, sorted. */
    List<String> memberNamesMatching(String piece, boolean fields) {
        methodsNamed(piece);
        List<String> out = new ArrayList<>();
        for (String n : (fields ? fieldsByName : methodsByName).keySet()) {
            if (NameIndex.partialMatch(piece, n)) {
                out.add(n);
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** The fields of the closed world named {@code name}, by class name. */
    List<JField> fieldsNamed(String name) {
        methodsNamed(name);
        return fieldsByName.getOrDefault(name, List.of());
    }
}
