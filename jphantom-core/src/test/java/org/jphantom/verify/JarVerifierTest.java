package org.jphantom.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.objectweb.asm.Opcodes.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.jphantom.JphantomException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.Type;

/**
 * One fixture jar holds a class per scenario; HotSpot referees it once in a child JVM and each
 * test checks the failures named for its class. Classes expected to be clean must have none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JarVerifierTest {
    private static final String HELPER = "fx/Helper";
    private static final String ABSTRACT_BASE = "fx/AbstractBase";
    private static final String SOME_ITF = "fx/SomeItf";

    @TempDir
    Path dir;

    private VerifyResult result;
    private Map<String, List<String>> kindsByClass;

    @BeforeAll
    void verifyFixtureJar(@TempDir Path tmp) throws IOException {
        Path jar = fixtureJar().write(tmp.resolve("fixtures.jar"));
        result = JarVerifier.verify(VerifyRequest.of(jar));
        kindsByClass = result.failures().stream().collect(Collectors.groupingBy(VerifyFailure::className,
                TreeMap::new, Collectors.mapping(VerifyFailure::kind, Collectors.toList())));
    }

    private void assertOnly(String className, String kind) {
        assertEquals(List.of(kind), kindsByClass.get(className), () -> String.valueOf(result.failures()));
    }

    private void assertClean(String className) {
        assertEquals(null, kindsByClass.get(className), () -> String.valueOf(result.failures()));
    }

    @Test
    void exactlyTheBrokenClassesFail() {
        assertEquals(List.of("fx.BadVerify49", "fx.BadVerify52", "fx.ExtendsInterface", "fx.FinalStore",
                "fx.HandleToMissing", "fx.IndyMissingBootstrap", "fx.Intruder", "fx.ItfOnClass", "fx.MissingClass", "fx.MissingField", "fx.MissingMethod", "fx.NewAbstract",
                "fx.PrivateAccess", "fx.StaticGetOfInstance", "fx.StaticOfInstance", "fx.UsesSplitPackage", "fx2.PackageAccess",
                "javax.xml.Split"),
                List.copyOf(kindsByClass.keySet()), () -> String.valueOf(result.failures()));
        assertEquals(28, result.classesChecked());
        assertTrue(result.referencesChecked() > 40, () -> "references: " + result.referencesChecked());
    }

    @Test
    void verifierRunsOnOldClassFiles() {
        assertOnly("fx.BadVerify49", VerifyFailure.VERIFY);
    }

    @Test
    void verifierChecksStackMapTables() {
        assertOnly("fx.BadVerify52", VerifyFailure.VERIFY);
        String detail = result.failures().stream().filter(f -> f.className().equals("fx.BadVerify52"))
                .findFirst().orElseThrow().detail();
        assertTrue(detail.startsWith("VerifyError: "), detail);
        assertFalse(detail.contains("\n"), detail);
    }

    @Test
    void missingClass() {
        assertOnly("fx.MissingClass", VerifyFailure.UNRESOLVED_CLASS);
    }

    @Test
    void missingMethod() {
        assertOnly("fx.MissingMethod", VerifyFailure.UNRESOLVED_METHOD);
    }

    @Test
    void missingField() {
        assertOnly("fx.MissingField", VerifyFailure.UNRESOLVED_FIELD);
    }

    @Test
    void invokeinterfaceOnClassOwner() {
        assertOnly("fx.ItfOnClass", VerifyFailure.INCOMPATIBLE_CHANGE);
    }

    @Test
    void invokestaticOfInstanceMethod() {
        assertOnly("fx.StaticOfInstance", VerifyFailure.INCOMPATIBLE_CHANGE);
    }

    @Test
    void getstaticOfInstanceField() {
        assertOnly("fx.StaticGetOfInstance", VerifyFailure.INCOMPATIBLE_CHANGE);
    }

    @Test
    void newOfAbstractClass() {
        assertOnly("fx.NewAbstract", VerifyFailure.INSTANTIATION);
    }

    @Test
    void classExtendingAnInterfaceFailsToLoad() {
        assertOnly("fx.ExtendsInterface", VerifyFailure.LOAD);
        String detail = result.failures().stream().filter(f -> f.className().equals("fx.ExtendsInterface"))
                .findFirst().orElseThrow().detail();
        assertTrue(detail.startsWith("IncompatibleClassChangeError"), detail);
    }

    @Test
    void privateMemberOfAnotherClass() {
        assertOnly("fx.PrivateAccess", VerifyFailure.ACCESS);
    }

    @Test
    void packagePrivateClassFromAnotherPackage() {
        assertOnly("fx2.PackageAccess", VerifyFailure.ACCESS);
    }

    @Test
    void classesInPackagesOfTheJdkAreRefused() {
        assertOnly("javax.xml.Split", VerifyFailure.LOAD);
        assertOnly("fx.UsesSplitPackage", VerifyFailure.UNRESOLVED_CLASS);
    }

    @Test
    void methodHandleConstantsResolve() {
        assertOnly("fx.HandleToMissing", VerifyFailure.UNRESOLVED_METHOD);
    }

    @Test
    void bootstrapMethodsResolve() {
        assertOnly("fx.IndyMissingBootstrap", VerifyFailure.UNRESOLVED_CLASS);
    }

    @Test
    void privateAccessNeedsAValidatedNest() {
        assertClean("fx.Outer");
        assertClean("fx.Outer$Inner");
        assertOnly("fx.Intruder", VerifyFailure.ACCESS);
    }

    @Test
    void finalFieldStoredFromAnotherClass() {
        assertOnly("fx.FinalStore", VerifyFailure.ACCESS);
    }

    @Test
    void cleanClassesHaveNoFailures() {
        for (String c : List.of("fx.Helper", "fx.AbstractBase", "fx.SomeItf", "fx.Hidden", "fx.Clean",
                "fx.Clean49", "fx.UsesJdk")) {
            assertClean(c);
        }
    }

    @Test
    void protectedSuperMembersFromSubclassInAnotherPackage() {
        assertClean("fx.MyList");
    }

    @Test
    void failuresAreSortedAndNameTheReference() {
        assertEquals(result.failures().stream().sorted().toList(), result.failures());
        VerifyFailure f = result.failures().stream().filter(x -> x.className().equals("fx.MissingMethod"))
                .findFirst().orElseThrow();
        assertEquals("invokestatic fx/Helper.nope()V in run()V: NoSuchMethodError: 'void fx.Helper.nope()'",
                f.detail());
    }

    @Test
    void cleanJarVerifies(@TempDir Path tmp) throws IOException {
        Fixtures.Jar jar = new Fixtures.Jar()
                .add(HELPER, helper())
                .add(ABSTRACT_BASE, abstractBase())
                .add(SOME_ITF, Fixtures.emptyInterface(SOME_ITF))
                .add("fx/Clean", clean())
                .add("fx/UsesJdk", usesJdk());
        VerifyResult r = JarVerifier.verify(VerifyRequest.of(jar.write(tmp.resolve("clean.jar"))));
        assertTrue(r.ok(), () -> String.valueOf(r.failures()));
        assertEquals(5, r.classesChecked());
    }

    @Test
    void sameJarSameResult() throws IOException {
        Path jar = fixtureJar().write(dir.resolve("again.jar"));
        assertEquals(result, JarVerifier.verify(VerifyRequest.of(jar)));
    }

    @Test
    void referencesResolveAgainstTheClassPath() throws IOException {
        Path lib = new Fixtures.Jar().add("lib/Lib", Fixtures.runner("lib/Lib", mv -> { }))
                .write(dir.resolve("lib.jar"));
        Path app = new Fixtures.Jar().add("app/Main", Fixtures.runner("app/Main",
                mv -> mv.visitMethodInsn(INVOKESTATIC, "lib/Lib", "run", "()V", false)))
                .write(dir.resolve("app.jar"));
        assertTrue(JarVerifier.verify(VerifyRequest.of(app, lib)).ok());
        VerifyResult alone = JarVerifier.verify(VerifyRequest.of(app));
        assertEquals(List.of(new VerifyFailure("app.Main", VerifyFailure.UNRESOLVED_CLASS,
                "invokestatic lib/Lib.run()V in run()V: NoClassDefFoundError: lib/Lib not found")),
                alone.failures());
    }

    @Test
    void multiReleaseJarsAreReadAsTheJvmReadsThem() throws IOException {
        byte[] broken = Fixtures.runner("mr/Main",
                mv -> mv.visitMethodInsn(INVOKESTATIC, "mr/Gone", "run", "()V", false));
        byte[] fixed = Fixtures.runner("mr/Main", mv -> { });
        Path jar = new Fixtures.Jar().add("mr/Main", broken).addVersioned(9, "mr/Main", fixed)
                .write(dir.resolve("mr.jar"));
        VerifyResult r = JarVerifier.verify(VerifyRequest.of(jar));
        assertTrue(r.ok(), () -> String.valueOf(r.failures()));
        assertEquals(1, r.classesChecked());
    }

    @Test
    void missingJarIsAnInputError() {
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarVerifier.verify(VerifyRequest.of(dir.resolve("nope.jar"))));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains("nope.jar"), e.getMessage());
    }

    @Test
    void unreadableJarIsAnInputError() throws IOException {
        Path notAJar = Files.writeString(dir.resolve("text.jar"), "not a zip");
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarVerifier.verify(VerifyRequest.of(notAJar)));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains("text.jar"), e.getMessage());
    }

    @Test
    void aChildThatTakesTooLongIsKilled() throws IOException {
        Path jar = new Fixtures.Jar().add(HELPER, helper()).write(dir.resolve("slow.jar"));
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarVerifier.verify(VerifyRequest.of(jar), java.time.Duration.ofMillis(1)));
        assertEquals(JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE, e.exitCode());
        assertTrue(e.getMessage().contains("killed"), e.getMessage());
    }

    @Test
    void missingJdkIsAnInputError() throws IOException {
        Path jar = new Fixtures.Jar().add(HELPER, helper()).write(dir.resolve("h.jar"));
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarVerifier.verify(new VerifyRequest(jar, List.of(), dir.resolve("no-jdk"))));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
    }

    // ---- fixtures ------------------------------------------------------------------------

    private static Fixtures.Jar fixtureJar() {
        return new Fixtures.Jar()
                .add(HELPER, helper())
                .add(ABSTRACT_BASE, abstractBase())
                .add(SOME_ITF, Fixtures.emptyInterface(SOME_ITF))
                .add("fx/Hidden", hidden())
                .add("fx/Clean", clean())
                .add("fx/Clean49", clean49())
                .add("fx/UsesJdk", usesJdk())
                .add("fx/MyList", myList())
                .add("fx/BadVerify49", badVerify49())
                .add("fx/BadVerify52", badVerify52())
                .add("fx/MissingClass", Fixtures.runner("fx/MissingClass",
                        mv -> mv.visitMethodInsn(INVOKESTATIC, "fx/Gone", "m", "()V", false)))
                .add("fx/MissingMethod", Fixtures.runner("fx/MissingMethod",
                        mv -> mv.visitMethodInsn(INVOKESTATIC, HELPER, "nope", "()V", false)))
                .add("fx/MissingField", Fixtures.runner("fx/MissingField", mv -> {
                    mv.visitFieldInsn(GETSTATIC, HELPER, "nope", "I");
                    mv.visitInsn(POP);
                }))
                .add("fx/ItfOnClass", Fixtures.runner("fx/ItfOnClass", mv -> {
                    mv.visitInsn(ACONST_NULL);
                    mv.visitMethodInsn(INVOKEINTERFACE, HELPER, "inst", "()V", true);
                }))
                .add("fx/StaticOfInstance", Fixtures.runner("fx/StaticOfInstance",
                        mv -> mv.visitMethodInsn(INVOKESTATIC, HELPER, "inst", "()V", false)))
                .add("fx/StaticGetOfInstance", Fixtures.runner("fx/StaticGetOfInstance", mv -> {
                    mv.visitFieldInsn(GETSTATIC, HELPER, "count", "I");
                    mv.visitInsn(POP);
                }))
                .add("fx/NewAbstract", Fixtures.runner("fx/NewAbstract", mv -> {
                    mv.visitTypeInsn(NEW, ABSTRACT_BASE);
                    mv.visitInsn(DUP);
                    mv.visitMethodInsn(INVOKESPECIAL, ABSTRACT_BASE, "<init>", "()V", false);
                    mv.visitInsn(POP);
                }))
                .add("fx/ExtendsInterface", extendsInterface())
                .add("fx/PrivateAccess", Fixtures.runner("fx/PrivateAccess", mv -> {
                    mv.visitInsn(ACONST_NULL);
                    mv.visitMethodInsn(INVOKEVIRTUAL, HELPER, "secret", "()V", false);
                }))
                .add("fx/FinalStore", Fixtures.runner("fx/FinalStore", mv -> {
                    mv.visitInsn(ICONST_1);
                    mv.visitFieldInsn(PUTSTATIC, HELPER, "LIMIT", "I");
                }))
                .add("javax/xml/Split", Fixtures.runner("javax/xml/Split", mv -> { }))
                .add("fx/UsesSplitPackage", Fixtures.runner("fx/UsesSplitPackage",
                        mv -> mv.visitMethodInsn(INVOKESTATIC, "javax/xml/Split", "run", "()V", false)))
                .add("fx/HandleToMissing", Fixtures.runner("fx/HandleToMissing", mv -> {
                    mv.visitLdcInsn(new Handle(H_INVOKEVIRTUAL, HELPER, "nope", "()V", false));
                    mv.visitInsn(POP);
                }))
                .add("fx/IndyMissingBootstrap", Fixtures.runner("fx/IndyMissingBootstrap",
                        mv -> mv.visitInvokeDynamicInsn("go", "()V", new Handle(H_INVOKESTATIC, "fx/Gone", "bsm",
                                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)"
                                        + "Ljava/lang/invoke/CallSite;", false))))
                .add("fx/Outer", nestHost())
                .add("fx/Outer$Inner", callsOuterSecret("fx/Outer$Inner"))
                .add("fx/Intruder", callsOuterSecret("fx/Intruder"))
                .add("fx2/PackageAccess", Fixtures.runner("fx2/PackageAccess", mv -> {
                    mv.visitInsn(ACONST_NULL);
                    mv.visitTypeInsn(CHECKCAST, "fx/Hidden");
                    mv.visitInsn(POP);
                }));
    }

    /**
     * Members for the scenarios. Its static initializer exits the JVM: if the verifier ever
     * initialized a program class, the child would die and every test would fail.
     */
    private static byte[] helper() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, ACC_PUBLIC, HELPER, "java/lang/Object");
        Fixtures.constructor(cw, "java/lang/Object");
        cw.visitField(ACC_PUBLIC, "count", "I", null, null).visitEnd();
        cw.visitField(ACC_PUBLIC | ACC_STATIC, "total", "I", null, null).visitEnd();
        cw.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "LIMIT", "I", null, null).visitEnd();
        Fixtures.method(cw, ACC_PUBLIC | ACC_STATIC, "help", "()V", mv -> mv.visitInsn(RETURN));
        Fixtures.method(cw, ACC_PUBLIC, "inst", "()V", mv -> mv.visitInsn(RETURN));
        Fixtures.method(cw, ACC_PRIVATE, "secret", "()V", mv -> mv.visitInsn(RETURN));
        Fixtures.method(cw, ACC_STATIC, "<clinit>", "()V", mv -> {
            mv.visitIntInsn(BIPUSH, 42);
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/System", "exit", "(I)V", false);
            mv.visitInsn(ICONST_3);
            mv.visitFieldInsn(PUTSTATIC, HELPER, "LIMIT", "I");
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Nest host of {@code fx/Outer$Inner} only; has a private static method. */
    private static byte[] nestHost() {
        ClassWriter cw = Fixtures.begin(Fixtures.V11, ACC_PUBLIC, "fx/Outer", "java/lang/Object");
        cw.visitNestMember("fx/Outer$Inner");
        Fixtures.method(cw, ACC_PRIVATE | ACC_STATIC, "secret", "()V", mv -> mv.visitInsn(RETURN));
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Claims {@code fx/Outer} as nest host and calls its private method. */
    private static byte[] callsOuterSecret(String name) {
        ClassWriter cw = Fixtures.begin(Fixtures.V11, ACC_PUBLIC, name, "java/lang/Object");
        cw.visitNestHost("fx/Outer");
        Fixtures.method(cw, ACC_PUBLIC | ACC_STATIC, "run", "()V", mv -> {
            mv.visitMethodInsn(INVOKESTATIC, "fx/Outer", "secret", "()V", false);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static byte[] abstractBase() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, ACC_PUBLIC | ACC_ABSTRACT, ABSTRACT_BASE, "java/lang/Object");
        Fixtures.constructor(cw, "java/lang/Object");
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A package-private class. */
    private static byte[] hidden() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, 0, "fx/Hidden", "java/lang/Object");
        Fixtures.constructor(cw, "java/lang/Object");
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Uses every kind of reference to fx classes, correctly; stores its own final field. */
    private static byte[] clean() {
        String self = "fx/Clean";
        ClassWriter cw = Fixtures.begin(Fixtures.V11, ACC_PUBLIC, self, "java/lang/Object");
        cw.visitField(ACC_PRIVATE | ACC_FINAL, "x", "I", null, null).visitEnd();
        Fixtures.method(cw, ACC_PUBLIC, "<init>", "()V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ICONST_1);
            mv.visitFieldInsn(PUTFIELD, self, "x", "I");
            mv.visitInsn(RETURN);
        });
        Fixtures.method(cw, ACC_PRIVATE, "own", "()V", mv -> mv.visitInsn(RETURN));
        Fixtures.method(cw, ACC_PUBLIC, "run", "()V", mv -> {
            mv.visitMethodInsn(INVOKESTATIC, HELPER, "help", "()V", false);
            mv.visitTypeInsn(NEW, HELPER);
            mv.visitInsn(DUP);
            mv.visitMethodInsn(INVOKESPECIAL, HELPER, "<init>", "()V", false);
            mv.visitInsn(DUP);
            mv.visitMethodInsn(INVOKEVIRTUAL, HELPER, "inst", "()V", false);
            mv.visitInsn(DUP);
            mv.visitFieldInsn(GETFIELD, HELPER, "count", "I");
            mv.visitInsn(POP);
            mv.visitInsn(DUP);
            mv.visitInsn(ICONST_2);
            mv.visitFieldInsn(PUTFIELD, HELPER, "count", "I");
            mv.visitTypeInsn(INSTANCEOF, SOME_ITF);
            mv.visitInsn(POP);
            mv.visitFieldInsn(GETSTATIC, HELPER, "total", "I");
            mv.visitFieldInsn(PUTSTATIC, HELPER, "total", "I");
            mv.visitFieldInsn(GETSTATIC, HELPER, "LIMIT", "I");
            mv.visitInsn(POP);
            mv.visitInsn(ICONST_1);
            mv.visitTypeInsn(ANEWARRAY, HELPER);
            mv.visitInsn(POP);
            mv.visitLdcInsn(Type.getObjectType(ABSTRACT_BASE));
            mv.visitInsn(POP);
            mv.visitInsn(ACONST_NULL);
            mv.visitTypeInsn(CHECKCAST, "[L" + SOME_ITF + ";");
            mv.visitInsn(POP);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKESPECIAL, self, "own", "()V", false);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKEVIRTUAL, self, "own", "()V", false);
            mv.visitLdcInsn(new Handle(H_INVOKESTATIC, HELPER, "help", "()V", false));
            mv.visitInsn(POP);
            mv.visitLdcInsn(new Handle(H_NEWINVOKESPECIAL, HELPER, "<init>", "()V", false));
            mv.visitInsn(POP);
            mv.visitLdcInsn(new Handle(H_GETFIELD, HELPER, "count", "I", false));
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Old class file (no frames needed): a catch type and a branch. */
    private static byte[] clean49() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_5, ACC_PUBLIC, "fx/Clean49", "java/lang/Object");
        Fixtures.constructor(cw, "java/lang/Object");
        Fixtures.method(cw, ACC_PUBLIC | ACC_STATIC, "run", "()V", mv -> {
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            Label done = new Label();
            mv.visitTryCatchBlock(start, end, handler, "java/lang/IllegalStateException");
            mv.visitLabel(start);
            mv.visitMethodInsn(INVOKESTATIC, HELPER, "help", "()V", false);
            mv.visitLabel(end);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(handler);
            mv.visitInsn(POP);
            mv.visitLabel(done);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Straight-line use of JDK APIs, including the special cases of resolution. */
    private static byte[] usesJdk() {
        return Fixtures.runner("fx/UsesJdk", mv -> {
            mv.visitLdcInsn("x");
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
            mv.visitInsn(POP);
            mv.visitTypeInsn(NEW, "java/lang/StringBuilder");
            mv.visitInsn(DUP);
            mv.visitMethodInsn(INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "()V", false);
            mv.visitLdcInsn("a");
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/StringBuilder", "append",
                    "(Ljava/lang/String;)Ljava/lang/StringBuilder;", false);
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/StringBuilder", "toString", "()Ljava/lang/String;", false);
            mv.visitInsn(POP);
            mv.visitMethodInsn(INVOKESTATIC, "java/util/List", "of", "()Ljava/util/List;", true);
            mv.visitInsn(DUP);
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "size", "()I", true);
            mv.visitInsn(POP);
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "hashCode", "()I", true);
            mv.visitInsn(POP);
            mv.visitInsn(ICONST_1);
            mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
            mv.visitMethodInsn(INVOKEVIRTUAL, "[Ljava/lang/Object;", "clone", "()Ljava/lang/Object;", false);
            mv.visitInsn(POP);
            mv.visitInsn(ACONST_NULL);
            mv.visitTypeInsn(CHECKCAST, "java/lang/invoke/MethodHandle");
            mv.visitInsn(ACONST_NULL);
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", "(Ljava/lang/Object;)I", false);
            mv.visitInsn(POP);
            mv.visitInsn(ACONST_NULL);
            mv.visitTypeInsn(CHECKCAST, "java/lang/invoke/VarHandle");
            mv.visitInsn(ACONST_NULL);
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/VarHandle", "get", "(Ljava/lang/Object;)I", false);
            mv.visitInsn(POP);
            mv.visitLdcInsn("s");
            mv.visitInvokeDynamicInsn("makeConcatWithConstants", "(Ljava/lang/String;)Ljava/lang/String;",
                    new Handle(H_INVOKESTATIC, "java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
                                    + "Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;", false),
                    "\u0001!");
            mv.visitInsn(POP);
            mv.visitLdcInsn(new Handle(H_INVOKESTATIC, "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I", false));
            mv.visitInsn(POP);
            mv.visitLdcInsn(new Handle(H_INVOKEINTERFACE, "java/util/List", "size", "()I", true));
            mv.visitInsn(POP);
            mv.visitLdcInsn(Type.getMethodType("(Ljava/lang/String;)V"));
            mv.visitInsn(POP);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(ICONST_1);
            mv.visitMultiANewArrayInsn("[[I", 2);
            mv.visitInsn(POP);
            mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
            mv.visitInsn(POP);
            // caller-sensitive methods, which a lookup resolves but will not bind
            mv.visitLdcInsn("java.lang.Object");
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Class", "forName", "(Ljava/lang/String;)Ljava/lang/Class;", false);
            mv.visitInsn(POP);
            mv.visitInsn(ACONST_NULL);
            mv.visitInsn(ICONST_1);
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/reflect/AccessibleObject", "setAccessible", "(Z)V", false);
        });
    }

    /** Calls a protected constructor and protected methods of a JDK super class. */
    private static byte[] myList() {
        String self = "fx/MyList";
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, ACC_PUBLIC | ACC_ABSTRACT, self, "java/util/AbstractList");
        Fixtures.constructor(cw, "java/util/AbstractList");
        Fixtures.method(cw, ACC_PUBLIC, "clear2", "()V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ICONST_0);
            mv.visitInsn(ICONST_0);
            mv.visitMethodInsn(INVOKEVIRTUAL, "java/util/AbstractList", "removeRange", "(II)V", false);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ICONST_0);
            mv.visitInsn(ICONST_0);
            mv.visitMethodInsn(INVOKEVIRTUAL, self, "removeRange", "(II)V", false);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, self, "modCount", "I");
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Version 49, old verifier: returns an int from a method declared to return a String. */
    private static byte[] badVerify49() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_5, ACC_PUBLIC, "fx/BadVerify49", "java/lang/Object");
        Fixtures.method(cw, ACC_PUBLIC | ACC_STATIC, "m", "()Ljava/lang/String;", mv -> {
            mv.visitInsn(ICONST_0);
            mv.visitInsn(ARETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Version 52, type checker: a StackMapTable frame claims an int on an empty stack. */
    private static byte[] badVerify52() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, ACC_PUBLIC, "fx/BadVerify52", "java/lang/Object");
        Fixtures.method(cw, ACC_PUBLIC | ACC_STATIC, "m", "()V", mv -> {
            Label target = new Label();
            mv.visitInsn(ICONST_0);
            mv.visitJumpInsn(IFEQ, target);
            mv.visitLabel(target);
            mv.visitFrame(F_FULL, 0, new Object[0], 1, new Object[] {INTEGER});
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        });
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static byte[] extendsInterface() {
        ClassWriter cw = Fixtures.begin(Fixtures.V1_8, ACC_PUBLIC, "fx/ExtendsInterface", SOME_ITF);
        cw.visitEnd();
        return cw.toByteArray();
    }
}
