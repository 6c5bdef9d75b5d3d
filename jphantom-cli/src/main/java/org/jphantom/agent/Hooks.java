package org.jphantom.agent;

import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ARETURN;
import static org.objectweb.asm.Opcodes.ASM9;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.SIPUSH;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.jphantom.agent.rt.Recorder;
import org.objectweb.asm.MethodVisitor;

/**
 * The agent's transformer. On retransformation of the JDK's reflection classes it puts a call to
 * {@link org.jphantom.agent.rt.Recorder} into each recorded entry point: at entry for
 * {@code Class.newInstance}, {@code Constructor.newInstance}, {@code Method.invoke},
 * {@code Field.get*}/{@code set*} and {@code Array.newInstance} (the call happens even when the
 * target then throws), and at each return of {@code Class.forName} (only a found class is a target).
 * Classes of the program (loaded by a class loader other than the bootstrap and platform loaders)
 * get a call in front of each {@code loadClass(String)} call site, with the caller and line known
 * statically: {@code ClassLoader.loadClass} itself cannot be hooked, since the JVM calls it for
 * every class it resolves. The hooks only add calls that consume copies of values already on the
 * stack, so the code's behaviour and stack map frames stay as they were.
 *
 * <p>Loaded in a class loader of its own (see {@link Premain}), so the ASM it uses never meets
 * the program's classes. The hooks call the recorder by its run-time name in {@code java.base}
 * ({@link #install}) and pass no string constants into the JDK's classes (see {@code Recorder.api}).
 */
public final class Hooks implements ClassFileTransformer {
    /**
     * With lookups: also {@code Class.getMethod}, {@code getDeclaredMethod}, {@code getField},
     * {@code getDeclaredField} (at return: the member found), {@code Class.getMethods},
     * {@code getDeclaredMethods}, {@code getFields}, {@code getDeclaredFields} (at entry: the class),
     * and {@code getName}, {@code getDeclaringClass}, {@code getModifiers} of {@code Method} and
     * {@code Field} and {@code Constructor.getModifiers} (at entry: the member), as TamiFlex labels them.
     */
    private static final Map<String, Set<String>> LOOKUPS = Map.of(
            "java/lang/Class", Set.of("getMethod", "getDeclaredMethod", "getField", "getDeclaredField",
                    "getMethods", "getDeclaredMethods", "getFields", "getDeclaredFields"),
            "java/lang/reflect/Method", Set.of("getName", "getDeclaringClass", "getModifiers"),
            "java/lang/reflect/Field", Set.of("getName", "getDeclaringClass", "getModifiers"),
            "java/lang/reflect/Constructor", Set.of("getModifiers"));

    static final String RECORDER = Recorder.RUNTIME_NAME;
    /** The suffixes of Field's public get and set methods: get, getInt, ..., set, setInt, ... */
    private static final Set<String> FIELD_ACCESSORS = Set.of("", "Boolean", "Byte", "Char",
            "Short", "Int", "Long", "Float", "Double");
    private static final byte[] LOAD_CLASS = "loadClass".getBytes(StandardCharsets.UTF_8);

    private static final String[] JDK_CLASSES = {"java.lang.Class", "java.lang.reflect.Constructor",
        "java.lang.reflect.Method", "java.lang.reflect.Field", "java.lang.reflect.Array"};

    private final boolean lookups;
    /** The recorder's {@code api(kind, class, method)}: numbers the hooks' APIs. */
    private final MethodHandle api;

    private Hooks(boolean lookups, MethodHandle api) {
        this.lookups = lookups;
        this.api = api;
    }

    /**
     * Installs the recorder and the hooks: defines {@link Recorder}, renamed to
     * {@link Recorder#RUNTIME_NAME}, in {@code java.base} (whose {@code java.lang} the agent opens to
     * this class's module only), starts it, and retransforms the JDK's reflection classes.
     *
     * @param log the log to write at exit
     * @param lookups also hook the lookup APIs ({@code jphantom record --lookups})
     */
    public static void install(Instrumentation inst, String log, boolean lookups) throws Throwable {
        byte[] bytes;
        try (InputStream in = Hooks.class.getResourceAsStream("/" + Recorder.class.getName().replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IllegalStateException("the recorder's class file is missing");
            }
            bytes = in.readAllBytes();
        }
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.lang", Set.of(Hooks.class.getModule())), Set.of(), Map.of());
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Object.class, MethodHandles.lookup());
        Class<?> recorder = lookup.defineClass(
                Relocation.rename(bytes, Recorder.class.getName().replace('.', '/'), Recorder.RUNTIME_NAME));
        lookup.findStatic(recorder, "start", MethodType.methodType(void.class, String.class)).invoke(log);
        Hooks hooks = new Hooks(lookups, lookup.findStatic(recorder, "api",
                MethodType.methodType(int.class, String.class, String.class, String.class)));
        inst.addTransformer(hooks, true);
        List<Class<?>> jdk = new ArrayList<>();
        for (String name : JDK_CLASSES) {
            jdk.add(Class.forName(name, false, null));
        }
        inst.retransformClasses(jdk.toArray(new Class<?>[0]));
    }

    /** The recorder's number for an API (see {@code Recorder.api}). */
    private int number(String kind, String apiClass, String apiMethod) {
        try {
            return (int) api.invokeExact(kind, apiClass, apiMethod);
        } catch (Throwable t) {
            throw new IllegalStateException("cannot number " + kind + ": " + t, t);
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
            ProtectionDomain domain, byte[] bytes) {
        try {
            if (className == null) {
                return null;
            }
            if (redefined != null && loader == null) {
                return switch (className) {
                    case "java/lang/Class", "java/lang/reflect/Constructor", "java/lang/reflect/Method",
                            "java/lang/reflect/Field", "java/lang/reflect/Array" -> rewrite(bytes, className, true, lookups);
                    default -> null;
                };
            }
            if (redefined == null && loader != null && loader != ClassLoader.getPlatformClassLoader()
                    && loader != Hooks.class.getClassLoader() && contains(bytes, LOAD_CLASS)) {
                return rewrite(bytes, className, false, false);
            }
            return null;
        } catch (Throwable t) {
            return null; // unchanged: better a missing log entry than a changed program
        }
    }

    private byte[] rewrite(byte[] bytes, String className, boolean jdk, boolean lookups) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassVisitor(ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                if (!jdk) {
                    return new CallSites(mv, className.replace('/', '.') + "." + name);
                }
                if (lookups && (access & org.objectweb.asm.Opcodes.ACC_PUBLIC) != 0
                        && (access & org.objectweb.asm.Opcodes.ACC_STATIC) == 0
                        && LOOKUPS.getOrDefault(className, Set.of()).contains(name)) {
                    return lookupHook(mv, className, name, desc);
                }
                return jdkHook(mv, className, name, desc);
            }
        }, 0);
        return writer.toByteArray();
    }

    /** The hook of one JDK method, or {@code mv} unchanged. */
    private MethodVisitor jdkHook(MethodVisitor mv, String owner, String name, String desc) {
        switch (owner) {
            case "java/lang/Class":
                if (name.equals("forName") && desc.endsWith(")Ljava/lang/Class;")) {
                    return new AtReturn(mv, "classForName");
                }
                if (name.equals("newInstance") && desc.equals("()Ljava/lang/Object;")) {
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "classNewInstance", "(Ljava/lang/Object;)V", false);
                    });
                }
                return mv;
            case "java/lang/reflect/Constructor":
                if (name.equals("newInstance") && desc.equals("([Ljava/lang/Object;)Ljava/lang/Object;")) {
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "constructorNewInstance", "(Ljava/lang/Object;)V", false);
                    });
                }
                return mv;
            case "java/lang/reflect/Method":
                if (name.equals("invoke") && desc.equals("(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;")) {
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        m.visitVarInsn(ALOAD, 1);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "methodInvoke",
                                "(Ljava/lang/Object;Ljava/lang/Object;)V", false);
                    });
                }
                return mv;
            case "java/lang/reflect/Field":
                boolean get = FIELD_ACCESSORS.contains(name.replaceFirst("^get", "")) && name.startsWith("get")
                        && desc.startsWith("(Ljava/lang/Object;)");
                boolean set = FIELD_ACCESSORS.contains(name.replaceFirst("^set", "")) && name.startsWith("set")
                        && desc.startsWith("(Ljava/lang/Object;") && desc.endsWith(")V");
                if (get || set) {
                    int number = number(set ? "Field.set*" : "Field.get*", "java.lang.reflect.Field", name);
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        push(m, number);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "fieldAccess", "(Ljava/lang/Object;I)V", false);
                    });
                }
                return mv;
            case "java/lang/reflect/Array":
                if (name.equals("newInstance") && desc.equals("(Ljava/lang/Class;I)Ljava/lang/Object;")) {
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        m.visitInsn(ICONST_1);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "arrayNewInstance", "(Ljava/lang/Object;I)V", false);
                    });
                }
                if (name.equals("newInstance") && desc.equals("(Ljava/lang/Class;[I)Ljava/lang/Object;")) {
                    return atEntry(mv, m -> {
                        m.visitVarInsn(ALOAD, 0);
                        m.visitVarInsn(ALOAD, 1);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "length", "(Ljava/lang/Object;)I", false);
                        m.visitMethodInsn(INVOKESTATIC, RECORDER, "arrayNewInstance", "(Ljava/lang/Object;I)V", false);
                    });
                }
                return mv;
            default:
                return mv;
        }
    }

    /** The hook of one lookup method (public, an instance method of a class in {@link #LOOKUPS}). */
    private MethodVisitor lookupHook(MethodVisitor mv, String owner, String name, String desc) {
        String apiClass = owner.replace('/', '.');
        // Not named "api": MethodVisitor has a field of that name (the ASM version), which would shadow it.
        int number = number(apiClass.substring(apiClass.lastIndexOf('.') + 1) + "." + name, apiClass, name);
        String hook = "(Ljava/lang/Object;I)V";
        if (owner.equals("java/lang/Class") && !name.endsWith("s")) { // getMethod, ...: the member found
            return new MethodVisitor(ASM9, mv) {
                @Override
                public void visitInsn(int opcode) {
                    if (opcode == ARETURN) {
                        super.visitInsn(DUP);
                        push(mv, number);
                        super.visitMethodInsn(INVOKESTATIC, RECORDER, "lookup", hook, false);
                    }
                    super.visitInsn(opcode);
                }
            };
        }
        return atEntry(mv, m -> { // getMethods, ... (the class) and the members' getters (the member)
            m.visitVarInsn(ALOAD, 0);
            push(m, number);
            m.visitMethodInsn(INVOKESTATIC, RECORDER, "lookup", hook, false);
        });
    }

    /** Pushes a hook's number (see {@link Recorder#api}) without a constant pool entry. */
    private static void push(MethodVisitor mv, int n) {
        if (n < 0 || n > Short.MAX_VALUE) {
            throw new IllegalStateException("hook number out of range: " + n);
        }
        mv.visitIntInsn(n <= Byte.MAX_VALUE ? BIPUSH : SIPUSH, n);
    }

    private interface Code {
        void emit(MethodVisitor mv);
    }

    private static MethodVisitor atEntry(MethodVisitor mv, Code code) {
        return new MethodVisitor(ASM9, mv) {
            @Override
            public void visitCode() {
                super.visitCode();
                code.emit(mv);
            }
        };
    }

    /** Passes a copy of each returned reference to the recorder. */
    private static final class AtReturn extends MethodVisitor {
        private final String hook;

        AtReturn(MethodVisitor mv, String hook) {
            super(ASM9, mv);
            this.hook = hook;
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode == ARETURN) {
                super.visitInsn(DUP);
                super.visitMethodInsn(INVOKESTATIC, RECORDER, hook, "(Ljava/lang/Object;)V", false);
            }
            super.visitInsn(opcode);
        }
    }

    /** Puts the recorder in front of each {@code loadClass(String)} call, with caller and line. */
    private static final class CallSites extends MethodVisitor {
        private final String caller;
        private int line;

        CallSites(MethodVisitor mv, String caller) {
            super(ASM9, mv);
            this.caller = caller;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
            if ((opcode == INVOKEVIRTUAL || opcode == INVOKEINTERFACE) && name.equals("loadClass")
                    && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
                super.visitInsn(DUP);
                super.visitLdcInsn(caller);
                super.visitLdcInsn(line);
                super.visitMethodInsn(INVOKESTATIC, RECORDER, "loadClass", "(Ljava/lang/Object;Ljava/lang/String;I)V", false);
            }
            super.visitMethodInsn(opcode, owner, name, desc, itf);
        }
    }

    private static boolean contains(byte[] bytes, byte[] word) {
        outer:
        for (int i = 0; i + word.length <= bytes.length; i++) {
            for (int j = 0; j < word.length; j++) {
                if (bytes[i + j] != word[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
