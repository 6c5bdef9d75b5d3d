package org.jphantom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The code part of the format check runs inside the analysis's single parse of each class
 * (ProgramInput reads with it deferred): a class broken only in its code is still reported the
 * way the complete check up front reports it, and with skip-broken it is left out of the
 * analysis and the output, so that its name becomes a phantom.
 */
class DeferredFormatCheckTest {
    @TempDir
    Path dir;

    private static byte[] classWith(String name, Consumer<MethodVisitor> code) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        code.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code p.A.run()} calls {@code p.B.run()}; {@code p.B.run()} casts to the class named {@code q.C} (a dot: invalid). */
    private Path program(boolean brokenB) throws IOException {
        byte[] a = classWith("p/A", mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "p/B", "run", "()V", false));
        byte[] b = classWith("p/B", mv -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitTypeInsn(Opcodes.CHECKCAST, brokenB ? "q.C" : "q/C");
            mv.visitInsn(Opcodes.POP);
        });
        Path jar = dir.resolve(brokenB ? "broken.jar" : "fine.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> e : List.of(Map.entry("p/A.class", a), Map.entry("p/B.class", b))) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void aClassBrokenInItsCodeIsAnInputErrorNamingIt() throws IOException {
        Path in = program(true);
        JphantomException e = assertThrows(JphantomException.class,
                () -> Complementer.complement(Request.of(List.of(in), dir.resolve("out.jar"))));
        assertEquals(2, e.exitCode());
        assertEquals(in + ": entry p/B.class: invalid class operand in run()V 'q.C'", e.getMessage());
        assertFalse(Files.exists(dir.resolve("out.jar")));
    }

    @Test
    void withSkipBrokenTheClassIsLeftOutAndBecomesAPhantom() throws IOException {
        Path in = program(true);
        Result r = Complementer.complement(Request.of(List.of(in), dir.resolve("out.jar")).withSkipBroken(true));
        assertTrue(r.warnings().contains(in + ": entry p/B.class: invalid class operand in run()V 'q.C'; skipped"),
                r.warnings().toString());
        assertTrue(r.phantoms().containsKey("p/B"), r.phantoms().keySet().toString());
        assertEquals(1, r.counts().get("programClasses"));
        try (var zip = new java.util.zip.ZipFile(dir.resolve("out.jar").toFile())) {
            assertTrue(zip.getEntry("p/A.class") != null);
            byte[] b = zip.getInputStream(zip.getEntry("p/B.class")).readAllBytes();
            assertTrue(r.generated().containsKey("p/B"));
            assertTrue(java.util.Arrays.equals(r.generated().get("p/B"), b), "p/B.class is the phantom");
        }
    }

    @Test
    void theSameProgramWithoutTheFlawIsComplementedWithoutPhantomB() throws IOException {
        Path in = program(false);
        Result r = Complementer.complement(Request.of(List.of(in), dir.resolve("out.jar")));
        assertFalse(r.phantoms().containsKey("p/B"));
        assertTrue(r.phantoms().containsKey("q/C"));
        assertEquals(2, r.counts().get("programClasses"));
    }
}
