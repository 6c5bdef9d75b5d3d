package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.entry.EntryPointMode;
import org.jphantom.analysis.pta.entry.EntryPointOptions;
import org.jphantom.analysis.pta.entry.PackageVisibility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The open-world entry points on the tiny library {@code src/test/resources/pta/library} (no main
 * method): dispatch on parameters, call-by-signature, protected and package-private members across
 * packages under open and closed packages, fields a client can set, and the automatic choice.
 */
class LibraryEntryPointsTest {
    private static final String SHAPES = "library.shapes.";
    private static final String UI = "library.ui.";

    private static Path classes;

    @BeforeAll
    static void compile() throws IOException {
        classes = PtaFixtures.classes("library");
    }

    private static AnalysisResult run(EntryPointOptions options) {
        return PtaFixtures.run(AnalysisRequest.of(List.of(classes)).withEntryPoints(options));
    }

    private static AnalysisResult run(EntryPointMode mode, PackageVisibility packages) {
        return run(new EntryPointOptions(mode, packages));
    }

    private static String m(String cls, String sig) {
        return "<" + cls + ": " + sig + ">";
    }

    /** The callees of call site {@code ordinal} of {@code caller}. */
    private static Set<String> targets(AnalysisResult r, String caller, int ordinal) {
        String prefix = caller + "/" + ordinal + " -> ";
        Set<String> out = new TreeSet<>();
        r.callEdges().stream().filter(e -> e.startsWith(prefix)).forEach(e -> out.add(e.substring(prefix.length())));
        return out;
    }

    private static Set<String> entries(AnalysisResult r) {
        Set<String> out = new TreeSet<>();
        for (JMethod e : r.entries()) {
            out.add(e.signature(r.program()));
        }
        return out;
    }

    @Test
    void aProgramWithoutMainIsAnalysedAsALibrary() {
        AnalysisResult r = run(EntryPointOptions.AUTOMATIC);
        assertEquals("library", r.stats().get("entryPointMode"));
        assertEquals("closed", r.stats().get("packageVisibility"));
        assertEquals(r.entries().size(), r.stats().get("entryPoints"));
        assertTrue(r.summary().contains("; entry points: library, closed packages (" + r.entries().size() + ")"),
                r.summary());
        assertEquals(run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED).callEdges(), r.callEdges());
    }

    @Test
    void aVirtualCallOnAParameterReachesEverySubtypeAndCallBySignatureButNoUnrelatedType() {
        for (PackageVisibility v : PackageVisibility.values()) {
            AnalysisResult r = run(EntryPointMode.LIBRARY, v);
            Set<String> t = targets(r, m(SHAPES + "Shapes", "double total(library.shapes.Shape)"), 0);
            assertEquals(Set.of(m(SHAPES + "Square", "double area()"), m(SHAPES + "Circle", "double area()"),
                    m(SHAPES + "Plate", "double area()")), t, v.label());
        }
    }

    /**
     * Call-by-signature through a package-private class of another package (Reif et al.'s LIB5): a
     * client's {@code X extends Exposed implements Sized} implements {@code Sized.size()} with the
     * {@code size()} Exposed inherits from hidden {@code Hidden}, as HotSpot shows on such a client;
     * package-private {@code Secluded}, which no public class exposes, and {@code Hidden} itself are
     * targets only when a client may add classes to their package.
     */
    @Test
    void callBySignatureReachesAMethodAPublicClassInheritsFromAHiddenOne(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        java.nio.file.Files.createDirectories(tmp.resolve("client"));
        java.nio.file.Files.writeString(tmp.resolve("client/X.java"), "package client;\n"
                + "public class X extends library.ui.Exposed implements library.shapes.Sized {\n"
                + "    public static int run() { return library.shapes.Sized.sizeOf(new X()); }\n}\n");
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", tmp.toString(), "-cp",
                classes.toString(), tmp.resolve("client/X.java").toString());
        assertEquals(0, rc, "the client compiles");
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {tmp.toUri().toURL(),
                classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            assertEquals(1, loader.loadClass("client.X").getMethod("run").invoke(null), "Hidden.size() runs");
        }
        // javac gives public Exposed a bridge size() that calls Hidden's (what HotSpot ran above)
        String exposed = m(UI + "Exposed", "int size()");
        String secluded = m(UI + "Secluded", "int size()");
        String site = m(SHAPES + "Sized", "int sizeOf(library.shapes.Sized)");
        AnalysisResult closed = run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED);
        assertEquals(Set.of(exposed), targets(closed, site, 0));
        assertEquals(Set.of(m(UI + "Hidden", "int size()")), targets(closed, exposed, 0));
        // a client class in library.ui may extend the package-private classes themselves
        assertEquals(Set.of(exposed, m(UI + "Hidden", "int size()"), secluded),
                targets(run(EntryPointMode.LIBRARY, PackageVisibility.OPEN), site, 0));
    }

    @Test
    void fieldsAClientCanSetHoldEveryTypeAClientCouldStore() {
        AnalysisResult r = run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED);
        Set<String> shapes = Set.of(m(SHAPES + "Square", "double area()"), m(SHAPES + "Circle", "double area()"),
                m(SHAPES + "Plate", "double area()"));
        assertEquals(shapes, targets(r, m(SHAPES + "Box", "double measure()"), 0));
        assertEquals(Set.of(), targets(r, m(SHAPES + "Box", "double measureHidden()"), 0), "only the library writes it");
        assertEquals(Set.of(m(SHAPES + "Task", "void run()")), targets(r, m(SHAPES + "Hooks", "void fire()"), 0));
    }

    @Test
    void aLambdaReturnedToTheClientMayRun() {
        AnalysisResult r = run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED);
        String later = m(SHAPES + "Shapes", "void lambda$later$0(library.shapes.Shape)");
        assertTrue(r.reachableMethods().contains(later), "escapes");
        assertEquals(Set.of(m(SHAPES + "Square", "double area()"), m(SHAPES + "Circle", "double area()"),
                m(SHAPES + "Plate", "double area()")), targets(r, later, 0));
        assertFalse(r.reachableMethods().contains(m(SHAPES + "Shapes", "void lambda$keep$1()")), "never escapes");
    }

    @Test
    void closedPackagesExposePublicAndProtectedMembersOfPublicTypes() {
        AnalysisResult r = run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED);
        Set<String> e = entries(r);
        assertTrue(e.contains(m(UI + "Widget", "void render()")));
        assertTrue(e.contains(m(UI + "Widget", "void paint()")), "protected, Widget can be extended");
        assertTrue(e.contains(m("library.ext.Fancy", "void paint()")));
        assertTrue(e.contains(m(UI + "Base", "void util()")), "public in a hidden class, inherited by public Panel");
        assertTrue(e.contains(m(UI + "Panel", "void show()")), "javac's bridge to Base.show()");
        assertTrue(r.reachableMethods().contains(m(UI + "Base", "void show()")));
        assertTrue(e.contains(m(UI + "Widget", "void <init>()")));
        assertTrue(e.contains(m(SHAPES + "Box", "void <clinit>()")));
        assertFalse(e.contains(m(UI + "Widget", "void layout()")), "package-private");
        assertFalse(e.contains(m("library.ext.Fancy", "void layout()")), "package-private");
        assertFalse(e.contains(m(UI + "Internal", "void work()")), "no public type exposes it");
        assertFalse(e.contains(m(UI + "Locked", "void secret()")), "protected in a final class");
        assertFalse(e.contains(m(SHAPES + "Box", "void <init>()")), "private");
        assertTrue(e.contains(m(SHAPES + "Circle", "double area()")), "implements public Shape.area");
        assertTrue(e.contains(m(SHAPES + "Task", "void run()")), "implements public Runnable.run");
        // this.paint() may run a library subclass's override across packages; layout() is package-private,
        // so Fancy's layout() does not override it.
        String render = m(UI + "Widget", "void render()");
        assertEquals(Set.of(m(UI + "Widget", "void paint()"), m("library.ext.Fancy", "void paint()")),
                targets(r, render, 0));
        assertEquals(Set.of(m(UI + "Widget", "void layout()")), targets(r, render, 1));
        assertFalse(r.reachableMethods().contains(m(UI + "Internal", "void work()")));
        assertFalse(r.reachableMethods().contains(m("library.ext.Fancy", "void layout()")));
    }

    @Test
    void openPackagesExposeEveryMemberButPrivateOnes() {
        AnalysisResult r = run(EntryPointMode.LIBRARY, PackageVisibility.OPEN);
        Set<String> e = entries(r);
        for (String s : List.of(m(UI + "Widget", "void layout()"), m("library.ext.Fancy", "void layout()"),
                m(UI + "Internal", "void work()"), m(UI + "Locked", "void secret()"), m(SHAPES + "Task", "void run()"),
                m(SHAPES + "Circle", "double area()"))) {
            assertTrue(e.contains(s), s);
        }
        assertFalse(e.contains(m(SHAPES + "Box", "void <init>()")), "private");
        assertEquals("open", r.stats().get("packageVisibility"));
        assertTrue(entries(run(EntryPointMode.LIBRARY, PackageVisibility.CLOSED)).stream().allMatch(e::contains),
                "closed entry points are open ones too");
    }

    @Test
    void allEntersEveryMethodWithABody() {
        AnalysisResult all = run(EntryPointMode.ALL, PackageVisibility.CLOSED);
        AnalysisResult open = run(EntryPointMode.LIBRARY, PackageVisibility.OPEN);
        assertTrue(entries(all).contains(m(SHAPES + "Box", "void <init>()")));
        assertTrue(entries(all).containsAll(entries(open)));
        assertTrue(all.reachableMethods().containsAll(open.reachableMethods()));
        assertEquals("all", all.stats().get("entryPointMode"));
        assertFalse(all.stats().containsKey("packageVisibility"));
    }

    @Test
    void mainEntryPointsNeedAMainMethod() {
        JphantomException e = assertThrows(JphantomException.class,
                () -> run(EntryPointMode.MAIN, PackageVisibility.CLOSED));
        assertTrue(e.getMessage().contains("--entry-points library"), e.getMessage());
        JphantomException named = assertThrows(JphantomException.class, () -> Analysis.run(AnalysisRequest
                .of(List.of(classes)).withMains(List.of("library.shapes.Shapes"))
                .withEntryPoints(new EntryPointOptions(EntryPointMode.LIBRARY, PackageVisibility.CLOSED))));
        assertTrue(named.getMessage().contains("--entry-points main"), named.getMessage());
    }

    @Test
    void deterministic() {
        AnalysisResult a = run(EntryPointMode.LIBRARY, PackageVisibility.OPEN);
        AnalysisResult b = run(EntryPointMode.LIBRARY, PackageVisibility.OPEN);
        assertEquals(a.callEdges(), b.callEdges());
        assertEquals(a.reachableMethods(), b.reachableMethods());
    }
}
