package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.jphantom.analysis.report.AnalysisHtml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The HTML report: names the JVM allows but HTML does not ({@code < & " '} in class and method
 * names) are escaped on every page and in the SVG, and the same result gives the same bytes
 * (but for the timings page).
 */
class AnalysisHtmlTest {
    static final String HOSTILE_CLASS = "h/Q<&\"'>";
    static final String HOSTILE_METHOD = "m&\"'";

    @TempDir
    Path tmp;

    private Path hostileProgram() throws IOException {
        return hostileProgram(tmp);
    }

    /** In {@code tmp/classes}: {@code h.Main.main} calls {@code h.Q<&"'>.m&"'()}, which the JVM accepts as names. */
    static Path hostileProgram(Path tmp) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("classes/h"));
        ClassWriter q = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        q.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, HOSTILE_CLASS, null, "java/lang/Object", null);
        MethodVisitor mv = q.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, HOSTILE_METHOD, "()Ljava/lang/Object;", null, null);
        mv.visitCode();
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/Object");
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        q.visitEnd();
        Files.write(dir.resolve("Q<&\"'>.class"), q.toByteArray());
        ClassWriter main = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        main.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "h/Main", null, "java/lang/Object", null);
        mv = main.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOSTILE_CLASS, HOSTILE_METHOD, "()Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        main.visitEnd();
        Files.write(dir.resolve("Main.class"), main.toByteArray());
        return tmp.resolve("classes");
    }

    private SortedMap<String, String> report(Path program) {
        return AnalysisHtml.pages(Analysis.run(AnalysisRequest.of(List.of(program)).withMains(List.of("h.Main"))));
    }

    @Test
    void hostileNamesAreEscapedEverywhere() throws IOException {
        SortedMap<String, String> pages = report(hostileProgram());
        String escaped = "h.Q&lt;&amp;&quot;&#39;&gt;";
        assertTrue(pages.get("methods.html").contains(escaped + ": java.lang.Object m&amp;&quot;&#39;()"),
                pages.get("methods.html"));
        for (Map.Entry<String, String> p : pages.entrySet()) {
            assertFalse(p.getValue().contains("Q<&"), p.getKey() + " holds the raw class name");
            assertFalse(p.getValue().contains("m&\"'"), p.getKey() + " holds the raw method name");
        }
        assertTrue(pages.get("callgraph.svg").contains(escaped), pages.get("callgraph.svg"));
        String mainPage = pages.entrySet().stream().filter(e -> e.getKey().startsWith("method/")
                && e.getValue().contains("<h1>&lt;h.Q")).map(Map.Entry::getValue).findFirst().orElseThrow();
        assertTrue(mainPage.contains("[static call]"), mainPage);
        assertTrue(mainPage.contains("[entry point]"), mainPage);
        assertTrue(pages.get("index.html").contains("<img class=\"graph\" src=\"callgraph.svg\""));
    }

    @Test
    void theSameResultGivesTheSameBytes() throws IOException {
        Path program = hostileProgram();
        SortedMap<String, String> a = report(program);
        SortedMap<String, String> b = report(program);
        assertEquals(a.keySet(), b.keySet());
        for (String page : a.keySet()) {
            if (!page.equals("timings.html")) {
                assertEquals(a.get(page), b.get(page), page);
            }
        }
        Path dir = tmp.resolve("html");
        AnalysisHtml.write(Analysis.run(AnalysisRequest.of(List.of(program)).withMains(List.of("h.Main"))), dir);
        assertEquals(a.get("index.html"), Files.readString(dir.resolve("index.html")));
        assertTrue(Files.exists(dir.resolve("method/m0.html")) && Files.exists(dir.resolve("package/p0.html")));
    }
}
