package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.reflect.hints.Hint;
import org.jphantom.analysis.pta.plugin.reflect.hints.ReflectionHints;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Type;

/**
 * Checks hints against the closed world (the program, its class path and the JDK) before the
 * analysis runs: the caller class and a method of that name, the API label, the names of classes,
 * methods and fields, and that the kind makes sense for the API. Any failure is one input error
 * (exit code 2) naming the file, the hint and its site.
 */
final class HintResolution {
    private HintResolution() {
    }

    static List<ResolvedHint> resolve(ReflectionHints hints, Program program, Members members) {
        List<ResolvedHint> out = new ArrayList<>();
        for (Hint h : hints.hints()) {
            out.add(resolve(hints, h, program, members));
        }
        return out;
    }

    /** Whether a hint of {@code kind} makes sense at a call of {@code api}. */
    static boolean accepts(Api api, Hint.Kind kind) {
        return switch (kind) {
            case IGNORE -> true;
            case CLASSES -> api != Api.METHOD_INVOKE && api != Api.FIELD_GET && api != Api.FIELD_SET
                    && api != Api.GET_INTERFACES && api != Api.DEFINE_HIDDEN_CLASS;
            case METHODS -> api == Api.METHOD_INVOKE || api == Api.CONSTRUCTOR_NEW_INSTANCE || methodLookup(api)
                    || takesConstructors(api);
            case FIELDS -> api == Api.FIELD_GET || api == Api.FIELD_SET || fieldLookup(api);
        };
    }

    /** Whether a methods hint at {@code api} names constructors ({@code <init>}) rather than methods. */
    static boolean takesConstructors(Api api) {
        return api == Api.CONSTRUCTOR_NEW_INSTANCE || api.label().contains("Constructor");
    }

    /** The member lookups: {@code Class.get[Declared]{Method,Constructor,Field}[s]}. */
    static boolean lookup(Api api) {
        return methodLookup(api) || fieldLookup(api) || (api.label().startsWith("Class.get") && takesConstructors(api));
    }

    private static boolean methodLookup(Api api) {
        return api.label().startsWith("Class.get") && api.label().contains("Method");
    }

    private static boolean fieldLookup(Api api) {
        return api.label().startsWith("Class.get") && api.label().contains("Field");
    }

    private static ResolvedHint resolve(ReflectionHints hints, Hint h, Program program, Members members) {
        String caller = internal(h.className());
        if (program.world().lookup(caller) == null) {
            throw hints.error(h, "the caller class " + h.className() + " is not in the closed world");
        }
        if (program.world().isPlatformName(caller)) {
            throw hints.error(h, h.className() + " is a class of the JDK, whose reflective calls are not modelled:"
                    + " hint the program's call that reaches it");
        }
        if (!declaresMethodNamed(program, caller, h.method())) {
            throw hints.error(h, h.className() + " declares no method named " + h.method());
        }
        Api api = null;
        if (h.api() != null) {
            for (Api a : Api.values()) {
                if (a.label().equals(h.api())) {
                    api = a;
                }
            }
            if (api == null) {
                throw hints.error(h, "unknown api \"" + h.api() + "\" (one of " + labels() + ")");
            }
            if (!accepts(api, h.kind())) {
                throw hints.error(h, "\"" + h.kind().key() + "\" makes no sense for " + api.label() + " (it takes "
                        + String.join(" or ", kindsOf(api)) + ")");
            }
        }
        List<String> classes = new ArrayList<>();
        List<JMethod> methods = new ArrayList<>();
        List<JField> fields = new ArrayList<>();
        for (String name : h.names()) {
            switch (h.kind()) {
                case CLASSES -> classes.add(klass(hints, h, program, name));
                case METHODS -> methods.addAll(methods(hints, h, program, name));
                case FIELDS -> fields.addAll(fields(hints, h, program, members, name));
                default -> { }
            }
        }
        if (api != null) {
            check(hints, h, api, program, classes, methods);
        }
        return new ResolvedHint(h, api, classes, methods, fields);
    }

    /** The combinations a name can make wrong once resolved: constructors vs methods, abstract classes made. */
    private static void check(ReflectionHints hints, Hint h, Api api, Program program, List<String> classes,
                              List<JMethod> methods) {
        boolean ctors = takesConstructors(api);
        for (JMethod m : methods) {
            if (m.name().equals("<init>") != ctors) {
                throw hints.error(h, api.label() + " takes " + (ctors ? "constructors (<init>)" : "methods, not constructors")
                        + ": " + org.jphantom.analysis.lang.Signatures.method(program.typeName(m.declaringType()),
                        m.name(), m.desc()));
            }
        }
        if (api == Api.CLASS_NEW_INSTANCE || api == Api.CONSTRUCTOR_NEW_INSTANCE) {
            for (String c : classes) {
                if (program.isAbstractOrInterface(program.type(c))) {
                    throw hints.error(h, c.replace('/', '.') + " is abstract or an interface: " + api.label()
                            + " cannot make it");
                }
            }
        }
    }

    private static String klass(ReflectionHints hints, Hint h, Program program, String name) {
        String internal = internal(name);
        if (name.indexOf('/') >= 0 || program.world().lookup(internal) == null) {
            throw hints.error(h, "class " + name + " is not in the closed world");
        }
        return internal;
    }

    /** {@code a.b.C.m(int,java.lang.String)}: that method of C; {@code a.b.C.m}: every method named m C declares. */
    private static List<JMethod> methods(ReflectionHints hints, Hint h, Program program, String spec) {
        int paren = spec.indexOf('(');
        String head = paren < 0 ? spec : spec.substring(0, paren);
        List<String> params = null;
        if (paren >= 0) {
            if (!spec.endsWith(")")) {
                throw hints.error(h, "method " + spec + " is not a.b.C.m or a.b.C.m(T,...)");
            }
            String inner = spec.substring(paren + 1, spec.length() - 1).strip();
            params = new ArrayList<>();
            for (String p : inner.isEmpty() ? new String[0] : inner.split(",")) {
                params.add(p.strip());
            }
        }
        int dot = head.lastIndexOf('.');
        if (dot <= 0 || dot == head.length() - 1) {
            throw hints.error(h, "method " + spec + " is not a.b.C.m or a.b.C.m(T,...)");
        }
        String owner = klassOf(hints, h, program, "method " + spec, head.substring(0, dot));
        String name = head.substring(dot + 1);
        List<JMethod> out = new ArrayList<>();
        ClassInfo info = program.info(program.type(owner));
        for (MemberInfo mi : info == null ? List.<MemberInfo>of() : info.methods()) {
            if (mi.name().equals(name) && (params == null || params.equals(parameterNames(mi.desc())))) {
                out.add(program.declared(program.type(owner), mi.name(), mi.desc()));
            }
        }
        if (out.isEmpty()) {
            throw hints.error(h, head.substring(0, dot) + " declares no " + (name.equals("<init>") ? "constructor"
                    : "method " + name) + (params == null ? "" : "(" + String.join(",", params) + ")"));
        }
        return out;
    }

    /** {@code a.b.C.f}: the field f that C declares, or else the public one it inherits. */
    private static List<JField> fields(ReflectionHints hints, Hint h, Program program, Members members, String spec) {
        int dot = spec.lastIndexOf('.');
        if (dot <= 0 || dot == spec.length() - 1 || spec.indexOf('(') >= 0) {
            throw hints.error(h, "field " + spec + " is not a.b.C.f");
        }
        String owner = klassOf(hints, h, program, "field " + spec, spec.substring(0, dot));
        String name = spec.substring(dot + 1);
        int type = program.type(owner);
        List<JField> out = members.fields(type, name, true);
        if (out.isEmpty()) {
            out = members.fields(type, name, false);
        }
        if (out.isEmpty()) {
            throw hints.error(h, spec.substring(0, dot) + " has no field " + name);
        }
        return out;
    }

    private static String klassOf(ReflectionHints hints, Hint h, Program program, String what, String className) {
        String internal = internal(className);
        if (program.world().lookup(internal) == null) {
            throw hints.error(h, what + ": class " + className + " is not in the closed world");
        }
        return internal;
    }

    private static List<String> parameterNames(String desc) {
        List<String> out = new ArrayList<>();
        for (Type t : Type.getArgumentTypes(desc)) {
            out.add(t.getClassName());
        }
        return out;
    }

    private static boolean declaresMethodNamed(Program program, String internal, String name) {
        ClassInfo info = program.info(program.type(internal));
        if (info == null) {
            return false;
        }
        for (MemberInfo mi : info.methods()) {
            if (mi.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static String internal(String binaryName) {
        return binaryName.replace('.', '/');
    }

    private static String labels() {
        List<String> out = new ArrayList<>();
        for (Api a : Api.values()) {
            out.add(a.label());
        }
        return String.join(", ", out);
    }

    private static List<String> kindsOf(Api api) {
        List<String> out = new ArrayList<>();
        for (Hint.Kind k : Hint.Kind.values()) {
            if (accepts(api, k)) {
                out.add("\"" + k.key() + "\"");
            }
        }
        return out;
    }
}
