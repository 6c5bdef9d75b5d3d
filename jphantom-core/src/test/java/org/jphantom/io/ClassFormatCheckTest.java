package org.jphantom.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The format check of program classes: JVMS 4.2/4.3 names and descriptors, 4.4 pool kinds, 4.8 structure. */
class ClassFormatCheckTest {
    private static byte[] classWith(Consumer<MethodVisitor> code) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, "p/A", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        code.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static String reason(byte[] bytes) {
        return assertThrows(ClassFiles.BrokenClassException.class, () -> ClassFiles.check(bytes, true)).getMessage();
    }

    @Test
    void aWellFormedClassPasses() throws Exception {
        assertEquals("p/A", ClassFiles.check(classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "go",
                "(I[Ljava/lang/String;)J", false)), true));
    }

    @Test
    void invalidMethodDescriptorOfAnInstruction() {
        String r = reason(classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "go", "(Lq/C)V", false)));
        assertEquals("constant pool entry #12: invalid member reference 'go' '(Lq/C)V'", r);
    }

    @Test
    void invalidFieldDescriptorOfAnInstruction() {
        String r = reason(classWith(mv -> {
            mv.visitFieldInsn(Opcodes.GETSTATIC, "q/B", "f", "Q");
            mv.visitInsn(Opcodes.POP);
        }));
        assertEquals("constant pool entry #12: invalid member reference 'f' 'Q'", r);
    }

    @Test
    void aNameAndTypeSharedByAFieldAndAMethodReferenceIsCheckedForEachKind() {
        // one NameAndType f:()V; as a method reference it is valid, as a field reference it is not
        byte[] methodsThenField = classWith(mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "f", "()V", false);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/C", "f", "()V", false);
            mv.visitFieldInsn(Opcodes.GETSTATIC, "q/D", "f", "()V");
            mv.visitInsn(Opcodes.POP);
        });
        String r = reason(methodsThenField);
        assertTrue(r.matches("constant pool entry #\\d+: invalid member reference 'f' '\\(\\)V'"), r);
        int field = Integer.parseInt(r.substring("constant pool entry #".length(), r.indexOf(':')));
        // the field reference is the one reported, not either method reference before it
        assertTrue(field > 12, r);
        // two method references sharing a bad NameAndType: the first in the pool is reported
        String twice = reason(classWith(mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "go", "(Lq/C)V", false);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/D", "go", "(Lq/C)V", false);
        }));
        assertEquals("constant pool entry #12: invalid member reference 'go' '(Lq/C)V'", twice);
    }

    @Test
    void theCodeCheckAfterTheReadStillChecksWhatTheConstantPoolCheckLeaves() throws Exception {
        // parseRead skips what ClassStructure checked (names and descriptors of member references)
        // but not the owners, nor a constructor called other than by invokespecial
        byte[] badOwner = classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q.B", "go", "()V", false));
        assertTrue(assertThrows(ClassParser.BrokenClass.class, () -> ClassParser.parseRead(
                new org.objectweb.asm.ClassReader(badOwner), 0)).getMessage().startsWith("invalid method owner"));
        byte[] initByVirtual = classWith(mv -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "q/B", "<init>", "()V", false);
        });
        ClassFiles.check(initByVirtual, ClassFiles.Depth.DECLARATIONS); // the constant pool is fine
        assertTrue(assertThrows(ClassParser.BrokenClass.class, () -> ClassParser.parseRead(
                new org.objectweb.asm.ClassReader(initByVirtual), 0)).getMessage().startsWith("invalid method name in run()V '<init>'"));
        // parse, for bytes no ClassStructure check has seen, checks names and descriptors itself
        byte[] badDescriptor = classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "go", "(Lq/C)V", false));
        assertTrue(assertThrows(ClassParser.BrokenClass.class, () -> ClassParser.parse(
                new org.objectweb.asm.ClassReader(badDescriptor), 0)).getMessage().startsWith("invalid method descriptor"));
        byte[] badField = classWith(mv -> {
            mv.visitFieldInsn(Opcodes.GETSTATIC, "q/B", "f", "Q");
            mv.visitInsn(Opcodes.POP);
        });
        assertTrue(assertThrows(ClassParser.BrokenClass.class, () -> ClassParser.parse(
                new org.objectweb.asm.ClassReader(badField), 0)).getMessage().startsWith("invalid field descriptor"));
    }

    @Test
    void invalidOwnerAndNames() {
        assertTrue(reason(classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q.B", "go", "()V", false)))
                .startsWith("invalid method owner"));
        assertTrue(reason(classWith(mv -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/B", "g<o", "()V", false)))
                .contains(": invalid member reference 'g<o' '()V'"));
        assertTrue(reason(classWith(mv -> mv.visitTypeInsn(Opcodes.NEW, "[Lq/B;"))).startsWith("invalid class of new"));
    }

    @Test
    void trailingBytesAndTruncation() {
        byte[] ok = classWith(mv -> { });
        byte[] longer = Arrays.copyOf(ok, ok.length + 3);
        assertEquals("3 extra bytes after the end of the class file", reason(longer));
        String cut = reason(Arrays.copyOf(ok, ok.length - 3));
        assertTrue(cut.contains("truncated") || cut.startsWith("corrupt"), cut);
    }

    @Test
    void illegalModifiedUtf8() {
        byte[] ok = classWith(mv -> mv.visitLdcInsn("caf\u00e9"));
        // "café" is 63 61 66 c3 a9 in modified UTF-8; make the continuation byte illegal
        byte[] bad = Fixtures.patch(ok, new byte[] {0x63, 0x61, 0x66, (byte) 0xc3, (byte) 0xa9},
                new byte[] {0x63, 0x61, 0x66, (byte) 0xc3, 0x29});
        assertTrue(reason(bad).contains("illegal modified UTF-8"), reason(bad));
    }

    @Test
    void overlongModifiedUtf8() throws Exception {
        byte[] ok = classWith(mv -> mv.visitLdcInsn("cafe\u00e9"));
        // "caf" + "e" in the overlong two-byte form c1 a5 + "e", which HotSpot refuses (Illegal UTF8 string)
        byte[] bad = Fixtures.patch(ok, new byte[] {0x63, 0x61, 0x66, 0x65, (byte) 0xc3, (byte) 0xa9},
                new byte[] {0x63, 0x61, 0x66, (byte) 0xc1, (byte) 0xa5, 0x65});
        assertTrue(reason(bad).contains("illegal modified UTF-8 (overlong form)"), reason(bad));
        // the two-byte NUL c0 80 is the one overlong form that is legal: "\0" as a constant
        assertEquals("p/A", ClassFiles.check(classWith(mv -> mv.visitLdcInsn("a\0b")), true));
    }

    @Test
    void localVariableRangeOnInstructionBoundaries() throws Exception {
        org.objectweb.asm.Label start = new org.objectweb.asm.Label();
        org.objectweb.asm.Label end = new org.objectweb.asm.Label();
        byte[] ok = classWith(mv -> {
            mv.visitLabel(start);
            mv.visitIntInsn(Opcodes.SIPUSH, 0x1234);
            mv.visitVarInsn(Opcodes.ISTORE, 0);
            mv.visitLabel(end);
            mv.visitLocalVariable("x", "I", null, start, end, 0);
        });
        assertEquals("p/A", ClassFiles.check(ok, true));
        // attribute_length 12, one entry at pc 0 with length 4 (sipush: 3 bytes, istore_0: 1); make it
        // start at pc 1, inside sipush
        byte[] bad = Fixtures.patch(ok, new byte[] {0, 0, 0, 12, 0, 1, 0, 0, 0, 4}, new byte[] {0, 0, 0, 12, 0, 1, 0, 1, 0, 3});
        assertTrue(reason(bad).contains("LocalVariableTable entry not on instruction boundaries (pc 1+3)"), reason(bad));
    }

    @Test
    void constantValueOfAStaticObjectFieldMustBeAString() throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, "p/A", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, "o", "Ljava/lang/Object;", null, "x").visitEnd();
        cw.visitField(0, "i", "Ljava/lang/Object;", null, "x").visitEnd(); // ignored on instance fields
        cw.visitEnd();
        assertEquals("field of type Ljava/lang/Object; has a ConstantValue of tag 8", reason(cw.toByteArray()));
        ClassWriter ok = new ClassWriter(0);
        ok.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, "p/A", null, "java/lang/Object", null);
        ok.visitField(0, "i", "Ljava/lang/Object;", null, "x").visitEnd();
        ok.visitEnd();
        assertEquals("p/A", ClassFiles.check(ok.toByteArray(), true));
    }

    @Test
    void constantPoolEntryOfTheWrongKind() {
        // ldc "p/A" and the class p/A share the UTF-8 entry; a String pointing to an Integer is wrong
        byte[] ok = classWith(mv -> mv.visitLdcInsn(0x12345678));
        int at = indexOf(ok, new byte[] {3, 0x12, 0x34, 0x56, 0x78}); // CONSTANT_Integer
        assertTrue(at > 0);
        byte[] bad = ok.clone();
        // turn the String "p/A"-independent: retag the Integer as a Class whose name index is 0x1234
        bad[at] = 7;
        String r = reason(bad);
        assertTrue(r.contains("constant pool") || r.startsWith("corrupt"), r);
        assertFalse(r.isEmpty());
    }

    @Test
    void descriptorRules() {
        assertTrue(Descriptors.isMethodDescriptor("(IJ[[Ljava/lang/String;)V"));
        assertFalse(Descriptors.isMethodDescriptor("(V)V"));
        assertFalse(Descriptors.isMethodDescriptor("()"));
        assertFalse(Descriptors.isMethodDescriptor("()VV"));
        assertFalse(Descriptors.isMethodDescriptor("(L;)V"));
        assertFalse(Descriptors.isFieldDescriptor("[".repeat(256) + "I"));
        assertTrue(Descriptors.isFieldDescriptor("[".repeat(255) + "I"));
        assertFalse(Descriptors.isMethodDescriptor("(" + "J".repeat(128) + ")V"));
        assertTrue(Descriptors.isMethodName("<init>"));
        assertFalse(Descriptors.isMethodName("a<b"));
        assertFalse(Descriptors.isUnqualifiedName("a/b"));
        assertTrue(Descriptors.isClassOrArray("[I"));
        assertFalse(Descriptors.isClassOrArray("I;"));
        assertEquals(4, "café".getBytes(StandardCharsets.ISO_8859_1).length);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
    /** A class of the given version with a field {@code field} and a call of {@code owner.method()}. */
    private static byte[] versioned(int version, String field, String owner, String method) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(version, Opcodes.ACC_PUBLIC, "p/A", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, field, "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, method, "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void namesOfClassFilesBeforeJava5AreJavaIdentifiers() throws Exception {
        // HotSpot checks names of class files before version 49 as Java identifiers ("Illegal class name")
        assertEquals("p/A", ClassFiles.check(versioned(Opcodes.V1_4, "f$1", "q/B$1", "access$000"), true));
        assertEquals("p/A", ClassFiles.check(versioned(Opcodes.V1_4, "\u00e9t\u00e9", "q/\u00c9t\u00e9", "go"), true));
        assertTrue(reason(versioned(Opcodes.V1_4, "f", "q/B|C", "go")).contains("class name 'q/B|C' is not made of Java"
                + " identifiers, as a class file of version 48 must be"), reason(versioned(Opcodes.V1_4, "f", "q/B|C", "go")));
        assertTrue(reason(versioned(Opcodes.V1_4, "f", "q/B", "g-o")).contains("member reference 'g-o' '()V' is not made"),
                reason(versioned(Opcodes.V1_4, "f", "q/B", "g-o")));
        assertTrue(reason(versioned(Opcodes.V1_4, "1f", "q/B", "go")).startsWith("field 1f I: not made of Java identifiers"),
                reason(versioned(Opcodes.V1_4, "1f", "q/B", "go")));
        // from Java 5 on, only . ; [ / (and < > in method names) are excluded
        assertEquals("p/A", ClassFiles.check(versioned(Opcodes.V1_5, "1f", "q/B|C", "g-o"), true));
    }
}
