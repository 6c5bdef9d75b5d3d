package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/**
 * An input class that cannot link by itself (seen in jython 2.7.4: getfield on a static field of
 * its own known class): jphantom still completes the program (exit 0) but names the class in a
 * warning, and verify then reports the same reference.
 */
class InputDefectWarningTest {
    @TempDir
    Path dir;

    @Test
    void staticFieldReadAsInstanceFieldIsNamed() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/B.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/B",
                "java/lang/Object", null, cw -> cw.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "n", "I", null, null)));
        entries.put("p/A.class", CliFixture.classWithRun("p/A", "java/lang/Object", mv -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitFieldInsn(Opcodes.GETFIELD, "p/B", "n", "I");
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: incompatible reference to p.B.n:I in p.A.run()V")
                && l.contains("IncompatibleClassChangeError")), r.err());
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue(v.out().contains("p.A") || v.err().contains("p.A"), v.out() + v.err());
    }

    @Test
    void interfaceMethodOfAKnownClassIsNamed() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/B.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/B",
                "java/lang/Object", null, cw -> cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_NATIVE, "go", "()V", null, null)));
        entries.put("p/A.class", CliFixture.classWithRun("p/A", "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "p/B", "go", "()V", true); // an InterfaceMethodref to class p.B
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: incompatible reference to p.B.go()V in p.A.run()V")
                && l.contains("known p.B is a class") && l.contains("IncompatibleClassChangeError")), r.err());
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue(v.out().contains("p.A") || v.err().contains("p.A"), v.out() + v.err());
    }
    @Test
    void memberAnArrayTypeLacksIsNamed() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/A.class", CliFixture.classWithRun("p/A", "java/lang/Object", mv -> {
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/String");
            mv.visitInsn(Opcodes.DUP);
            // clone() and Object's methods resolve on an array; a misspelt clone does not
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "[Ljava/lang/String;", "clone", "()Ljava/lang/Object;", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.DUP);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "[Ljava/lang/String;", "hashCode", "()I", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "[Ljava/lang/String;", "Jlone", "()Ljava/lang/Object;", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        List<String> warned = r.err().lines().filter(l -> l.contains("an array type has only")).toList();
        assertEquals(1, warned.size(), r.err());
        assertTrue(warned.get(0).startsWith("warning: unresolvable reference to [Ljava.lang.String;.Jlone()Ljava/lang/Object; in p.A.run()V"),
                warned.get(0));
        assertTrue(warned.get(0).contains("NoSuchMethodError"), warned.get(0));
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue((v.out() + v.err()).lines().anyMatch(l -> l.startsWith("UNRESOLVED_METHOD p.A") && l.contains("Jlone")),
                v.out() + v.err());
    }
    @Test
    void classOfAPackageTheJdkDoesNotExportIsNamed() throws IOException {
        // programs built for Java 8 reach into JDK internals (jython 2.7.4's shaded netty: sun.security.x509)
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/A.class", CliFixture.classWithRun("p/A", "java/lang/Object", mv -> {
            mv.visitTypeInsn(Opcodes.NEW, "sun/security/x509/X500Name");
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "sun/misc/Unsafe", "getUnsafe", "()Lsun/misc/Unsafe;", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        List<String> warned = r.err().lines().filter(l -> l.contains("does not export")).toList();
        // sun.misc is exported (module jdk.unsupported): only the one concealed class is named
        assertEquals(List.of("warning: p/A.class (" + in + "): p.A uses sun.security.x509.X500Name, of a package that"
                + " the JDK does not export; the JVM throws IllegalAccessError there unless it runs with --add-exports"),
                warned, r.err());
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue((v.out() + v.err()).lines().anyMatch(l -> l.startsWith("ACCESS p.A") && l.contains("X500Name")),
                v.out() + v.err());
    }
}
