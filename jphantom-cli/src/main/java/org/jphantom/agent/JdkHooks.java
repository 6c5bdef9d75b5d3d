package org.jphantom.agent;

import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ARETURN;
import static org.objectweb.asm.Opcodes.ASM9;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.SIPUSH;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Set;
import org.jphantom.agent.rt.Recorder;
import org.objectweb.asm.MethodVisitor;

/**
 * Writes the hooks into the JDK's reflection classes: at entry for {@code Class.newInstance},
 * {@code Constructor.newInstance}, {@code Method.invoke}, {@code Field.get*}/{@code set*} and
 * {@code Array.newInstance} (the call happens even when the target then throws), at each return of
 * {@code Class.forName} (only a found class is a target), and, with lookups, in the lookup APIs. A
 * hook only adds calls that consume copies of values already on the stack, so the code's behaviour
 * and stack map frames stay as they were, and names its API by a number pushed with
 * {@code bipush}/{@code sipush}, so the JDK classes' constant pools gain no constants.
 */
final class JdkHooks {
    static final String RECORDER = Recorder.RUNTIME_NAME;

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

    /** The suffixes of Field's public get and set methods: get, getInt, ..., set, setInt, ... */
    private static final Set<String> FIELD_ACCESSORS = Set.of("", "Boolean", "Byte", "Char",
            "Short", "Int", "Long", "Float", "Double");

    private final boolean lookups;
    /** The recorder's {@code api(kind, class, method)}: numbers the hooks' APIs. */
    private final MethodHandle api;

    JdkHooks(boolean lookups, MethodHandle api) {
        this.lookups = lookups;
        this.api = api;
    }

    /** The visitor that writes the hook of one method of a JDK class, or {@code mv} unchanged. */
    MethodVisitor visitor(MethodVisitor mv, int access, String owner, String name, String desc) {
        if (lookups && (access & ACC_PUBLIC) != 0 && (access & ACC_STATIC) == 0
                && LOOKUPS.getOrDefault(owner, Set.of()).contains(name)) {
            return lookupHook(mv, owner, name, desc);
        }
        return jdkHook(mv, owner, name, desc);
    }

    /** The recorder's number for an API (see {@code Recorder.api}). */
    private int number(String kind, String apiClass, String apiMethod) {
        try {
            return (int) api.invokeExact(kind, apiClass, apiMethod);
        } catch (Throwable t) {
            throw new IllegalStateException("cannot number " + kind + ": " + t, t);
        }
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

}
