package org.jphantom.discover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/** {@link SourceFrames} gives, for every method, exactly the frames ASM's own analyzer gives. */
class SourceFramesTest {
    /** Classes of java.base with many exception handlers. */
    private static final String[] JDK_CLASSES = {
        "java/util/concurrent/ThreadPoolExecutor", "java/util/concurrent/ForkJoinPool", "java/util/concurrent/FutureTask",
        "java/util/zip/ZipFile", "java/util/jar/JarFile", "java/util/ServiceLoader", "java/util/Formatter",
        "java/net/URLClassLoader", "java/lang/ClassLoader", "java/lang/Thread", "java/lang/invoke/MethodHandles$Lookup",
        "java/io/ObjectInputStream", "java/io/File",
    };

    @Test
    void realCodeGivesTheFramesOfAsmsAnalyzer() throws Exception {
        List<ClassNode> classes = new ArrayList<>();
        for (Class<?> inJar : List.of(ClassNode.class, Analyzer.class)) {
            classes.addAll(jar(Path.of(inJar.getProtectionDomain().getCodeSource().getLocation().toURI())));
        }
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Collections.emptyMap())) {
            for (String name : JDK_CLASSES) {
                classes.add(node(Files.readAllBytes(jrt.getPath("modules", "java.base", name + ".class"))));
            }
        }
        int methods = 0, handlers = 0;
        for (ClassNode cn : classes) {
            for (MethodNode m : cn.methods) {
                assertSame(cn.name, m);
                methods++;
                handlers += m.tryCatchBlocks.isEmpty() ? 0 : 1;
            }
        }
        assertTrue(methods > 800 && handlers > 80, methods + " methods, " + handlers + " with handlers");
    }

    @Test
    void nestedHandlersAroundLoopsGiveTheSameFrames() throws Exception {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "(Ljava/util/List;)Ljava/lang/Object;", null, null);
        Label outerStart = new Label(), innerStart = new Label(), innerEnd = new Label(), outerEnd = new Label();
        Label innerHandler = new Label(), outerHandler = new Label(), loop = new Label(), done = new Label();
        m.visitTryCatchBlock(outerStart, outerEnd, outerHandler, null);
        m.visitTryCatchBlock(innerStart, innerEnd, innerHandler, "java/lang/RuntimeException");
        m.visitLabel(outerStart);
        m.visitInsn(Opcodes.ACONST_NULL);
        m.visitVarInsn(Opcodes.ASTORE, 1);
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ISTORE, 2);
        m.visitLabel(loop);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitIntInsn(Opcodes.BIPUSH, 10);
        m.visitJumpInsn(Opcodes.IF_ICMPGE, done);
        m.visitLabel(innerStart);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/List", "get", "(I)Ljava/lang/Object;", true);
        m.visitVarInsn(Opcodes.ASTORE, 1);
        m.visitLabel(innerEnd);
        m.visitIincInsn(2, 1);
        m.visitJumpInsn(Opcodes.GOTO, loop);
        m.visitLabel(innerHandler);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitVarInsn(Opcodes.ASTORE, 1);
        m.visitIincInsn(2, 2);
        m.visitJumpInsn(Opcodes.GOTO, loop);
        m.visitLabel(done);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitLabel(outerEnd);
        m.visitInsn(Opcodes.ARETURN);
        m.visitLabel(outerHandler);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitInsn(Opcodes.ARETURN);
        m.visitInsn(Opcodes.NOP); // unreachable: no frame
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(3, 4);
        assertSame("p/C", m);
        Frame<SourceValue>[] frames = SourceFrames.analyze("p/C", m);
        assertNull(frames[m.instructions.size() - 2]);
        // at the outer handler, local 1 comes from one of three stores: the null, the list's element, the inner handler's exception
        assertEquals(3, frames[m.instructions.indexOf((LabelNode) outerHandler.info)].getLocal(1).insns.size());
    }

    @Test
    void subroutinesAreLeftToAsm() throws Exception {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "()V", null, null);
        Label sub = new Label();
        m.visitJumpInsn(Opcodes.JSR, sub);
        m.visitInsn(Opcodes.RETURN);
        m.visitLabel(sub);
        m.visitVarInsn(Opcodes.ASTORE, 0);
        m.visitVarInsn(Opcodes.RET, 0);
        m.visitMaxs(1, 1);
        assertSame("p/C", m);
        assertNotNull(SourceFrames.analyze("p/C", m)[0]);
    }

    @Test
    void brokenCodeFailsAsInAsm() {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "()V", null, null);
        m.visitInsn(Opcodes.NOP); // falls off the end
        m.visitMaxs(0, 0);
        assertThrows(AnalyzerException.class, () -> new Analyzer<>(new SourceInterpreter()).analyze("p/C", m));
        assertThrows(AnalyzerException.class, () -> SourceFrames.analyze("p/C", m));
        MethodNode pop = new MethodNode(Opcodes.ACC_STATIC, "m", "()V", null, null);
        pop.visitInsn(Opcodes.POP); // nothing to pop
        pop.visitInsn(Opcodes.RETURN);
        pop.visitMaxs(1, 0);
        assertThrows(AnalyzerException.class, () -> SourceFrames.analyze("p/C", pop));
    }

    /** Both analyses of {@code m} fail, or give equal frames: same reach, heights, sizes and producing instructions. */
    private static void assertSame(String owner, MethodNode m) {
        Frame<SourceValue>[] expected, actual;
        try {
            expected = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        } catch (AnalyzerException e) {
            assertThrows(AnalyzerException.class, () -> SourceFrames.analyze(owner, m), owner + "." + m.name + m.desc);
            return;
        }
        try {
            actual = SourceFrames.analyze(owner, m);
        } catch (AnalyzerException e) {
            fail(owner + "." + m.name + m.desc + ": " + e.getMessage());
            return;
        }
        String where = owner + "." + m.name + m.desc;
        assertEquals(expected.length, actual.length, where);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i] == null, actual[i] == null, where + " at " + i);
            if (expected[i] != null) {
                assertEquals(expected[i].getLocals(), actual[i].getLocals(), where);
                assertEquals(expected[i].getStackSize(), actual[i].getStackSize(), where + " at " + i);
                for (int j = 0; j < expected[i].getLocals(); j++) {
                    assertValue(expected[i].getLocal(j), actual[i].getLocal(j), where + " at " + i + " local " + j);
                }
                for (int j = 0; j < expected[i].getStackSize(); j++) {
                    assertValue(expected[i].getStack(j), actual[i].getStack(j), where + " at " + i + " stack " + j);
                }
            }
        }
    }

    private static void assertValue(SourceValue expected, SourceValue actual, String where) {
        assertEquals(expected.size, actual.size, where);
        assertEquals(expected.insns, actual.insns, where);
    }

    private static List<ClassNode> jar(Path jar) throws IOException {
        List<ClassNode> out = new ArrayList<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(z.entries())) {
                if (e.getName().endsWith(".class") && !e.getName().contains("module-info")) {
                    try (InputStream in = z.getInputStream(e)) {
                        out.add(node(in.readAllBytes()));
                    }
                }
            }
        }
        return out;
    }

    private static ClassNode node(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        return cn;
    }
}
