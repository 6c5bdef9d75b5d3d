package org.jphantom.agent;

import static org.objectweb.asm.Opcodes.ASM9;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.agent.rt.CallRecorder;
import org.jphantom.agent.rt.Recorder;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/**
 * The agent's transformer: on retransformation of the JDK's reflection classes it writes the hooks
 * of {@link JdkHooks} into them; classes of the program (loaded by a class loader other than the
 * bootstrap and platform loaders) get {@link CallSites} in front of their {@code loadClass(String)}
 * calls as they load, and with {@code --calls} {@link Entries} at the start of each method. Anything
 * that fails leaves the class unchanged.
 *
 * <p>Loaded in a class loader of its own (see {@link Premain}), so the ASM it uses never meets
 * the program's classes. The hooks call the recorder by its run-time name in {@code java.base}
 * ({@link #install}).
 */
public final class Hooks implements ClassFileTransformer {
    private static final byte[] LOAD_CLASS = "loadClass".getBytes(StandardCharsets.UTF_8);

    private static final String[] JDK_CLASSES = {"java.lang.Class", "java.lang.reflect.Constructor",
        "java.lang.reflect.Method", "java.lang.reflect.Field", "java.lang.reflect.Array"};

    private final JdkHooks jdk;
    /** Whether program methods report their entry ({@code --calls}). */
    private final boolean calls;

    private Hooks(JdkHooks jdk, boolean calls) {
        this.jdk = jdk;
        this.calls = calls;
    }

    /**
     * Installs the recorder and the hooks: defines {@link Recorder}, renamed to
     * {@link Recorder#RUNTIME_NAME}, in {@code java.base} (whose {@code java.lang} the agent opens to
     * this class's module only), starts it, and retransforms the JDK's reflection classes.
     *
     * @param log the log to write at exit
     * @param lookups also hook the lookup APIs ({@code jphantom record --lookups})
     * @param calls where to write the run's call edges ({@code --calls}; the {@link CallRecorder}
     *              is defined in {@code java.base} the same way), or null
     */
    public static void install(Instrumentation inst, String log, boolean lookups, String calls) throws Throwable {
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.lang", Set.of(Hooks.class.getModule())), Set.of(), Map.of());
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Object.class, MethodHandles.lookup());
        Class<?> recorder = define(lookup, Recorder.class, Recorder.RUNTIME_NAME);
        lookup.findStatic(recorder, "start", MethodType.methodType(void.class, String.class)).invoke(log);
        if (calls != null) {
            Class<?> callRecorder = define(lookup, CallRecorder.class, CallRecorder.RUNTIME_NAME);
            lookup.findStatic(callRecorder, "start", MethodType.methodType(void.class, String.class)).invoke(calls);
        }
        Hooks hooks = new Hooks(new JdkHooks(lookups, lookup.findStatic(recorder, "api",
                MethodType.methodType(int.class, String.class, String.class, String.class))), calls != null);
        inst.addTransformer(hooks, true);
        List<Class<?>> jdk = new ArrayList<>();
        for (String name : JDK_CLASSES) {
            jdk.add(Class.forName(name, false, null));
        }
        inst.retransformClasses(jdk.toArray(new Class<?>[0]));
    }

    /** Defines {@code c}'s class file, renamed to {@code runtimeName}, in {@code lookup}'s package. */
    private static Class<?> define(MethodHandles.Lookup lookup, Class<?> c, String runtimeName) throws Exception {
        byte[] bytes;
        try (InputStream in = Hooks.class.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IllegalStateException("the class file of " + c.getName() + " is missing");
            }
            bytes = in.readAllBytes();
        }
        return lookup.defineClass(Relocation.rename(bytes, c.getName().replace('.', '/'), runtimeName));
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
                            "java/lang/reflect/Field", "java/lang/reflect/Array" -> rewrite(bytes, className, true);
                    default -> null;
                };
            }
            if (redefined == null && loader != null && loader != ClassLoader.getPlatformClassLoader()
                    && loader != Hooks.class.getClassLoader() && (calls || contains(bytes, LOAD_CLASS))) {
                return rewrite(bytes, className, false);
            }
            return null;
        } catch (Throwable t) {
            return null; // unchanged: better a missing log entry than a changed program
        }
    }

    private byte[] rewrite(byte[] bytes, String className, boolean inJdk) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassVisitor(ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                if (inJdk) {
                    return jdk.visitor(mv, access, className, name, desc);
                }
                MethodVisitor sites = new CallSites(mv, className.replace('/', '.') + "." + name);
                return calls ? new Entries(sites, className, name, desc) : sites;
            }
        }, 0);
        return writer.toByteArray();
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
