package org.jphantom.discover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * The sharing reader gives ASM's tree, string for string, with the scan's names as the shared instances;
 * with its declarations shared as well, every string the scan looks up is.
 */
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
        // with its declarations shared, every string the scan looks up is the shared instance
        shared.shareDeclarations(sharing);
        assertShared(shared, sharing.name);
        assertShared(shared, sharing.superName);
        sharing.interfaces.forEach(i -> assertShared(shared, i));
        sharing.fields.forEach(f -> assertShared(shared, f.desc));
        int frames = 0;
        for (MethodNode m : sharing.methods) {
            assertShared(shared, m.name);
            assertShared(shared, m.desc);
            if (m.exceptions != null) {
                m.exceptions.forEach(e -> assertShared(shared, e));
            }
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                if (tcb.type != null) {
                    assertShared(shared, tcb.type);
                }
            }
            if (m.localVariables != null) {
                m.localVariables.forEach(lv -> assertShared(shared, lv.desc));
            }
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof FrameNode fn) {
                    for (List<Object> types : Arrays.asList(fn.local, fn.stack)) {
                        if (types != null) {
                            for (Object t : types) {
                                if (t instanceof String s) {
                                    assertShared(shared, s);
                                    frames++;
                                }
                            }
                        }
                    }
                } else if (insn instanceof MultiANewArrayInsnNode ma) {
                    assertShared(shared, ma.desc);
                } else if (insn instanceof InvokeDynamicInsnNode indy) {
                    assertShared(shared, indy.desc);
                }
            }
        }
        if (name.startsWith("java/")) {
            assertTrue(frames > 0, name); // (ASM's own classes are compiled without StackMapTable frames)
        }
        // a second class's parse hands out the first's instances
        ClassNode again = new ClassNode();
        shared.reader(classFile).accept(again, 0);
        assertSame(sharing.superName, again.superName);
    }
}
