package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.Program;

/**
 * The reflective API methods the analysis models, recognised by the symbolic reference of a call
 * ({@code java.lang.Class}, {@code java.lang.reflect.*} are final, so the owner names the method;
 * {@code loadClass} and {@code defineClass} may be called on any class loader type).
 */
enum Api {
    FOR_NAME("Class.forName"),
    LOAD_CLASS("ClassLoader.loadClass"),
    CLASS_NEW_INSTANCE("Class.newInstance"),
    GET_SUPERCLASS("Class.getSuperclass"),
    GET_INTERFACES("Class.getInterfaces"),
    GET_METHOD("Class.getMethod"),
    GET_DECLARED_METHOD("Class.getDeclaredMethod"),
    GET_METHODS("Class.getMethods"),
    GET_DECLARED_METHODS("Class.getDeclaredMethods"),
    GET_CONSTRUCTOR("Class.getConstructor"),
    GET_DECLARED_CONSTRUCTOR("Class.getDeclaredConstructor"),
    GET_CONSTRUCTORS("Class.getConstructors"),
    GET_DECLARED_CONSTRUCTORS("Class.getDeclaredConstructors"),
    GET_FIELD("Class.getField"),
    GET_DECLARED_FIELD("Class.getDeclaredField"),
    GET_FIELDS("Class.getFields"),
    GET_DECLARED_FIELDS("Class.getDeclaredFields"),
    METHOD_INVOKE("Method.invoke"),
    CONSTRUCTOR_NEW_INSTANCE("Constructor.newInstance"),
    FIELD_GET("Field.get"),
    FIELD_SET("Field.set"),
    ARRAY_NEW_INSTANCE("Array.newInstance"),
    DEFINE_CLASS("ClassLoader.defineClass"),
    LOOKUP_DEFINE_CLASS("Lookup.defineClass"),
    DEFINE_HIDDEN_CLASS("Lookup.defineHiddenClass");

    private final String label;

    Api(String label) {
        this.label = label;
    }

    /** {@code Class.forName}: how reports and TamiFlex logs name it. */
    String label() {
        return label;
    }

    /**
     * Whether the API loads a class or makes its objects and touches no member but constructors
     * ({@code forName}, {@code loadClass}, {@code defineClass}, the constructor lookups,
     * {@code newInstance}): the sites where a class the program names by a string constant is
     * admitted beyond the budget ({@link NamedClasses}). The member lookups, {@code invoke} and the
     * field accesses, where each class's members meet every value, stay within it.
     */
    boolean instantiates() {
        return switch (this) {
            case FOR_NAME, LOAD_CLASS, DEFINE_CLASS, CLASS_NEW_INSTANCE, CONSTRUCTOR_NEW_INSTANCE, GET_CONSTRUCTOR,
                    GET_DECLARED_CONSTRUCTOR, GET_CONSTRUCTORS, GET_DECLARED_CONSTRUCTORS -> true;
            default -> false;
        };
    }

    /** Whether the lookup is {@code getDeclared*} (the class's own members, any access). */
    boolean declaredOnly() {
        return name().contains("DECLARED");
    }

    /** The index among the call's arguments of the name string, -1 if none. */
    int nameArg(Invoke inv) {
        return switch (this) {
            case FOR_NAME -> inv.desc.startsWith("(Ljava/lang/Module;") ? 1 : 0;
            case LOAD_CLASS, GET_METHOD, GET_DECLARED_METHOD, GET_FIELD, GET_DECLARED_FIELD -> 0;
            default -> -1;
        };
    }

    /** The API method {@code inv} calls, or null if it is none of the modelled ones. */
    static Api of(Invoke inv, Program program) {
        switch (inv.owner) {
            case "java/lang/Class":
                return ofClass(inv.name, inv.desc);
            case "java/lang/reflect/Method":
                return inv.name.equals("invoke") && inv.desc.equals(
                        "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;") ? METHOD_INVOKE : null;
            case "java/lang/reflect/Constructor":
                return inv.name.equals("newInstance") && inv.desc.equals("([Ljava/lang/Object;)Ljava/lang/Object;")
                        ? CONSTRUCTOR_NEW_INSTANCE : null;
            case "java/lang/reflect/Field":
                if (inv.name.equals("get") && inv.desc.equals("(Ljava/lang/Object;)Ljava/lang/Object;")) {
                    return FIELD_GET;
                }
                return inv.name.equals("set") && inv.desc.equals("(Ljava/lang/Object;Ljava/lang/Object;)V")
                        ? FIELD_SET : null;
            case "java/lang/reflect/Array":
                return inv.name.equals("newInstance") && (inv.desc.equals("(Ljava/lang/Class;I)Ljava/lang/Object;")
                        || inv.desc.equals("(Ljava/lang/Class;[I)Ljava/lang/Object;")) ? ARRAY_NEW_INSTANCE : null;
            case "java/lang/invoke/MethodHandles$Lookup":
                if (inv.name.equals("defineClass") && inv.desc.equals("([B)Ljava/lang/Class;")) {
                    return LOOKUP_DEFINE_CLASS;
                }
                return inv.name.startsWith("defineHiddenClass") && inv.desc.startsWith("([B") ? DEFINE_HIDDEN_CLASS : null;
            default:
                if (inv.name.equals("defineClass") && inv.desc.endsWith(")Ljava/lang/Class;") && inv.recv >= 0
                        && !inv.owner.startsWith("[")
                        && program.isSubtype(program.type(inv.owner), program.type("java/lang/ClassLoader"))) {
                    return DEFINE_CLASS;
                }
                if (inv.name.equals("loadClass") && inv.desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")
                        && inv.recv >= 0 && !inv.owner.startsWith("[")
                        && program.isSubtype(program.type(inv.owner), program.type("java/lang/ClassLoader"))) {
                    return LOAD_CLASS;
                }
                return null;
        }
    }

    private static Api ofClass(String name, String desc) {
        switch (name) {
            case "forName":
                return desc.endsWith(")Ljava/lang/Class;") && desc.contains("Ljava/lang/String;") ? FOR_NAME : null;
            case "newInstance":
                return desc.equals("()Ljava/lang/Object;") ? CLASS_NEW_INSTANCE : null;
            case "getSuperclass":
                return desc.equals("()Ljava/lang/Class;") ? GET_SUPERCLASS : null;
            case "getInterfaces":
                return desc.equals("()[Ljava/lang/Class;") ? GET_INTERFACES : null;
            case "getMethod":
                return desc.equals("(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;") ? GET_METHOD : null;
            case "getDeclaredMethod":
                return desc.equals("(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;")
                        ? GET_DECLARED_METHOD : null;
            case "getMethods":
                return desc.equals("()[Ljava/lang/reflect/Method;") ? GET_METHODS : null;
            case "getDeclaredMethods":
                return desc.equals("()[Ljava/lang/reflect/Method;") ? GET_DECLARED_METHODS : null;
            case "getConstructor":
                return desc.equals("([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;") ? GET_CONSTRUCTOR : null;
            case "getDeclaredConstructor":
                return desc.equals("([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;")
                        ? GET_DECLARED_CONSTRUCTOR : null;
            case "getConstructors":
                return desc.equals("()[Ljava/lang/reflect/Constructor;") ? GET_CONSTRUCTORS : null;
            case "getDeclaredConstructors":
                return desc.equals("()[Ljava/lang/reflect/Constructor;") ? GET_DECLARED_CONSTRUCTORS : null;
            case "getField":
                return desc.equals("(Ljava/lang/String;)Ljava/lang/reflect/Field;") ? GET_FIELD : null;
            case "getDeclaredField":
                return desc.equals("(Ljava/lang/String;)Ljava/lang/reflect/Field;") ? GET_DECLARED_FIELD : null;
            case "getFields":
                return desc.equals("()[Ljava/lang/reflect/Field;") ? GET_FIELDS : null;
            case "getDeclaredFields":
                return desc.equals("()[Ljava/lang/reflect/Field;") ? GET_DECLARED_FIELDS : null;
            default:
                return null;
        }
    }
}
