package org.jphantom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The library used as a library: several runs in one JVM share nothing, and the output does not
 * depend on the run, the time zone or the locale.
 */
class ComplementerReuseTest {
    @TempDir
    Path dir;

    /**
     * {@code app.A extends lib.Base implements lib.Marker}, whose {@code use(lib.Sink)} passes
     * {@code this} to {@code lib.Sink.accept(lib.Marker)}, reads {@code lib.Config.level} and calls
     * {@code lib.Base.helper()}; {@code app.B extends app.A} calls {@code lib.Util.twice(int)}.
     */
    private Path program() throws IOException {
        ClassWriter a = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        a.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/A", null, "lib/Base",
                new String[] {"lib/Marker"});
        MethodVisitor init = a.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "lib/Base", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor use = a.visitMethod(Opcodes.ACC_PUBLIC, "use", "(Llib/Sink;)I", null, null);
        use.visitCode();
        use.visitVarInsn(Opcodes.ALOAD, 1);
        use.visitVarInsn(Opcodes.ALOAD, 0);
        use.visitMethodInsn(Opcodes.INVOKEINTERFACE, "lib/Sink", "accept", "(Llib/Marker;)V", true);
        use.visitVarInsn(Opcodes.ALOAD, 0);
        use.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "app/A", "helper", "()V", false);
        use.visitFieldInsn(Opcodes.GETSTATIC, "lib/Config", "level", "I");
        use.visitInsn(Opcodes.IRETURN);
        use.visitMaxs(0, 0);
        use.visitEnd();
        a.visitEnd();

        ClassWriter b = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        b.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/B", null, "app/A", null);
        MethodVisitor twice = b.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitMethodInsn(Opcodes.INVOKESTATIC, "lib/Util", "twice", "(I)I", false);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();
        b.visitEnd();

        Path jar = dir.resolve("in.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            // Deliberately not in name order.
            for (Map.Entry<String, byte[]> e : List.of(Map.entry("app/B.class", b.toByteArray()),
                    Map.entry("app/A.class", a.toByteArray()))) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void twoRunsInOneJvmGiveTheSameBytes() throws IOException {
        Path in = program();
        Result first = Complementer.complement(Request.of(List.of(in), dir.resolve("1.jar")));
        Result second = Complementer.complement(Request.of(List.of(in), dir.resolve("2.jar")));
        assertEquals(List.of("lib/Base", "lib/Config", "lib/Marker", "lib/Sink", "lib/Util"),
                List.copyOf(first.phantoms().keySet()));
        assertFalse(first.hierarchyListing().isEmpty());
        assertEquals(first.hierarchyListing(), second.hierarchyListing());
        assertEquals(first.constraints(), second.constraints());
        assertEquals(first.generated().keySet(), second.generated().keySet());
        first.generated().forEach((n, bytes) -> assertArrayEquals(bytes, second.generated().get(n), n));
        assertArrayEquals(Files.readAllBytes(dir.resolve("1.jar")), Files.readAllBytes(dir.resolve("2.jar")));
    }

    @Test
    void timeZoneAndLocaleDoNotReachTheJar() throws IOException {
        Path in = program();
        Complementer.complement(Request.of(List.of(in), dir.resolve("here.jar")));
        TimeZone zone = TimeZone.getDefault();
        Locale locale = Locale.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati"));
            Locale.setDefault(new Locale("tr", "TR"));
            Complementer.complement(Request.of(List.of(in), dir.resolve("there.jar")));
        } finally {
            TimeZone.setDefault(zone);
            Locale.setDefault(locale);
        }
        assertArrayEquals(Files.readAllBytes(dir.resolve("here.jar")), Files.readAllBytes(dir.resolve("there.jar")));
    }

    @Test
    void interleavedRunsOnDifferentProgramsDoNotInterfere() throws IOException {
        Path in = program();
        Result alone = Complementer.complement(Request.of(List.of(in), null));
        Path other = dir.resolve("other.jar");
        ClassWriter c = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        // The same phantom names with different uses: lib.Base becomes an interface here.
        c.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "other/C", null, "java/lang/Object",
                new String[] {"lib/Base"});
        c.visitEnd();
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(other))) {
            zip.putNextEntry(new ZipEntry("other/C.class"));
            zip.write(c.toByteArray());
            zip.closeEntry();
        }
        Result otherResult = Complementer.complement(Request.of(List.of(other), null));
        assertEquals("interface lib.Base\n", otherResult.hierarchyListing());
        Result again = Complementer.complement(Request.of(List.of(in), null));
        assertEquals(alone.hierarchyListing(), again.hierarchyListing());
        Map<String, byte[]> a = new TreeMap<>(alone.generated());
        a.forEach((n, bytes) -> assertArrayEquals(bytes, again.generated().get(n), n));
    }
}
