package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jphantom.JphantomException;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.output.CallGraphDot;
import org.jphantom.analysis.output.Dumps;
import org.jphantom.analysis.output.OutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The call-graph formats of {@code --out}: JCG's JSON, read back with Jackson as a JCG consumer
 * would, has exactly the call edges of {@code call-edges.txt}; the DOT text is well formed; both
 * are the same bytes on a second run.
 */
@ResourceLock(PtaFixtures.FEATURE_INPUTS)
class OutputFormatsTest {
    private static final Pattern EDGE = Pattern.compile("^(<.*>)/\\d+ -> (<.*>)$");

    @TempDir
    Path tmp;

    @Test
    void jcgHasTheCallEdgesOfTheTextFormatAndIsDeterministic() throws IOException {
        AnalysisResult r = PointsToFixtureTest.analyze(tmp.resolve("a"), "dispatch", "ci");
        Path out = tmp.resolve("out");
        Dumps.write(r, out, false, EnumSet.allOf(OutputFormat.class));
        JsonNode root = new ObjectMapper().readTree(out.resolve(Dumps.JCG).toFile());

        SortedSet<String> methods = new TreeSet<>();
        List<String> pairs = new ArrayList<>();
        SortedSet<String> sites = new TreeSet<>();
        for (JsonNode rm : root.get("reachableMethods")) {
            String caller = signature(rm.get("method"));
            methods.add(caller);
            for (JsonNode cs : rm.get("callSites")) {
                assertTrue(cs.get("line").isInt() && cs.get("pc").isInt(), cs::toString);
                assertTrue(sites.add(caller + "@" + cs.get("pc").asInt() + ":" + signature(cs.get("declaredTarget"))),
                        "one call site listed once: " + cs);
                for (JsonNode t : cs.get("targets")) {
                    pairs.add(caller + "@" + cs.get("pc").asInt() + " -> " + signature(t));
                }
            }
        }
        assertEquals(new TreeSet<>(r.reachableMethods()), methods);
        // the text edges, call ordinal dropped, as (caller, callee) pairs; the JCG ones with their pc
        SortedSet<String> textPairs = new TreeSet<>();
        for (String e : r.callEdges()) {
            Matcher m = EDGE.matcher(e);
            assertTrue(m.matches(), e);
            textPairs.add(m.group(1) + " -> " + m.group(2));
        }
        SortedSet<String> jcgPairs = new TreeSet<>();
        for (String p : pairs) {
            jcgPairs.add(p.replaceFirst("@-?\\d+ -> ", " -> "));
        }
        assertEquals(textPairs, jcgPairs);
        assertEquals(r.callEdges().size(), pairs.size(), "one JCG target per (call site, callee) edge");
        assertTrue(pairs.stream().anyMatch(p -> p.startsWith("<dispatch.Main: void main(java.lang.String[])>@")
                && !p.contains("@-1 ")), "calls made by instructions have their bytecode offset");
        JsonNode main = root.get("reachableMethods").get(0).get("method");
        assertTrue(main.get("declaringClass").asText().matches("L[\\w/$]+;"), main::toString);

        assertTextFromTheIndexIsTheResults(r, out);
        Path again = tmp.resolve("again");
        Dumps.write(PointsToFixtureTest.analyze(tmp.resolve("b"), "dispatch", "ci"), again, false,
                EnumSet.allOf(OutputFormat.class));
        for (String f : List.of(Dumps.JCG, Dumps.DOT, Dumps.REACHABLE, Dumps.EDGES)) {
            assertEquals(Files.readString(out.resolve(f)), Files.readString(again.resolve(f)), f);
        }
    }

    @Test
    void theFormatsAskedForAreWrittenAndTheOthersRemoved() throws IOException {
        AnalysisResult r = PointsToFixtureTest.analyze(tmp.resolve("a"), "dispatch", "ci");
        Path out = tmp.resolve("out");
        Dumps.write(r, out, false, EnumSet.allOf(OutputFormat.class));
        Dumps.write(r, out, false, OutputFormat.parse(List.of("jcg")));
        assertTrue(Files.exists(out.resolve(Dumps.JCG)));
        for (String f : List.of(Dumps.REACHABLE, Dumps.EDGES, Dumps.DOT)) {
            assertFalse(Files.exists(out.resolve(f)), f);
        }
        assertTrue(Files.exists(out.resolve(Dumps.STATS)));
        assertEquals(EnumSet.allOf(OutputFormat.class), OutputFormat.parse(List.of("text,jcg", "DOT")));
        JphantomException e = assertThrows(JphantomException.class, () -> OutputFormat.parse(List.of("text,svg")));
        assertTrue(e.getMessage().contains("'svg'") && e.getMessage().contains("text, jcg, dot"), e.getMessage());
    }

    @Test
    void dotIsBalancedAndCollapsesToClassesAndPackagesPastItsSize() throws IOException {
        AnalysisResult r = PointsToFixtureTest.analyze(tmp.resolve("a"), "dispatch", "ci");
        MethodGraph g = MethodGraph.of(r);
        String methods = CallGraphDot.dot(g);
        checkBalanced(methods);
        assertTrue(methods.contains("one node per method"), methods);
        assertTrue(methods.contains("\"<dispatch.Main: void main(java.lang.String[])>\" -> "), methods);

        int appMethods = (int) r.stats().get("applicationReachableMethods");
        String classes = CallGraphDot.dot(g, appMethods - 1);
        checkBalanced(classes);
        assertTrue(classes.contains("one node per class"), classes);
        assertFalse(classes.contains("<"), "no method nodes: " + classes);
        assertTrue(classes.contains("\"dispatch.Main\" -> "), classes);
        String packages = CallGraphDot.dot(g, 1);
        checkBalanced(packages);
        assertTrue(packages.contains("one node per package") && packages.contains("\"dispatch\";"), packages);
        assertTrue(packages.contains("\"dispatch\" -> \"check\" [label=\""), packages);
        assertFalse(packages.contains("\"dispatch\" -> \"dispatch\""), "calls within a package are left out: " + packages);
    }

    @Test
    void hostileNamesKeepJcgAndDotWellFormed() throws IOException {
        Path program = AnalysisHtmlTest.hostileProgram(tmp);
        AnalysisResult r = Analysis.run(AnalysisRequest.of(List.of(program)).withMains(List.of("h.Main")));
        Path out = tmp.resolve("out");
        Dumps.write(r, out, false, EnumSet.allOf(OutputFormat.class));
        JsonNode main = null;
        for (JsonNode rm : new ObjectMapper().readTree(out.resolve(Dumps.JCG).toFile()).get("reachableMethods")) {
            if (rm.get("method").get("name").asText().equals("main")) {
                main = rm;
            }
        }
        assertTrue(main != null, "h.Main.main is in the JCG file");
        JsonNode call = main.get("callSites").get(0);
        JsonNode target = call.get("targets").get(0);
        for (JsonNode m : List.of(call.get("declaredTarget"), target)) {
            assertEquals(AnalysisHtmlTest.HOSTILE_METHOD, m.get("name").asText(), m::toString);
            assertEquals("L" + AnalysisHtmlTest.HOSTILE_CLASS + ";", m.get("declaringClass").asText(), m::toString);
        }
        assertTextFromTheIndexIsTheResults(r, out);
        String dot = Files.readString(out.resolve(Dumps.DOT));
        checkBalanced(dot);
        assertTrue(dot.contains("\"<h.Main: void main(java.lang.String[])>\" -> \"<h.Q<&\\\"'>: java.lang.Object m&\\\"'()>\";"),
                dot);
        checkBalanced(CallGraphDot.dot(MethodGraph.of(r), 1));
    }

    @Test
    void namesBeyondAsciiAreWrittenInUtf8() throws IOException {
        // u.Main.main calls u.Ü.ñ(): the text lines, JCG's strings and the DOT carry them as UTF-8
        // (in a jar: entry names are UTF-8 whatever the file system's encoding)
        ClassWriter u = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        u.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "u/\u00dc", null, "java/lang/Object", null);
        MethodVisitor mv = u.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "\u00f1", "()V", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        ClassWriter main = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        main.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "u/Main", null, "java/lang/Object", null);
        mv = main.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "u/\u00dc", "\u00f1", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        Path jar = tmp.resolve("u.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("u/\u00dc.class"));
            j.write(u.toByteArray());
            j.putNextEntry(new JarEntry("u/Main.class"));
            j.write(main.toByteArray());
        }
        AnalysisResult r = Analysis.run(AnalysisRequest.of(List.of(jar)).withMains(List.of("u.Main")));
        Path out = tmp.resolve("out");
        Dumps.write(r, out, false, EnumSet.allOf(OutputFormat.class));
        String edge = "<u.Main: void main(java.lang.String[])>/0 -> <u.\u00dc: void \u00f1()>";
        assertTrue(Files.readAllLines(out.resolve(Dumps.EDGES), StandardCharsets.UTF_8).contains(edge), edge);
        assertTextFromTheIndexIsTheResults(r, out);
        assertTrue(Files.readString(out.resolve(Dumps.JCG)).contains("{\"name\":\"\u00f1\",\"declaringClass\":\"Lu/\u00dc;\""));
        assertTrue(Files.readString(out.resolve(Dumps.DOT)).contains("\"<u.\u00dc: void \u00f1()>\";"));
    }

    @Test
    void aSignatureThatStartsAnotherKeepsTheEdgesSorted() throws IOException {
        // "<h.Main: void m()>" starts "<h.Main: void m()>!: void f()>" (a class h/"Main: void m()>!"),
        // and '!' sorts before '/': f's call line comes before m's, though m sorts first as a caller
        String odd = "h/Main: void m()>!";
        ClassWriter main = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        main.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "h/Main", null, "java/lang/Object", null);
        staticCall(main, "main", "([Ljava/lang/String;)V", "h/Main", "m");
        staticCall(main, "m", "()V", odd, "f");
        staticCall(main, "g", "()V", null, null);
        ClassWriter f = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        f.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, odd, null, "java/lang/Object", null);
        staticCall(f, "f", "()V", "h/Main", "g");
        Path jar = tmp.resolve("h.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("h/Main.class"));
            j.write(main.toByteArray());
            j.putNextEntry(new JarEntry(odd + ".class"));
            j.write(f.toByteArray());
        }
        AnalysisResult r = Analysis.run(AnalysisRequest.of(List.of(jar)).withMains(List.of("h.Main")));
        Path out = tmp.resolve("out");
        Dumps.write(r, out, false, EnumSet.allOf(OutputFormat.class));
        List<String> lines = Files.readAllLines(out.resolve(Dumps.EDGES));
        int fLine = lines.indexOf("<h.Main: void m()>!: void f()>/0 -> <h.Main: void g()>");
        int mLine = lines.indexOf("<h.Main: void m()>/0 -> <h.Main: void m()>!: void f()>");
        assertTrue(fLine >= 0 && fLine < mLine, lines::toString);
        assertTextFromTheIndexIsTheResults(r, out);
    }

    /** A static method {@code name desc} of {@code cw} that calls {@code owner.callee()V} (if not null) and returns. */
    private static void staticCall(ClassWriter cw, String name, String desc, String owner, String callee) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, desc, null, null);
        mv.visitCode();
        if (owner != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, callee, "()V", false);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * The text files in {@code out}, written with the call graph index (the JCG or DOT format asked
     * for too), are the bytes of the text format alone, which formats the result's own lists.
     */
    private void assertTextFromTheIndexIsTheResults(AnalysisResult r, Path out) throws IOException {
        Path alone = tmp.resolve("text-alone");
        Dumps.write(r, alone, false, EnumSet.of(OutputFormat.TEXT));
        assertEquals(Files.readString(alone.resolve(Dumps.REACHABLE)), Files.readString(out.resolve(Dumps.REACHABLE)));
        assertEquals(Files.readString(alone.resolve(Dumps.EDGES)), Files.readString(out.resolve(Dumps.EDGES)));
        assertEquals(String.join("\n", r.callEdges()) + "\n", Files.readString(out.resolve(Dumps.EDGES)));
        assertFalse(Files.exists(alone.resolve(Dumps.JCG)) || Files.exists(alone.resolve(Dumps.DOT)));
    }

    /**
     * A small DOT reader: braces balance, every string is closed, every statement ends with ';',
     * and every edge's ends are declared nodes.
     */
    static void checkBalanced(String dot) {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < dot.length(); i++) {
            char c = dot.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                assertTrue(depth >= 0, "unbalanced }");
            }
        }
        assertFalse(inString, "unclosed string");
        assertEquals(0, depth, "unbalanced {");
        assertTrue(dot.startsWith("digraph ") && dot.endsWith("}\n"), dot);
        Set<String> nodes = new TreeSet<>();
        List<String[]> edges = new ArrayList<>();
        Pattern quoted = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        for (String line : dot.lines().toList().subList(1, (int) dot.lines().count() - 1)) {
            String l = line.trim();
            if (l.startsWith("//")) {
                continue;
            }
            assertTrue(l.endsWith(";"), line);
            Matcher m = quoted.matcher(l);
            List<String> names = new ArrayList<>();
            while (m.find()) {
                names.add(m.group(1));
            }
            if (l.contains(" -> ")) {
                edges.add(names.toArray(String[]::new));
            } else if (l.startsWith("\"")) {
                nodes.add(names.get(0));
            }
        }
        for (String[] e : edges) {
            assertTrue(nodes.contains(e[0]) && nodes.contains(e[1]), String.join(" -> ", e));
        }
    }

    /** A JCG method as the analysis' signature, {@code <a.B: void m(int)>}. */
    private static String signature(JsonNode m) {
        String cls = Type.getType(m.get("declaringClass").asText()).getClassName();
        List<String> params = new ArrayList<>();
        for (JsonNode p : m.get("parameterTypes")) {
            params.add(Type.getType(p.asText()).getClassName());
        }
        return "<" + cls + ": " + Type.getType(m.get("returnType").asText()).getClassName() + " "
                + m.get("name").asText() + "(" + String.join(",", params) + ")>";
    }
}
