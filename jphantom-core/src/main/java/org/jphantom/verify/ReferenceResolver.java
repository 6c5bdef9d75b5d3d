package org.jphantom.verify;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles.Lookup;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.jphantom.verify.SymbolicRef.Op;
import org.objectweb.asm.Type;

/**
 * Resolves symbolic references as HotSpot does when the referring class runs (JVMS 5.4.3 and
 * 5.4.4). Classes are loaded through the program's class loader without initialization. Fields
 * and methods are resolved through a {@link Lookup} whose lookup class is the referring class,
 * so HotSpot's own {@code LinkResolver} searches super classes and interfaces and applies the
 * access rules; its {@link LinkageError} (kept as the cause of the lookup's exception) decides
 * the failure kind. What a lookup does not model is checked here: the {@code itf} flag against
 * the owner's kind, {@code new} and {@code REF_newInvokeSpecial} of abstract types, constructors
 * (a lookup refuses protected constructors that {@code invokespecial} may call from a subclass),
 * stores into final fields outside their initializer, and {@code clone} on arrays.
 *
 * <p>Method descriptors are resolved to {@link MethodType}s, which loads every class they name:
 * HotSpot would defer those loads, but a whole program has them all.
 *
 * <p>Not thread-safe; one instance serves one program class loader. Class loads and method types
 * are cached across referring classes.
 */
final class ReferenceResolver {
    /** Why a reference does not resolve: a {@link VerifyFailure} kind and a one-line reason. */
    record Problem(String kind, String reason) {
    }

    /** A resolution failure; stackless, so cached instances are cheap and immutable. */
    private static final class Unresolved extends Exception {
        final String kind;

        Unresolved(String kind, String reason) {
            super(reason, null, false, false);
            this.kind = kind;
        }
    }

    private final ClassLoader loader;
    private final Set<Class<?>> broken;
    private final Set<String> jdkPackages;
    private final Map<String, Object> classes = new HashMap<>();
    private final Map<String, Object> methodTypes = new HashMap<>();
    private final Map<Class<?>, Object> constructors = new HashMap<>();

    /**
     * @param loader the program's class loader
     * @param broken classes already reported as failing to link; references to their members are
     *               not resolved again, since every such resolution would repeat that failure
     * @param jdkPackages packages of the JDK's modules; the program's loader must not define
     *                    classes in them
     */
    ReferenceResolver(ClassLoader loader, Set<Class<?>> broken, Set<String> jdkPackages) {
        this.loader = loader;
        this.broken = broken;
        this.jdkPackages = jdkPackages;
    }

    /**
     * Resolves {@code ref} for the lookup class of {@code lookup}.
     *
     * @param classVersion the referring class's major version (final field stores depend on it)
     * @return {@code null} if the reference resolves, else why not
     */
    Problem resolve(Lookup lookup, int classVersion, SymbolicRef ref) {
        try {
            switch (ref.op()) {
                case CLASS -> accessible(lookup, classNamed(ref.owner()));
                case NEW -> instantiable(accessible(lookup, classNamed(ref.owner())));
                case METHOD_TYPE -> {
                    for (Type t : Type.getArgumentTypes(ref.owner())) {
                        accessibleIfReference(lookup, t);
                    }
                    accessibleIfReference(lookup, Type.getReturnType(ref.owner()));
                }
                default -> {
                    if (ref.op().isField()) {
                        field(lookup, classVersion, ref);
                    } else {
                        method(lookup, ref);
                    }
                }
            }
            return null;
        } catch (Unresolved u) {
            return new Problem(u.kind, u.getMessage());
        }
    }

    private void field(Lookup lookup, int classVersion, SymbolicRef ref) throws Unresolved {
        Class<?> owner = accessible(lookup, classNamed(ref.owner()));
        if (broken.contains(owner)) {
            return;
        }
        Class<?> type = classOf(Type.getType(ref.desc()));
        MethodHandle mh;
        try {
            mh = switch (ref.op()) {
                case GETFIELD, PUTFIELD, REF_GETFIELD -> lookup.findGetter(owner, ref.name(), type);
                case GETSTATIC, PUTSTATIC, REF_GETSTATIC -> lookup.findStaticGetter(owner, ref.name(), type);
                case REF_PUTFIELD -> lookup.findSetter(owner, ref.name(), type);
                case REF_PUTSTATIC -> lookup.findStaticSetter(owner, ref.name(), type);
                default -> throw new IllegalStateException(ref.op().name());
            };
        } catch (ReflectiveOperationException | LinkageError e) {
            throw translate(e);
        }
        if (ref.op() == Op.PUTFIELD || ref.op() == Op.PUTSTATIC) {
            finalStore(lookup, classVersion, ref, mh);
        }
    }

    /** HotSpot's rule for {@code putfield}/{@code putstatic} of a final field (JVMS 6.5). */
    private static void finalStore(Lookup lookup, int classVersion, SymbolicRef ref, MethodHandle getter)
            throws Unresolved {
        MethodHandleInfo info;
        try {
            info = lookup.revealDirect(getter);
        } catch (IllegalArgumentException | SecurityException e) {
            return; // not a direct handle: nothing more to learn about the field
        }
        if (!Modifier.isFinal(info.getModifiers())) {
            return;
        }
        Class<?> declaring = info.getDeclaringClass();
        String field = declaring.getName() + "." + ref.name();
        if (declaring != lookup.lookupClass()) {
            throw new Unresolved(VerifyFailure.ACCESS, "IllegalAccessError: update to final field "
                    + field + " attempted from a different class");
        }
        if (classVersion >= 53 && !ref.inInitializer()) {
            throw new Unresolved(VerifyFailure.ACCESS, "IllegalAccessError: update to final field "
                    + field + " attempted from a method other than "
                    + (ref.op() == Op.PUTSTATIC ? "<clinit>" : "<init>"));
        }
    }

    private void method(Lookup lookup, SymbolicRef ref) throws Unresolved {
        Class<?> owner = accessible(lookup, classNamed(ref.owner()));
        if (ref.itf() != owner.isInterface()) {
            throw new Unresolved(VerifyFailure.INCOMPATIBLE_CHANGE, "IncompatibleClassChangeError: "
                    + (owner.isInterface()
                            ? owner.getName() + " is an interface, but the reference is a Methodref"
                            : owner.getName() + " is a class, but the reference is an InterfaceMethodref"));
        }
        if (broken.contains(owner)) {
            return;
        }
        Op op = ref.op();
        if (ref.name().equals("<init>")) {
            constructor(lookup.lookupClass(), owner, ref.desc());
            if (op == Op.REF_NEWINVOKESPECIAL) {
                instantiable(owner);
            }
            return;
        }
        boolean isStatic = op == Op.INVOKESTATIC || op == Op.REF_INVOKESTATIC;
        if (owner.isArray() && !isStatic && ref.name().equals("clone")
                && ref.desc().equals("()Ljava/lang/Object;")) {
            return; // arrays override Object.clone as public (JLS 10.7)
        }
        Class<?> refc = owner.isArray() ? Object.class : owner;
        MethodType type = methodType(ref.desc());
        try {
            if (isStatic) {
                lookup.findStatic(refc, ref.name(), type);
            } else {
                // invokespecial resolves and checks access like invokevirtual; the verifier
                // alone restricts which classes it may name.
                lookup.findVirtual(refc, ref.name(), type);
            }
        } catch (IllegalAccessException e) {
            if (!isCallerSensitiveRefusal(e)) {
                throw translate(e);
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            throw translate(e);
        }
    }

    /**
     * A lookup without full privilege refuses to bind a caller-sensitive method
     * ({@code Class.forName}, {@code setAccessible}, ...) only after resolution, static-ness and
     * access checks have passed, so for the JVM the reference resolves.
     */
    private static boolean isCallerSensitiveRefusal(IllegalAccessException e) {
        return e.getCause() == null && String.valueOf(e.getMessage()).contains("caller-sensitive");
    }

    /** Constructors are not inherited: the owner itself must declare an accessible one. */
    private void constructor(Class<?> referrer, Class<?> owner, String desc) throws Unresolved {
        Object declared = constructors.computeIfAbsent(owner, ReferenceResolver::declaredConstructors);
        if (declared instanceof Unresolved u) {
            throw u;
        }
        for (Constructor<?> k : (Constructor<?>[]) declared) {
            if (Type.getConstructorDescriptor(k).equals(desc)) {
                if (!memberAccessible(referrer, owner, k.getModifiers())) {
                    throw new Unresolved(VerifyFailure.ACCESS, "IllegalAccessError: "
                            + referrer.getName() + " cannot access " + Modifier.toString(k.getModifiers())
                            + " constructor " + owner.getName() + ".<init>" + desc);
                }
                return;
            }
        }
        throw new Unresolved(VerifyFailure.UNRESOLVED_METHOD,
                "NoSuchMethodError: no constructor " + owner.getName() + ".<init>" + desc);
    }

    private static Object declaredConstructors(Class<?> owner) {
        try {
            return owner.getDeclaredConstructors();
        } catch (LinkageError e) {
            return translate(e);
        }
    }

    /** JVMS 5.4.4 for a member of {@code declaring} (whose class access is already checked). */
    private static boolean memberAccessible(Class<?> referrer, Class<?> declaring, int mods) {
        if (Modifier.isPublic(mods)) {
            return true;
        }
        if (Modifier.isPrivate(mods)) {
            return referrer == declaring || referrer.isNestmateOf(declaring);
        }
        boolean samePackage = referrer.getClassLoader() == declaring.getClassLoader()
                && referrer.getPackageName().equals(declaring.getPackageName());
        return samePackage || Modifier.isProtected(mods) && declaring.isAssignableFrom(referrer);
    }

    private static Class<?> instantiable(Class<?> c) throws Unresolved {
        if (c.isInterface() || c.isArray() || Modifier.isAbstract(c.getModifiers())) {
            throw new Unresolved(VerifyFailure.INSTANTIATION, "InstantiationError: " + c.getName()
                    + " is " + (c.isInterface() ? "an interface" : c.isArray() ? "an array" : "abstract"));
        }
        return c;
    }

    private static Class<?> accessible(Lookup lookup, Class<?> c) throws Unresolved {
        try {
            lookup.accessClass(c);
            return c;
        } catch (IllegalAccessException e) {
            throw new Unresolved(VerifyFailure.ACCESS, "IllegalAccessError: " + c.getName()
                    + " is not accessible from " + lookup.lookupClass().getName());
        }
    }

    private void accessibleIfReference(Lookup lookup, Type t) throws Unresolved {
        Class<?> c = classOf(t);
        if (!c.isPrimitive()) {
            accessible(lookup, c);
        }
    }

    /** The class an internal name or array descriptor names, loaded as by the JVM (5.3). */
    private Class<?> classNamed(String nameOrArrayDesc) throws Unresolved {
        Object c = classes.get(nameOrArrayDesc);
        if (c == null) {
            c = load(nameOrArrayDesc);
            classes.put(nameOrArrayDesc, c);
        }
        if (c instanceof Unresolved u) {
            throw u;
        }
        return (Class<?>) c;
    }

    private Object load(String nameOrArrayDesc) {
        try {
            Class<?> c = Class.forName(nameOrArrayDesc.replace('/', '.'), false, loader);
            Class<?> element = c;
            while (element.isArray()) {
                element = element.getComponentType();
            }
            if (element.getClassLoader() == loader && jdkPackages.contains(element.getPackageName())) {
                return new Unresolved(VerifyFailure.UNRESOLVED_CLASS, "NoClassDefFoundError: "
                        + nameOrArrayDesc + " is in package " + element.getPackageName()
                        + " of the JDK but not in the JDK");
            }
            return c;
        } catch (ClassNotFoundException e) {
            return new Unresolved(VerifyFailure.UNRESOLVED_CLASS,
                    "NoClassDefFoundError: " + nameOrArrayDesc + " not found");
        } catch (LinkageError | IllegalArgumentException e) {
            return new Unresolved(VerifyFailure.UNRESOLVED_CLASS,
                    "NoClassDefFoundError: " + nameOrArrayDesc + " cannot be loaded: " + Messages.describe(e));
        }
    }

    private Class<?> classOf(Type t) throws Unresolved {
        return switch (t.getSort()) {
            case Type.VOID -> void.class;
            case Type.BOOLEAN -> boolean.class;
            case Type.CHAR -> char.class;
            case Type.BYTE -> byte.class;
            case Type.SHORT -> short.class;
            case Type.INT -> int.class;
            case Type.FLOAT -> float.class;
            case Type.LONG -> long.class;
            case Type.DOUBLE -> double.class;
            case Type.ARRAY -> classNamed(t.getDescriptor());
            default -> classNamed(t.getInternalName());
        };
    }

    private MethodType methodType(String desc) throws Unresolved {
        Object mt = methodTypes.get(desc);
        if (mt == null) {
            try {
                Type[] args = Type.getArgumentTypes(desc);
                Class<?>[] params = new Class<?>[args.length];
                for (int i = 0; i < args.length; i++) {
                    params[i] = classOf(args[i]);
                }
                mt = MethodType.methodType(classOf(Type.getReturnType(desc)), params);
            } catch (Unresolved u) {
                mt = u;
            }
            methodTypes.put(desc, mt);
        }
        if (mt instanceof Unresolved u) {
            throw u;
        }
        return (MethodType) mt;
    }

    /** Maps a lookup's exception to a failure kind, preferring HotSpot's own error (the cause). */
    private static Unresolved translate(Throwable e) {
        Throwable error = e instanceof LinkageError ? e : e.getCause() instanceof LinkageError c ? c : null;
        if (error != null) {
            String kind;
            if (error instanceof NoSuchMethodError) {
                kind = VerifyFailure.UNRESOLVED_METHOD;
            } else if (error instanceof NoSuchFieldError) {
                kind = VerifyFailure.UNRESOLVED_FIELD;
            } else if (error instanceof IllegalAccessError) {
                kind = VerifyFailure.ACCESS;
            } else if (error instanceof InstantiationError) {
                kind = VerifyFailure.INSTANTIATION;
            } else if (error instanceof NoClassDefFoundError) {
                kind = VerifyFailure.UNRESOLVED_CLASS;
            } else if (error.getClass() == IncompatibleClassChangeError.class) {
                kind = VerifyFailure.INCOMPATIBLE_CHANGE;
            } else {
                kind = VerifyFailure.LINK;
            }
            return new Unresolved(kind, Messages.describe(error));
        }
        String kind;
        if (e instanceof NoSuchMethodException) {
            kind = VerifyFailure.UNRESOLVED_METHOD;
        } else if (e instanceof NoSuchFieldException) {
            kind = VerifyFailure.UNRESOLVED_FIELD;
        } else if (e instanceof IllegalAccessException) {
            String m = String.valueOf(e.getMessage());
            if (m.startsWith("expected a static") || m.startsWith("expected a non-static")) {
                // the lookup checks static-ness itself, where HotSpot would throw this error
                return new Unresolved(VerifyFailure.INCOMPATIBLE_CHANGE,
                        "IncompatibleClassChangeError: " + Messages.clean(m));
            }
            kind = VerifyFailure.ACCESS;
        } else {
            kind = VerifyFailure.LINK;
        }
        return new Unresolved(kind, Messages.describe(e));
    }
}
