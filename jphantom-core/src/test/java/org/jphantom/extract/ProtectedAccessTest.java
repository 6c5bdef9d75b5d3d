package org.jphantom.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * JVMS 4.10.1.8: code in {@code app/Tree} (a subclass of {@code base/Node}, another package) uses
 * Node's protected members naming Node as the owner, on a receiver of phantom type {@code Leaf}.
 * The verifier accepts that only if Leaf is assignable to Tree, so the phantom must extend Tree
 * (extending Node, which the receiver constraint alone allows, would fail verification).
 */
class ProtectedAccessTest {

    @TempDir
    Path dir;

    @Test
    void phantomReceiverOfProtectedMemberBecomesSubclassOfCurrentClass() throws IOException {
        Path in = dir.resolve("in.jar");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(in))) {
            put(jar, "base/Node.class", node());
            put(jar, "app/Tree.class", tree());
        }
        Path out = dir.resolve("out.jar");
        Result r = Complementer.complement(Request.of(List.of(in), out));
        assertEquals("class app.Leaf extends app.Tree\n", r.hierarchyListing());
        VerifyResult v = JarVerifier.verify(new VerifyRequest(out, List.of(), null));
        assertTrue(v.ok(), () -> v.failures().toString());
    }

    private static void put(JarOutputStream jar, String name, byte[] bytes) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        OutputStream o = jar;
        o.write(bytes);
        jar.closeEntry();
    }

    private static byte[] node() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "base/Node", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_PROTECTED, "weight", "I", null, null).visitEnd();
        constructor(cw, "java/lang/Object");
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PROTECTED, "weigh", "()I", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, "base/Node", "weight", "I");
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return cw.toByteArray();
    }

    private static byte[] tree() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/Tree", null, "base/Node", null);
        constructor(cw, "base/Node");
        MethodVisitor mv = cw.visitMethod(0, "total", "(Lapp/Leaf;)I", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitFieldInsn(Opcodes.GETFIELD, "base/Node", "weight", "I");
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "base/Node", "weigh", "()I", false);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return cw.toByteArray();
    }

    private static void constructor(ClassWriter cw, String superName) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
