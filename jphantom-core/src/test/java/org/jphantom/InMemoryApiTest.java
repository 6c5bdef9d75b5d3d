package org.jphantom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The in-memory API: class bytes in, phantom class bytes out, no files; the same phantoms as
 * the file-based run; several runs at once in parallel threads give byte-identical results.
 */
class InMemoryApiTest {
    @TempDir
    Path dir;

    /** {@code PKG/A extends PKG/lib/Base implements PKG/lib/Marker}, calling {@code PKG/lib/Sink.accept} and {@code PKG/lib/Util.twice}. */
    private static Map<String, byte[]> program(String pkg) {
        ClassWriter a = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        a.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, pkg + "/A", null, pkg + "/lib/Base",
                new String[] {pkg + "/lib/Marker"});
        MethodVisitor init = a.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, pkg + "/lib/Base", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor use = a.visitMethod(Opcodes.ACC_PUBLIC, "use", "(L" + pkg + "/lib/Sink;)I", null, null);
        use.visitCode();
        use.visitVarInsn(Opcodes.ALOAD, 1);
        use.visitVarInsn(Opcodes.ALOAD, 0);
        use.visitMethodInsn(Opcodes.INVOKEINTERFACE, pkg + "/lib/Sink", "accept", "(L" + pkg + "/lib/Marker;)V", true);
        use.visitVarInsn(Opcodes.ALOAD, 0);
        use.visitMethodInsn(Opcodes.INVOKEVIRTUAL, pkg + "/A", "helper", "()V", false);
        use.visitIntInsn(Opcodes.BIPUSH, 21);
        use.visitMethodInsn(Opcodes.INVOKESTATIC, pkg + "/lib/Util", "twice", "(I)I", false);
        use.visitInsn(Opcodes.IRETURN);
        use.visitMaxs(0, 0);
        use.visitEnd();
        a.visitEnd();
        return Map.of(pkg + "/A", a.toByteArray());
    }

    /** A real {@code PKG/lib/Util} with {@code static int twice(int)}, for the class path. */
    private static Map<String, byte[]> library(String pkg) {
        ClassWriter u = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        u.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, pkg + "/lib/Util", null, "java/lang/Object", null);
        MethodVisitor twice = u.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();
        u.visitEnd();
        return Map.of(pkg + "/lib/Util", u.toByteArray());
    }

    private Path jar(String name, Map<String, byte[]> classes) throws IOException {
        Path jar = dir.resolve(name);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> e : new TreeMap<>(classes).entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey() + ".class"));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void phantomBytesEqualTheFileBasedRun() throws IOException {
        Result mem = Complementer.complement(program("m"), library("m"), Request.inMemory());
        assertEquals(List.of("m/lib/Base", "m/lib/Marker", "m/lib/Sink"), List.copyOf(mem.generated().keySet()));
        assertFalse(mem.generated().containsKey("m/lib/Util"), "a class of the class path is no phantom");
        Result files = Complementer.complement(Request.of(List.of(jar("in.jar", program("m"))), dir.resolve("out.jar"))
                .withClasspath(List.of(jar("lib.jar", library("m")))));
        assertEquals(files.generated().keySet(), mem.generated().keySet());
        files.generated().forEach((name, bytes) -> assertArrayEquals(bytes, mem.generated().get(name), name));
        assertEquals(files.counts(), mem.counts());
    }

    @Test
    void inputErrorsNameTheProgram() {
        Map<String, byte[]> broken = Map.of("p/A", new byte[] {1, 2, 3});
        JphantomException e = assertThrows(JphantomException.class,
                () -> Complementer.complement(broken, Map.of(), Request.inMemory()));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith("<program>: entry p/A.class: "), e.getMessage());
        Result skipped = Complementer.complement(Map.of("p/A", new byte[] {1, 2, 3}, "m/A", program("m").get("m/A")),
                Map.of(), Request.inMemory().withSkipBroken(true));
        assertTrue(skipped.warnings().stream().anyMatch(w -> w.startsWith("<program>: entry p/A.class: ")),
                skipped.warnings().toString());
        assertThrows(IllegalArgumentException.class,
                () -> Complementer.complement(program("m"), Map.of(), Request.of(List.of(dir), null)));
    }

    @Test
    void parallelRunsGiveTheSameBytesAsSequentialOnes() throws Exception {
        List<String> packages = List.of("p1", "p2", "p3");
        Map<String, SortedMap<String, byte[]>> expected = new TreeMap<>();
        for (String pkg : packages) {
            expected.put(pkg, Complementer.complement(program(pkg), library(pkg), Request.inMemory()).generated());
        }
        int threads = 6;
        int rounds = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<SortedMap<String, byte[]>>> futures = new ArrayList<>();
            List<String> runPackages = new ArrayList<>();
            for (int i = 0; i < threads * rounds; i++) {
                String pkg = packages.get(i % packages.size());
                runPackages.add(pkg);
                Callable<SortedMap<String, byte[]>> run = () -> {
                    start.await();
                    return Complementer.complement(program(pkg), library(pkg), Request.inMemory()).generated();
                };
                futures.add(pool.submit(run));
            }
            start.countDown();
            for (int i = 0; i < futures.size(); i++) {
                SortedMap<String, byte[]> got = futures.get(i).get(2, TimeUnit.MINUTES);
                SortedMap<String, byte[]> want = expected.get(runPackages.get(i));
                assertEquals(want.keySet(), got.keySet(), "run " + i);
                for (String name : want.keySet()) {
                    assertArrayEquals(want.get(name), got.get(name), "run " + i + ": " + name);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
