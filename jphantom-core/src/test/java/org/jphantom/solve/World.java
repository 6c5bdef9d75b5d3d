package org.jphantom.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;

/**
 * Test DSL: a map-backed {@link KnownTypes} plus constraints written as strings
 * ({@code "A <: B"}, {@code "A : class"}, {@code "A : concrete"}, {@code "A : interface"},
 * {@code "A : annotation"}). Starts with Object, Serializable, Throwable, Exception,
 * Annotation and a final String.
 */
final class World implements KnownTypes {
    record Decl(boolean itf, String sup, List<String> itfs, boolean fin, Set<String> permits) {
    }

    private final TreeMap<String, Decl> decls = new TreeMap<>();

    World() {
        decls.put("java/lang/Object", new Decl(false, null, List.of(), false, null));
        itf("java/io/Serializable");
        itf("java/lang/annotation/Annotation");
        cls("java/lang/Throwable", "java/lang/Object", "java/io/Serializable");
        cls("java/lang/Exception", "java/lang/Throwable");
        finalCls("java/lang/String", "java/lang/Object");
    }

    World cls(String name, String sup, String... itfs) {
        decls.put(name, new Decl(false, sup, List.of(itfs), false, null));
        return this;
    }

    World finalCls(String name, String sup, String... itfs) {
        decls.put(name, new Decl(false, sup, List.of(itfs), true, null));
        return this;
    }

    World sealedCls(String name, String sup, String... permits) {
        decls.put(name, new Decl(false, sup, List.of(), false, Set.of(permits)));
        return this;
    }

    World itf(String name, String... itfs) {
        decls.put(name, new Decl(true, "java/lang/Object", List.of(itfs), false, null));
        return this;
    }

    @Override
    public boolean isKnown(String type) {
        return decls.containsKey(type);
    }

    @Override
    public boolean isInterface(String type) {
        return decls.get(type).itf();
    }

    @Override
    public String superName(String type) {
        return decls.get(type).sup();
    }

    @Override
    public List<String> interfaces(String type) {
        return decls.get(type).itfs();
    }

    @Override
    public boolean allowsDirectSubtype(String sup, String sub) {
        Decl d = decls.get(sup);
        return !d.fin() && (d.permits() == null || d.permits().contains(sub));
    }

    /** A problem over this world; {@code phantoms} is space separated. */
    HierarchyProblem problem(String phantoms, String... constraints) {
        TreeSet<String> ps = new TreeSet<>(Arrays.asList(phantoms.trim().split("\\s+")));
        ps.remove("");
        return new HierarchyProblem(ps, constraints(constraints), this);
    }

    static List<Constraint> constraints(String... texts) {
        List<Constraint> r = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            r.add(constraint(texts[i], i));
        }
        return r;
    }

    static Constraint constraint(String text, int line) {
        Origin o = new Origin("test/Fixture", "m()V", line, "line " + line);
        if (text.contains("<:")) {
            String[] p = text.split("<:");
            return new Constraint.Subtype(p[0].trim(), p[1].trim(), o);
        }
        String[] p = text.split(":");
        TypeKind k = switch (p[1].trim()) {
            case "class" -> TypeKind.CLASS;
            case "concrete" -> TypeKind.CONCRETE_CLASS;
            case "interface" -> TypeKind.INTERFACE;
            case "annotation" -> TypeKind.ANNOTATION;
            default -> throw new IllegalArgumentException(text);
        };
        return new Constraint.Kind(p[0].trim(), k, o);
    }
}
