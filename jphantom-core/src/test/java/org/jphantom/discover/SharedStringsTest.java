package org.jphantom.discover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/** The sharing reader gives ASM's tree, string for string, with the scan's names as the shared instances. */
class SharedStringsTest {
    private static byte[] bytes(String name) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
            assertNotNull(in, name);
            return in.readAllBytes();
        }
    }

    private static byte[] written(ClassNode cn) {
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        return cw.toByteArray();
    }

    /** Whether {@code s} is the shared instance of its value (a copy looked up gives {@code s} itself). */
    private static void assertShared(SharedStrings shared, String s) {
        assertSame(s, shared.of(new String(s)), s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"java/util/HashMap", "java/util/concurrent/ConcurrentHashMap",
            "java/lang/invoke/MethodHandles$Lookup", "org/objectweb/asm/ClassReader", "java/lang/Math",
            "java/util/stream/Collectors"})
    void theSameTreeWithSharedNames(String name) throws IOException {
        byte[] classFile = bytes(name);
        ClassNode plain = new ClassNode();
        new ClassReader(classFile).accept(plain, 0);
        SharedStrings shared = new SharedStrings();
        ClassNode sharing = new ClassNode();
        shared.reader(classFile).accept(sharing, 0);
        // the same tree: written back, the same class file
        assertArrayEquals(written(plain), written(sharing));
        int checked = 0;
        for (MethodNode m : sharing.methods) {
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof MethodInsnNode mi) {
                    assertShared(shared, mi.owner);
                    assertShared(shared, mi.name);
                    assertShared(shared, mi.desc);
                    checked++;
                } else if (insn instanceof FieldInsnNode fi) {
                    assertShared(shared, fi.owner);
                    assertShared(shared, fi.name);
                    assertShared(shared, fi.desc);
                    checked++;
                } else if (insn instanceof TypeInsnNode ti) {
                    assertShared(shared, ti.desc);
                    checked++;
                }
            }
        }
        assertTrue(checked > 0, name);
        // a second class's parse hands out the first's instances
        ClassNode again = new ClassNode();
        shared.reader(classFile).accept(again, 0);
        assertSame(sharing.superName, again.superName);
    }
}
