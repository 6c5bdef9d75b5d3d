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
    /** p/A$B with a private constructor that p/A calls; {@code hostLists}: whether p/A's NestMembers names p/A$B. */
    private Path nest(boolean hostLists) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/A$B.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_SUPER, "p/A$B", "java/lang/Object", null, cw -> {
            cw.visitNestHost("p/A");
            CliFixture.method(cw, Opcodes.ACC_PRIVATE, "<init>", "()V", mv -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
                mv.visitInsn(Opcodes.RETURN);
            });
        }));
        entries.put("p/A.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/A", "java/lang/Object",
                null, cw -> {
                    if (hostLists) {
                        cw.visitNestMember("p/A$B");
                    }
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", mv -> {
                        mv.visitTypeInsn(Opcodes.NEW, "p/A$B");
                        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "p/A$B", "<init>", "()V", false);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/P", "go", "()V", false);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                }));
        return CliFixture.jar(dir.resolve(hostLists ? "nest.jar" : "broken-nest.jar"), entries);
    }

    @Test
    void privateMemberOfAClassThatIsNotANestmateIsNamed() throws IOException {
        Path good = nest(true);
        CliFixture.Run ok = run(good.toString(), "-o", dir.resolve("good.jar").toString()).expect(Main.OK);
        assertTrue(ok.err().lines().noneMatch(l -> l.contains("nestmate")), ok.err());
        run("verify", dir.resolve("good.jar").toString()).expect(Main.OK);

        Path in = nest(false); // p/A$B names p/A as its host, but p/A does not list it: no nest
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        List<String> warned = r.err().lines().filter(l -> l.contains("nestmate")).toList();
        assertEquals(List.of("warning: p/A.class (" + in + "): p.A uses private p.A$B.<init>()V of a class that is not"
                + " its nestmate (their NestHost and NestMembers attributes do not agree); the JVM throws"
                + " IllegalAccessError there"), warned, r.err());
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue((v.out() + v.err()).lines().anyMatch(l -> l.startsWith("ACCESS p.A") && l.contains("private")),
                v.out() + v.err());
    }

    @Test
    void phantomThatMustExtendAnInaccessibleClassIsNamed() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        // p.H is package-private; the phantom q.P, used where a p.H is needed, cannot extend it from package q
        entries.put("p/H.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_SUPER, "p/H", "java/lang/Object", null, cw -> { }));
        entries.put("p/A.class", CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/A", "java/lang/Object",
                null, cw -> {
                    CliFixture.method(cw, Opcodes.ACC_STATIC, "take", "(Lp/H;)V", mv -> mv.visitInsn(Opcodes.RETURN));
                    CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", mv -> {
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/F", "make", "()Lq/P;", false);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "p/A", "take", "(Lp/H;)V", false);
                        mv.visitInsn(Opcodes.RETURN);
                    });
                }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        Path out = dir.resolve("out.jar");
        CliFixture.Run r = run(in.toString(), "-o", out.toString()).expect(Main.OK);
        List<String> warned = r.err().lines().filter(l -> l.contains("not public and in another package")).toList();
        assertEquals(1, warned.size(), r.err());
        assertTrue(warned.get(0).startsWith("warning: phantom q.P (used in p.A.run()V @0 (invokestatic q/F.make()Lq/P;))"
                + " must be a subtype of p.H"), warned.get(0));
        CliFixture.Run v = run("verify", out.toString()).expect(1);
        assertTrue((v.out() + v.err()).contains("cannot access its superclass p.H"), v.out() + v.err());
    }
}
