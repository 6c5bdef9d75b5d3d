package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;

/** Jars with a layout of their own: multi-release, signed; and class files from Java 1.1. */
class PackagingTest {
    @TempDir
    Path dir;

    static byte[] calls(int version, String name, String... targets) {
        return CliFixture.asmClass(version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, "java/lang/Object", null,
                cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", mv -> {
                    for (String t : targets) {
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, t, "go", "()V", false);
                    }
                    mv.visitInsn(Opcodes.RETURN);
                }));
    }

    private static Set<String> added(Map<String, byte[]> in, Map<String, byte[]> out) {
        for (Map.Entry<String, byte[]> e : in.entrySet()) {
            assertArrayEquals(e.getValue(), out.get(e.getKey()), e.getKey());
        }
        Set<String> added = new TreeSet<>(out.keySet());
        added.removeAll(in.keySet());
        return added;
    }

    @Test
    void multiReleaseJarIsComplementedInTheRunningJdksView() throws IOException {
        Map<String, byte[]> in = new LinkedHashMap<>();
        in.put("META-INF/MANIFEST.MF", CliFixture.manifest("Multi-Release: true"));
        in.put("p/A.class", calls(Opcodes.V1_8, "p/A", "q/Base"));
        in.put("META-INF/versions/11/p/A.class", calls(Opcodes.V11, "p/A", "q/Base", "q/Only11"));
        // Above the running JDK's release (17): copied, but not part of the view.
        in.put("META-INF/versions/99/p/A.class", calls(Opcodes.V11, "p/A", "q/Only99"));
        Path jar = CliFixture.jar(dir.resolve("mr.jar"), in);
        Path out = dir.resolve("out.jar");
        run(jar.toString(), "-o", out.toString(), "--verify").expect(Main.OK).assertNoStackTrace();
        assertEquals(Set.of("q/Base.class", "q/Only11.class"), added(in, CliFixture.entries(out)));
    }

    @Test
    void multiReleaseJarUnderAnOlderRelease() throws IOException {
        Map<String, byte[]> in = new LinkedHashMap<>();
        in.put("META-INF/MANIFEST.MF", CliFixture.manifest("Multi-Release: true"));
        in.put("p/A.class", calls(Opcodes.V1_8, "p/A", "q/Base"));
        in.put("META-INF/versions/11/p/A.class", calls(Opcodes.V11, "p/A", "q/Base", "q/Only11"));
        Path jar = CliFixture.jar(dir.resolve("mr.jar"), in);
        Path out = dir.resolve("out.jar");
        run(jar.toString(), "-o", out.toString(), "--release", "9").expect(Main.OK).assertNoStackTrace();
        assertEquals(Set.of("q/Base.class"), added(in, CliFixture.entries(out)));
    }

    private Map<String, byte[]> signedJar(String phantom) {
        Map<String, byte[]> in = new LinkedHashMap<>();
        in.put("META-INF/MANIFEST.MF", CliFixture.manifest());
        in.put("META-INF/X.SF", "Signature-Version: 1.0\r\n\r\n".getBytes());
        in.put("META-INF/X.RSA", new byte[] {0x30, (byte) 0x80, 1, 2, 3});
        in.put("p/A.class", calls(Opcodes.V17, "p/A", phantom));
        return in;
    }

    @Test
    void phantomInASignedPackageDropsTheSignature() throws IOException {
        Map<String, byte[]> in = signedJar("p/Missing");
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(CliFixture.jar(dir.resolve("signed.jar"), in).toString(), "-o", out.toString())
                .expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: ") && l.contains("p.Missing")
                && l.contains("META-INF/X.SF") && l.contains("META-INF/X.RSA")), r.err());
        Map<String, byte[]> written = CliFixture.entries(out);
        assertFalse(written.containsKey("META-INF/X.SF"));
        assertFalse(written.containsKey("META-INF/X.RSA"));
        in.remove("META-INF/X.SF");
        in.remove("META-INF/X.RSA");
        assertEquals(Set.of("p/Missing.class"), added(in, written));
        run("verify", out.toString()).expect(Main.OK);
    }

    @Test
    void phantomElsewhereKeepsTheSignature() throws IOException {
        Map<String, byte[]> in = signedJar("q/Missing");
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(CliFixture.jar(dir.resolve("signed.jar"), in).toString(), "-o", out.toString())
                .expect(Main.OK);
        assertFalse(r.err().contains("warning"), r.err());
        assertEquals(Set.of("q/Missing.class"), added(in, CliFixture.entries(out)));
    }

    /** A Java 1.1 class (45.3, no stack map frames) with a branch, using phantoms. */
    @Test
    void java11ClassFileVerifies() throws IOException {
        byte[] a = CliFixture.asmClass(Opcodes.V1_1, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "old/A",
                "java/lang/Object", null, cw -> {
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "use", "(Lq/P;)V", mv -> {
                        Label end = new Label();
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitJumpInsn(Opcodes.IFNULL, end);
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "q/P", "m", "()V", false);
                        mv.visitLabel(end);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "pass", "()V", mv -> {
                        mv.visitTypeInsn(Opcodes.NEW, "old/B");
                        mv.visitInsn(Opcodes.DUP);
                        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "old/B", "<init>", "()V", false);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/Sink", "take", "(Lq/I;)V", false);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                });
        byte[] b = CliFixture.asmClass(Opcodes.V1_1, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "old/B", "q/P", null,
                cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC, "<init>", "()V", mv -> {
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "q/P", "<init>", "()V", false);
                    mv.visitInsn(Opcodes.RETURN);
                }));
        Map<String, byte[]> in = new LinkedHashMap<>();
        in.put("old/A.class", a);
        in.put("old/B.class", b);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(CliFixture.jar(dir.resolve("old.jar"), in).toString(), "-o", out.toString(),
                "--verify").expect(Main.OK).assertNoStackTrace();
        assertTrue(r.err().contains("0 failures"), r.err());
        assertEquals(Set.of("q/I.class", "q/P.class", "q/Sink.class"), added(in, CliFixture.entries(out)));
    }

    /** The same with a subroutine (jsr/ret), as javac before 1.4.2 compiled finally blocks. */
    @Test
    void java11SubroutineVerifies() throws IOException {
        byte[] a = CliFixture.asmClass(Opcodes.V1_1, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "old/S",
                "java/lang/Object", null, cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC,
                        "use", "(Lq/P;)V", mv -> {
                            Label sub = new Label();
                            mv.visitJumpInsn(Opcodes.JSR, sub);
                            mv.visitInsn(Opcodes.RETURN);
                            mv.visitLabel(sub);
                            mv.visitVarInsn(Opcodes.ASTORE, 1);
                            mv.visitVarInsn(Opcodes.ALOAD, 0);
                            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "q/P", "m", "()Lq/R;", false);
                            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/Sink", "take", "(Lq/I;)V", false);
                            mv.visitVarInsn(Opcodes.RET, 1);
                        }));
        Map<String, byte[]> in = Map.of("old/S.class", a);
        Path out = dir.resolve("out.jar");
        run(CliFixture.jar(dir.resolve("old.jar"), in).toString(), "-o", out.toString(), "--verify")
                .expect(Main.OK).assertNoStackTrace();
        assertEquals(Set.of("q/I.class", "q/P.class", "q/R.class", "q/Sink.class"),
                added(in, CliFixture.entries(out)));
    }
}
