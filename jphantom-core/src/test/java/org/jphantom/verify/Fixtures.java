package org.jphantom.verify;

import static org.objectweb.asm.Opcodes.ACC_ABSTRACT;
import static org.objectweb.asm.Opcodes.ACC_INTERFACE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.RETURN;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/**
 * Builds fixture classes and jars with ASM. Classes are written with {@code COMPUTE_MAXS} only:
 * methods at version 50+ have straight-line code (no frames needed) or give their frames
 * explicitly, so nothing here loads classes to compute frames.
 */
final class Fixtures {
    static final int V1_5 = 49;
    static final int V1_8 = 52;
    static final int V11 = 55;

    private Fixtures() {
    }

    /** A class writer that has started {@code name}. */
    static ClassWriter begin(int version, int access, String name, String superName, String... interfaces) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(version, access, name, null, superName, interfaces.length == 0 ? null : interfaces);
        return cw;
    }

    /** Adds a public no-argument constructor that calls {@code superName}'s. */
    static void constructor(ClassWriter cw, String superName) {
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKESPECIAL, superName, "<init>", "()V", false);
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Adds a method; {@code body} emits the instructions, {@link #method} ends it. */
    static void method(ClassWriter cw, int access, String name, String desc, Consumer<MethodVisitor> body) {
        MethodVisitor mv = cw.visitMethod(access, name, desc, null, null);
        mv.visitCode();
        body.accept(mv);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * A public version-52 class extending {@code Object} with a default constructor and a
     * {@code public static void run()} whose straight-line body is {@code body} then {@code return}.
     */
    static byte[] runner(String name, Consumer<MethodVisitor> body) {
        ClassWriter cw = begin(V1_8, ACC_PUBLIC, name, "java/lang/Object");
        constructor(cw, "java/lang/Object");
        method(cw, ACC_PUBLIC | ACC_STATIC, "run", "()V", mv -> {
            body.accept(mv);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A public interface with no members. */
    static byte[] emptyInterface(String name) {
        ClassWriter cw = begin(V1_8, ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, name, "java/lang/Object");
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Jar entries by internal class name (or, with a slash-free suffix, any entry path). */
    static final class Jar {
        private final Map<String, byte[]> entries = new TreeMap<>();
        private boolean multiRelease;

        Jar add(String internalName, byte[] bytes) {
            entries.put(internalName + ".class", bytes);
            return this;
        }

        Jar addVersioned(int release, String internalName, byte[] bytes) {
            multiRelease = true;
            entries.put("META-INF/versions/" + release + "/" + internalName + ".class", bytes);
            return this;
        }

        Path write(Path file) throws IOException {
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            if (multiRelease) {
                manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
            }
            try (OutputStream out = Files.newOutputStream(file);
                 JarOutputStream jar = new JarOutputStream(out, manifest)) {
                for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                    JarEntry entry = new JarEntry(e.getKey());
                    entry.setTime(0L);
                    jar.putNextEntry(entry);
                    jar.write(e.getValue());
                    jar.closeEntry();
                }
            }
            return file;
        }
    }
}
