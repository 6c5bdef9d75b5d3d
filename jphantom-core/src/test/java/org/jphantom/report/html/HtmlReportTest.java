package org.jphantom.report.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.solve.UnsatisfiableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The HTML report of the README's sample (an order app whose logging and JSON libraries are
 * missing): its structure, that every link resolves to a written file, that the SVG is
 * well-formed XML, and that the same result gives the same bytes.
 */
class HtmlReportTest {
    private static final String[] SAMPLE = {"sample/app/Main", "sample/app/Order", "sample/app/OrderService"};

    @TempDir
    Path dir;

    /** The sample's application classes (read from the testdata module) as a class directory. */
    private Path sampleProgram() throws IOException {
        Path classes = dir.resolve("classes");
        for (String c : SAMPLE) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(c + ".class")) {
                assertTrue(in != null, "testdata lacks " + c);
                Path target = classes.resolve(c + ".class");
                Files.createDirectories(target.getParent());
                Files.write(target, in.readAllBytes());
            }
        }
        return classes;
    }

    private static Request request(Path program) {
        return Request.of(List.of(program), null);
    }

    private static Result complement(Path program) {
        return Complementer.complement(request(program));
    }

    @Test
    void sampleReportHasItsPagesAndEveryLinkResolves() throws Exception {
        Path program = sampleProgram();
        Result r = complement(program);
        assertTrue(r.phantoms().size() >= 5, "sample phantoms: " + r.phantoms().keySet());
        Path out = dir.resolve("html");
        HtmlReport.write(r, request(program), out);

        Tree files = Tree.of(out);
        assertTrue(files.contains("index.html") && files.contains("constraints.html") && files.contains("hierarchy.svg")
                && files.contains("hierarchy.dot") && files.contains("jphantom.css"), files.all.toString());
        assertTrue(files.contains("package/sample.lib.json.html"), files.all.toString());
        assertTrue(files.contains("package/sample.lib.log.html"), files.all.toString());
        for (String phantom : r.phantoms().keySet()) {
            String page = "phantom/" + phantom.replace('/', '.') + ".html";
            assertTrue(files.contains(page), page + " missing: " + files.all);
            String html = Files.readString(out.resolve(page));
            Result.Phantom p = r.phantoms().get(phantom);
            assertTrue(html.contains("<h1>" + PhantomPages.kind(p) + " " + phantom.replace('/', '.') + "</h1>"), html);
            assertTrue(html.contains(org.jphantom.report.html.Html.esc(p.reason())), html);
            assertTrue(html.contains("<h2>Used by</h2>"), html);
            // The first use is listed among the uses.
            assertTrue(html.contains(p.firstUse().className().replace('/', '.')), html);
        }
        assertEquals(r.phantoms().size(), files.under("phantom/").size(), "one page per phantom");

        // "Used by" lists every use with its source line: the call of Logger.isDebugEnabled in OrderService.
        int line = sourceLine("sample/app/OrderService.java", "isDebugEnabled()");
        String logger = Files.readString(out.resolve("phantom/sample.lib.log.Logger.html"));
        assertTrue(Pattern.compile("<tr><td class=\"mono\">sample\\.app\\.OrderService</td><td class=\"mono\">"
                + "accept\\(Ljava/lang/String;\\)Z</td><td class=\"num\">" + line + "</td><td class=\"num\">\\d+</td>"
                + "<td>invokeinterface sample\\.lib\\.log\\.Logger\\.isDebugEnabled\\(\\)Z</td></tr>").matcher(logger).find(),
                "line " + line + " use missing:\n" + logger);
        assertTrue(logger.contains("<td>type of field LOG</td>"), logger);

        // Every relative link of every page resolves to a written file.
        Pattern href = Pattern.compile("(?:href|src)=\"([^\"#]+)\"");
        int links = 0;
        for (String f : files.all) {
            if (!f.endsWith(".html") && !f.endsWith(".svg")) {
                continue;
            }
            Matcher m = href.matcher(Files.readString(out.resolve(f)));
            while (m.find()) {
                String target = m.group(1).replace("&amp;", "&");
                if (target.startsWith("http:") || target.startsWith("https:")) {
                    continue; // the SVG namespace
                }
                Path resolved = out.resolve(f).getParent().resolve(target).normalize();
                assertTrue(Files.isRegularFile(resolved), f + " links to missing " + target);
                links++;
            }
        }
        assertTrue(links > 3 * r.phantoms().size(), "links checked: " + links);

        // The index names what the run found.
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("<img class=\"hierarchy\" src=\"hierarchy.svg\""), index);
        assertTrue(index.contains(">phantoms</th><td class=\"num\">" + r.phantoms().size() + "<"), index);

        // The SVG is well-formed XML, has one box per node and one line per edge; phantoms link to their pages.
        String svg = Files.readString(out.resolve("hierarchy.svg"));
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        HierarchyGraph g = HierarchyGraph.of(r);
        assertEquals(g.nodes().size(), count(svg, "<rect x=") - 3, "one box per node (and the background and legend)");
        assertEquals(g.edges().size(), count(svg, "<line "), "one line per edge");
        assertEquals(r.phantoms().size(), count(svg, "<a href=\"phantom/"));
        // JsonException is thrown and caught as an Exception, so its known super class is Exception (issue 30)
        assertTrue(g.nodes().containsKey("java/lang/Exception"), "known ancestors are drawn: " + g.nodes().keySet());
        assertFalse(g.nodes().containsKey("java/lang/Object"), "the common root is left out");

        String dot = Files.readString(out.resolve("hierarchy.dot"));
        assertTrue(dot.contains("\ndigraph jphantom {\n"), dot);
        assertEquals(g.edges().size(), count(dot, " -> "), dot);
    }

    /**
     * A use and the solver's origin of the same instruction carry the same instruction index: both
     * count in the InsnList of a class read with its frames (FrameNodes take indices too).
     */
    @Test
    void useIndicesMatchTheSolversOrigins() throws IOException {
        Path program = sampleProgram();
        Result r = complement(program);
        List<org.jphantom.io.ProgramClass> classes = new ArrayList<>(
                org.jphantom.io.ProgramInput.read(List.of(program), 17, false).classes().values());
        SortedMap<String, java.util.SortedSet<Use>> uses = UsageIndex.scan(classes, r.phantoms().keySet());
        int compared = 0;
        for (org.jphantom.model.Constraint c : r.constraints()) {
            org.jphantom.model.Origin o = c.origin();
            for (String phantom : r.phantoms().keySet()) {
                if (o.insn() >= 0 && o.what().matches("invoke[a-z]+ " + Pattern.quote(phantom.replace('/', '.')) + "\\..*")) {
                    assertTrue(uses.get(phantom).stream().anyMatch(u -> u.className().equals(o.className())
                            && o.method().equals(u.method()) && u.insn() == o.insn()), () -> "no use at " + o);
                    compared++;
                }
            }
        }
        assertTrue(compared >= 3, "origins compared: " + compared);
    }

    /** The filter before parsing finds a phantom's name as the constant pool spells it, any characters. */
    @Test
    void classesNamingAPhantomAreFoundByTheirConstantPool() {
        String odd = "p/\u00dcn\u00efcode\u4e2d\ud835\udcb3"; // 2-byte, 3-byte and supplementary characters
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, "a/User", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_PUBLIC, "f", "L" + odd + ";", null, null).visitEnd();
        cw.visitEnd();
        byte[] user = cw.toByteArray();
        assertTrue(UsageIndex.mentionsAny(user, new byte[][] {UsageIndex.modifiedUtf8(odd)}));
        assertFalse(UsageIndex.mentionsAny(user, new byte[][] {UsageIndex.modifiedUtf8("p/\u00dcn\u00efcode\u4e2e")}));
        assertFalse(UsageIndex.mentionsAny(user, new byte[][] {UsageIndex.modifiedUtf8("p/Other")}));
    }

    @Test
    void sameResultSameBytes() throws IOException {
        Path program = sampleProgram();
        Result a = complement(program);
        Result b = complement(program);
        // The timings are the one run-dependent part of the index: give both the same.
        Map<String, Long> timings = a.timings();
        Result b2 = new Result(b.phantoms(), b.constraints(), b.occurrences(), b.generated(), b.warnings(), b.shadowedEntries(), b.counts(),
                timings);
        HtmlReport.write(a, request(program), dir.resolve("a"));
        HtmlReport.write(b2, request(program), dir.resolve("b"));
        Tree fa = Tree.of(dir.resolve("a"));
        Tree fb = Tree.of(dir.resolve("b"));
        assertEquals(fa.all, fb.all);
        for (String f : fa.all) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("a").resolve(f)), Files.readAllBytes(dir.resolve("b").resolve(f)),
                    f);
        }
        // The picture does not even depend on the timings.
        assertEquals(HtmlReport.pages(a, List.of()).get("hierarchy.svg"), HtmlReport.pages(b, List.of()).get("hierarchy.svg"));
    }

    @Test
    void rewritingRemovesStalePages() throws IOException {
        Path out = dir.resolve("html");
        Path program = sampleProgram();
        HtmlReport.write(complement(program), request(program), out);
        assertFalse(Tree.of(out).under("phantom/").isEmpty());
        Path one = dir.resolve("one");
        Files.createDirectories(one.resolve("x"));
        Files.write(one.resolve("x/A.class"), classExtending("x/A", "y/Missing"));
        HtmlReport.write(complement(one), request(one), out);
        assertEquals(List.of("phantom/y.Missing.html"), Tree.of(out).under("phantom/"));
    }

    @Test
    void unsatisfiableRunGetsTheConflictPage() throws IOException {
        Path program = dir.resolve("u");
        Files.createDirectories(program.resolve("u"));
        Files.write(program.resolve("u/K.class"), classAndInterfaceUse());
        UnsatisfiableException e = null;
        try {
            complement(program);
        } catch (UnsatisfiableException x) {
            e = x;
        }
        assertTrue(e != null, "expected an unsatisfiable run");
        Path out = dir.resolve("html");
        HtmlReport.writeConflict(e, out);
        assertEquals(List.of("conflict.html", "index.html", "jphantom.css"), Tree.of(out).all);
        String conflict = Files.readString(out.resolve("conflict.html"));
        assertTrue(conflict.contains("q.P must be a class") || conflict.contains("q.P must be an interface"), conflict);
        assertTrue(conflict.contains("a(Lq/P;)V") && conflict.contains("b(Lq/P;)V"), conflict);
        assertTrue(Files.readString(out.resolve("index.html")).contains("href=\"conflict.html\""));
    }

    /** The 1-based line of the first line of a testdata fixture source containing {@code text}. */
    private int sourceLine(String source, String text) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("fixture-sources/" + source)) {
            assertTrue(in != null, source);
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(text)) {
                    return i + 1;
                }
            }
        }
        throw new AssertionError(text + " not in " + source);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** The files under a directory, as sorted '/'-separated relative names. */
    private record Tree(List<String> all) {
        static Tree of(Path root) throws IOException {
            TreeSet<String> names = new TreeSet<>();
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(Files::isRegularFile).forEach(p -> names.add(root.relativize(p).toString().replace('\\', '/')));
            }
            return new Tree(new ArrayList<>(names));
        }

        boolean contains(String name) {
            return all.contains(name);
        }

        List<String> under(String prefix) {
            return all.stream().filter(n -> n.startsWith(prefix)).toList();
        }
    }

    private static byte[] classExtending(String name, String sup) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, sup, null);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code u.K.a(P)} calls {@code invokevirtual q.P.m}, {@code u.K.b(P)} {@code invokeinterface q.P.n}. */
    private static byte[] classAndInterfaceUse() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "u/K", null, "java/lang/Object", null);
        MethodVisitor a = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "a", "(Lq/P;)V", null, null);
        a.visitCode();
        a.visitVarInsn(Opcodes.ALOAD, 0);
        a.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "q/P", "m", "()V", false);
        a.visitInsn(Opcodes.RETURN);
        a.visitMaxs(0, 0);
        a.visitEnd();
        MethodVisitor b = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "b", "(Lq/P;)V", null, null);
        b.visitCode();
        b.visitVarInsn(Opcodes.ALOAD, 0);
        b.visitMethodInsn(Opcodes.INVOKEINTERFACE, "q/P", "n", "()V", true);
        b.visitInsn(Opcodes.RETURN);
        b.visitMaxs(0, 0);
        b.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
