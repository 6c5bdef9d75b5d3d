package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/** Constraints no hierarchy satisfies: exit 1, the conflict with its origins, nothing written. */
class UnsatisfiableTest {
    @TempDir
    Path dir;

    /** {@code u.K.a(P)} calls {@code invokevirtual P.m} (P a class), {@code u.K.b(P)} {@code invokeinterface P.n}. */
    static byte[] classAndInterfaceUse() {
        return CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "u/K", "java/lang/Object",
                null, cw -> {
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "a", "(Lq/P;)V", mv -> {
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "q/P", "m", "()V", false);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "b", "(Lq/P;)V", mv -> {
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "q/P", "n", "()V", true);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                });
    }

    @Test
    void classAndInterfaceAtOnce() throws IOException {
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("u/K.class", classAndInterfaceUse()));
        Path out = dir.resolve("out.jar");
        Path report = dir.resolve("r.json");
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--report", report.toString())
                .expect(Main.FAILED).assertNoStackTrace();
        String err = r.err();
        assertTrue(err.startsWith("jphantom: "), err);
        assertTrue(err.contains("q.P") || err.contains("q/P"), err);
        // Both sides of the conflict, each with the class and method it came from.
        assertTrue(err.contains("u.K.a(Lq/P;)V"), err);
        assertTrue(err.contains("u.K.b(Lq/P;)V"), err);
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(report));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "only the input should remain");
        }
    }

    /** --lenient drops the conflict, warns with each constraint's origin, completes, and verify names the victim. */
    @Test
    void lenientDropsTheConflictAndCompletesTheRest() throws IOException {
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("u/K.class", classAndInterfaceUse()));
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString(), "--lenient").expect(Main.OK).assertNoStackTrace();
        String err = r.err();
        assertTrue(err.contains("warning: lenient: dropped constraint q.P must be a class [u.K.a(Lq/P;)V"), err);
        assertTrue(err.contains("warning: lenient: dropped constraint q.P must be an interface [u.K.b(Lq/P;)V"), err);
        assertTrue(err.contains("may not verify") && err.contains("u.K"), err);
        assertTrue(Files.exists(out));
        // one of the two calls must fail to link, and verify says where
        CliFixture.Run v = run("verify", out.toString()).expect(Main.FAILED);
        String report = v.out() + v.err();
        assertTrue(report.contains("u/K") || report.contains("u.K"), report);
    }

    /** A class that extends a phantom which elsewhere must be an interface. */
    @Test
    void extendsAPhantomUsedAsAnInterface() throws IOException {
        byte[] k = CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "u/K", "q/P", null,
                cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "b", "(Lq/P;)V", mv -> {
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "q/P", "n", "()V", true);
                    mv.visitInsn(Opcodes.RETURN);
                }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("u/K.class", k));
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.FAILED).assertNoStackTrace();
        assertTrue(r.err().contains("u.K"), r.err());
        assertTrue(r.err().contains("u.K.b(Lq/P;)V"), r.err());
        assertFalse(Files.exists(out));
    }
}
