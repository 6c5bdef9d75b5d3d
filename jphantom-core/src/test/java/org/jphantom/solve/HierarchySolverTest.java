package org.jphantom.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.jphantom.model.Constraint;
import org.jphantom.model.TypeKind;
import org.junit.jupiter.api.Test;

class HierarchySolverTest {

    /** Solves and checks the solution with the independent checker. */
    static Solution solved(HierarchyProblem p) {
        Solution s = HierarchySolver.solve(p);
        assertEquals(List.of(), SolutionChecker.check(p, s));
        assertEquals(s, HierarchySolver.solve(p), "deterministic");
        List<Constraint> reversed = new ArrayList<>(p.constraints());
        Collections.reverse(reversed);
        assertEquals(s, HierarchySolver.solve(new HierarchyProblem(p.phantoms(), reversed, p.known(), p.interfaceLike(),
                p.programClasses())), "independent of constraint order");
        return s;
    }

    static UnsatisfiableException unsat(HierarchyProblem p) {
        return assertThrows(UnsatisfiableException.class, () -> HierarchySolver.solve(p));
    }

    static List<String> conflict(UnsatisfiableException e) {
        return e.conflict().stream().map(Constraint::toString).toList();
    }

    // Figure 4.1 (rebuilt): known interfaces A -> {B, D} and C -> {E}; C must reach D and A must
    // reach E. D cannot reach E (E <: D), so B <: E is forced.
    private static World fig41() {
        return new World().itf("A", "B", "D").itf("C", "E");
    }

    @Test
    void figure41ForcesBtoE() {
        Solution s = solved(fig41().problem("B D E", "C <: D", "A <: E"));
        assertEquals(List.of("E"), s.phantoms().get("B").interfaces());
        assertEquals(List.of("D"), s.phantoms().get("E").interfaces());
        assertTrue(s.phantoms().values().stream().allMatch(PhantomShape::isInterface));
    }

    @Test
    void figure41WithEtoBIsUnsatisfiable() {
        UnsatisfiableException e = unsat(fig41().problem("B D E", "C <: D", "A <: E", "E <: B"));
        assertEquals(List.of("A <: E", "C <: D", "E <: B"), conflict(e));
        assertTrue(e.getMessage().startsWith("unsatisfiable: 3 conflicting constraints (A <: E, C <: D, E <: B)"),
                e.getMessage());
    }

    // Figure 4.4 (rebuilt): proj(A) = {C, E, H} through known F and G; B <: H, so H must not be chosen for A <: B.
    @Test
    void figure44AvoidsTheCycleThroughH() {
        World w = new World().itf("A", "C", "F").itf("F", "E", "G").itf("G", "H");
        Solution s = solved(w.problem("B C E H", "A <: B", "B <: H"));
        assertEquals(List.of("H"), s.phantoms().get("B").interfaces());
        assertEquals(List.of(), s.phantoms().get("H").interfaces());
        assertEquals(List.of("B"), s.phantoms().get("C").interfaces());
    }

    // Figure 4.5a (rebuilt): proj(A) = proj(B) = {E, F}; A <: C, B <: D, C <: F, D <: E.
    @Test
    void figure45aIsUnsatisfiable() {
        World w = new World().itf("A", "E", "F").itf("B", "E", "F");
        UnsatisfiableException e = unsat(w.problem("C D E F", "A <: C", "B <: D", "C <: F", "D <: E"));
        assertEquals(List.of("A <: C", "B <: D", "C <: F", "D <: E"), conflict(e));
    }

    // Figure 4.5b / 4.6: proj(A) = {C, D}, proj(B) = {E, F}; the solution of the text is
    // (H,D), (H,C), (G,C), (D,G) and (E,H) or (F,H); (H,C) is implied by H -> D -> G -> C.
    @Test
    void figure45bMatchesTheStratification() {
        World w = new World().itf("A", "C", "D").itf("B", "E", "F");
        Solution s = solved(w.problem("C D E F G H", "H <: D", "H <: C", "G <: C", "D <: G", "A <: G", "B <: H"));
        assertEquals(List.of(), s.phantoms().get("C").interfaces());
        assertEquals(List.of("G"), s.phantoms().get("D").interfaces());
        assertEquals(List.of("H"), s.phantoms().get("E").interfaces());
        assertEquals(List.of(), s.phantoms().get("F").interfaces());
        assertEquals(List.of("C"), s.phantoms().get("G").interfaces());
        assertEquals(List.of("D"), s.phantoms().get("H").interfaces());
    }

    // Figure 4.8 in spirit: a composite that needs the search (known classes extend phantoms)
    // and a choice between incomparable required ancestors.
    @Test
    void figure48CompositeNeedsSearch() {
        World w = new World().cls("F", "java/lang/Object").cls("X", "F").cls("M", "P").cls("N", "Q");
        Solution s = solved(w.problem("A G P Q", "M <: F", "N <: F", "M <: A", "N <: A", "A : class",
                "N <: G", "G <: X", "Q <: P"));
        // F is closed (no phantom above it), so A <: F; then A and G are ordered A <: G first
        assertEquals("P", s.phantoms().get("Q").superName());
        assertEquals("A", s.phantoms().get("P").superName());
        assertEquals("G", s.phantoms().get("A").superName());
        assertEquals("X", s.phantoms().get("G").superName());
        assertEquals(TypeKind.CLASS, s.phantoms().get("A").kind());
    }

    // Figure 4.9: Algorithm 4.2; F <: A is checked and dropped; components {G,H,I}, {J,K,L}, {M}.
    @Test
    void figure49Algorithm42() {
        World w = new World().cls("A", "java/lang/Object").cls("B", "A").cls("F", "A");
        Solution s = solved(w.problem("G H I J K L M", "F <: A", "I <: H", "H <: G", "G <: B", "I <: A",
                "K <: J", "J <: L", "L <: F", "K <: A", "M <: F", "M <: A"));
        assertEquals("B", s.phantoms().get("G").superName());
        assertEquals("G", s.phantoms().get("H").superName());
        assertEquals("H", s.phantoms().get("I").superName());
        assertEquals("F", s.phantoms().get("L").superName());
        assertEquals("L", s.phantoms().get("J").superName());
        assertEquals("J", s.phantoms().get("K").superName());
        assertEquals("F", s.phantoms().get("M").superName());
    }

    @Test
    void figure49UnrelatedKnownSupersAreUnsatisfiable() {
        World w = new World().cls("A", "java/lang/Object").cls("B", "A").cls("F", "A");
        UnsatisfiableException e = unsat(w.problem("G H", "G <: B", "H <: G", "H <: F"));
        assertEquals(List.of("G <: B", "H <: F", "H <: G"), conflict(e));
    }

    // The jruby listing of Section 4.6.
    @Test
    void jrubyListing() {
        String bsf = "org/apache/bsf/", ant = "org/apache/tools/ant/", osgi = "org/osgi/framework/";
        World w = new World()
                .cls("org/jruby/embed/bsf/JRubyEngine", bsf + "util/BSFEngineImpl")
                .cls("org/jruby/javasupport/bsf/JRubyEngine", bsf + "util/BSFEngineImpl")
                .cls("org/jruby/ant/RakeTaskBase", ant + "Task")
                .cls("org/jruby/ext/fiber/CoroutineFiber$1", "java/dyn/Coroutine");
        HierarchyProblem p = w.problem(String.join(" ", ant + "BuildException", ant + "Task", ant + "Project",
                        bsf + "util/BSFFunctions", bsf + "util/BSFEngineImpl", bsf + "BSFException", bsf + "BSFManager",
                        bsf + "BSFDeclaredBean", bsf + "BSFEngine", osgi + "Bundle", osgi + "BundleReference",
                        osgi + "FrameworkUtil", osgi + "BundleException", osgi + "BundleContext", "java/dyn/Coroutine",
                        "java/dyn/CoroutineBase"),
                ant + "BuildException : class", ant + "Task : class", bsf + "util/BSFFunctions : class",
                bsf + "util/BSFEngineImpl : class", bsf + "BSFManager : class", bsf + "BSFDeclaredBean : class",
                osgi + "Bundle : interface", osgi + "FrameworkUtil : class", osgi + "BundleContext : interface",
                "java/dyn/Coroutine : class",
                bsf + "BSFException <: java/lang/Throwable",
                ant + "BuildException <: java/lang/Throwable",
                osgi + "BundleException <: java/lang/Throwable",
                "org/jruby/embed/bsf/JRubyEngine <: " + bsf + "util/BSFEngineImpl",
                "org/jruby/embed/bsf/JRubyEngine <: " + bsf + "BSFEngine",
                "org/jruby/ant/RakeTaskBase <: " + ant + "Task",
                "org/jruby/javasupport/bsf/JRubyEngine <: " + bsf + "BSFEngine",
                "org/jruby/ext/fiber/CoroutineFiber$1 <: java/dyn/Coroutine",
                "org/jruby/javasupport/bsf/JRubyEngine <: " + bsf + "util/BSFEngineImpl");
        // BSFEngine's kind is left open: a class is consistent (BSFEngineImpl extends it), unless
        // the program's use of it is evidence for an interface
        assertEquals(TypeKind.CLASS, solved(p).phantoms().get(bsf + "BSFEngine").kind());
        p = new HierarchyProblem(p.phantoms(), p.constraints(), p.known(), new java.util.TreeSet<>(Set.of(bsf + "BSFEngine")));
        Solution s = solved(p);
        PhantomShape engine = s.phantoms().get(bsf + "BSFEngine");
        assertEquals(TypeKind.INTERFACE, engine.kind());
        assertEquals("kind left open: interface, as the program's uses say", engine.reason());
        PhantomShape bundleEx = s.phantoms().get(osgi + "BundleException");
        assertEquals(TypeKind.CLASS, bundleEx.kind());
        assertEquals("java/lang/Throwable", bundleEx.superName());
        assertTrue(bundleEx.reason().startsWith("must be a class: subtype of class java.lang.Throwable"), bundleEx.reason());
        PhantomShape impl = s.phantoms().get(bsf + "util/BSFEngineImpl");
        assertEquals("java/lang/Object", impl.superName());
        assertEquals(List.of(bsf + "BSFEngine"), impl.interfaces());
        assertEquals("java/lang/Object", s.phantoms().get(ant + "Task").superName());
        assertEquals("java/lang/Throwable", s.phantoms().get(bsf + "BSFException").superName());
        assertEquals(TypeKind.CLASS, s.phantoms().get("java/dyn/Coroutine").kind());
        assertEquals(TypeKind.INTERFACE, s.phantoms().get(osgi + "Bundle").kind());
        assertEquals(16, s.phantoms().size());
    }

    @Test
    void colourConflictIsMinimal() {
        UnsatisfiableException e = unsat(new World().problem("P Q R",
                "P : interface", "P <: Q", "Q <: java/lang/Exception", "R <: Q", "R : class"));
        assertEquals(List.of("P <: Q", "P must be an interface", "Q <: java.lang.Exception"), conflict(e));
        assertEquals("unsatisfiable: 3 conflicting constraints (P <: Q, P must be an interface, Q <: java.lang.Exception)",
                e.getMessage());
    }

    @Test
    void knownEdgesColourPhantoms() {
        World w = new World().cls("K", "P", "I").itf("J", "Q");
        // known types enter a problem through constraints (the extractor reports their supertypes)
        Solution s = solved(w.problem("I P Q", "K <: P", "J <: Q"));
        assertEquals(TypeKind.CLASS, s.phantoms().get("P").kind());
        assertEquals("must be a class: super class of K", s.phantoms().get("P").reason());
        assertEquals("must be an interface: implemented by K", s.phantoms().get("I").reason());
        assertEquals("must be an interface: extended by interface J", s.phantoms().get("Q").reason());
        UnsatisfiableException e = unsat(w.problem("I P Q", "K <: P", "P : interface"));
        assertEquals(List.of("K <: P", "P must be an interface"), conflict(e));
    }

    @Test
    void finalParentIsUnsatisfiable() {
        UnsatisfiableException e = unsat(new World().problem("P", "P <: java/lang/String"));
        assertEquals(List.of("P <: java.lang.String"), conflict(e));
        World w = new World().cls("K", "P");
        e = unsat(w.problem("P", "K <: java/lang/String"));
        assertEquals(List.of("K <: java.lang.String"), conflict(e));
    }

    @Test
    void finalClassIsSkippedForAKnownSubclass() {
        // P must be below String, but F (final) cannot have phantom subclasses; K -> P -> E works
        World w = new World().finalCls("F", "java/lang/Object").cls("E", "java/lang/Object").cls("K", "P");
        Solution s = solved(w.problem("P", "K <: E"));
        assertEquals("E", s.phantoms().get("P").superName());
        unsat(w.problem("P", "K <: E", "K <: F"));
    }

    @Test
    void sealedParents() {
        World w = new World().sealedCls("S", "java/lang/Object", "P");
        assertEquals("S", solved(w.problem("P Q", "P <: S")).phantoms().get("P").superName());
        UnsatisfiableException e = unsat(w.problem("P Q", "Q <: S"));
        assertEquals(List.of("Q <: S"), conflict(e));
        // Q cannot extend S directly but can through P (P must be said to be a class: an
        // undetermined phantom defaults to interface)
        Solution s = solved(w.problem("P Q", "Q <: S", "Q <: P", "P : class"));
        assertEquals("P", s.phantoms().get("Q").superName());
    }

    @Test
    void searchBoundHit() {
        World w = new World().cls("K", "P");
        HierarchyProblem p = w.problem("A B P", "A : class", "B : class", "K <: A", "K <: B");
        UnsatisfiableException e = assertThrows(UnsatisfiableException.class, () -> HierarchySolver.solve(p, 1));
        assertTrue(e.getMessage().contains("search bound of 1 steps was hit"), e.getMessage());
        assertFalse(e.conflict().isEmpty());
        Solution s = solved(p);
        assertEquals("B", s.phantoms().get("A").superName());
        assertEquals("A", s.phantoms().get("P").superName());
    }

    @Test
    void knownConstraints() {
        World w = new World().cls("A", "java/lang/Exception").cls("B", "java/lang/Object");
        solved(w.problem("", "A <: java/lang/Throwable", "A <: java/io/Serializable", "A : class", "B <: java/lang/Object"));
        assertEquals(List.of("A <: B"), conflict(unsat(w.problem("", "A <: B"))));
        assertEquals(List.of("java.io.Serializable must be a class"),
                conflict(unsat(w.problem("", "java/io/Serializable : class"))));
        // A known class that reaches a phantom interface can reach a known interface through it
        World v = new World().cls("C", "java/lang/Object", "I").itf("J");
        Solution s = solved(v.problem("I", "C <: J"));
        assertEquals(List.of("J"), s.phantoms().get("I").interfaces());
    }

    @Test
    void annotationsExtendAnnotation() {
        Solution s = solved(new World().problem("N", "N : annotation"));
        PhantomShape n = s.phantoms().get("N");
        assertEquals(TypeKind.ANNOTATION, n.kind());
        assertEquals(List.of("java/lang/annotation/Annotation"), n.interfaces());
        assertEquals("java/lang/Object", n.superName());
        PhantomShape c = solved(new World().problem("C", "C : concrete")).phantoms().get("C");
        assertEquals(TypeKind.CLASS, c.kind());
    }

    @Test
    void openKindsAreClassesWhereConsistent() {
        // K's super class chain is fixed and known (K reaches P through its phantom interface I):
        // P cannot be a class above K, Q can
        World w = new World().cls("B", "java/lang/Object").cls("K", "B", "I");
        Solution s = solved(w.problem("I P Q R", "K <: P", "R <: Q"));
        assertEquals(TypeKind.INTERFACE, s.phantoms().get("P").kind());
        assertEquals("defaults to interface", s.phantoms().get("P").reason());
        assertEquals(TypeKind.CLASS, s.phantoms().get("Q").kind());
        assertEquals("kind left open: class", s.phantoms().get("Q").reason());
        assertEquals("Q", s.phantoms().get("R").superName());
        // without K's constraint all three are classes
        s = solved(w.problem("P Q R", "R <: Q"));
        assertTrue(s.phantoms().values().stream().noneMatch(PhantomShape::isInterface), s.toString());
        // evidence keeps an open phantom an interface; a class below it still makes it a class
        HierarchyProblem p = w.problem("P Q", "Q : class", "Q <: P");
        s = solved(new HierarchyProblem(p.phantoms(), p.constraints(), p.known(), new java.util.TreeSet<>(Set.of("P", "Q"))));
        assertEquals(TypeKind.INTERFACE, s.phantoms().get("P").kind());
        assertEquals(TypeKind.CLASS, s.phantoms().get("Q").kind());
    }

    @Test
    void interfaceCarriersFollowNames() {
        // known C implements phantoms a/Alpha and b/x/Base and must reach known interface b/x/Face:
        // any carrier is sound; the one of Face's package is chosen over the first name, and a
        // simple name containing Face's wins over the package
        World w = new World().cls("C", "java/lang/Object", "a/Alpha", "b/x/Base").itf("b/x/Face");
        Solution s = solved(w.problem("a/Alpha b/x/Base", "C <: b/x/Face"));
        assertEquals(List.of("b/x/Face"), s.phantoms().get("b/x/Base").interfaces());
        assertEquals(List.of(), s.phantoms().get("a/Alpha").interfaces());
        w = new World().cls("C", "java/lang/Object", "a/x/Base", "b/FaceBase").itf("a/x/Face");
        s = solved(w.problem("a/x/Base b/FaceBase", "C <: a/x/Face"));
        assertEquals(List.of("a/x/Face"), s.phantoms().get("b/FaceBase").interfaces());
    }

    @Test
    void aCarrierGivesTheInterfaceToNoProgramClassThatDoesNotNeedIt() {
        // known C implements phantoms a/Alpha and a/Beta and must reach known a/Face; program class
        // D implements a/Alpha only and no constraint names it (so it is no node of the problem):
        // a/Alpha would make D a Face for nothing, so a/Beta carries it (before, the first name did,
        // as it still does when the program's classes are not given)
        World w = new World().cls("C", "java/lang/Object", "a/Alpha", "a/Beta").cls("D", "java/lang/Object", "a/Alpha")
                .itf("a/Face");
        HierarchyProblem p = w.problem("a/Alpha a/Beta", "C <: a/Face", "a/Alpha : interface", "a/Beta : interface");
        assertEquals(List.of("a/Face"), solved(p).phantoms().get("a/Alpha").interfaces());
        Solution s = solved(withProgram(p, "C", "D"));
        assertEquals(List.of(), s.phantoms().get("a/Alpha").interfaces());
        assertEquals(List.of("a/Face"), s.phantoms().get("a/Beta").interfaces());
        // D already a Face (through a known interface of its own): no cost, the first name again
        w.cls("D", "java/lang/Object", "a/Alpha", "a/SubFace").itf("a/SubFace", "a/Face");
        s = solved(withProgram(w.problem("a/Alpha a/Beta", "C <: a/Face", "a/Alpha : interface", "a/Beta : interface"),
                "C", "D"));
        assertEquals(List.of("a/Face"), s.phantoms().get("a/Alpha").interfaces());
        // D through a known class E that implements a/Alpha counts the same
        w = new World().cls("C", "java/lang/Object", "a/Alpha", "a/Beta").cls("E", "java/lang/Object", "a/Alpha")
                .cls("D", "E").itf("a/Face");
        s = solved(withProgram(w.problem("a/Alpha a/Beta", "C <: a/Face", "a/Alpha : interface", "a/Beta : interface"),
                "C", "D"));
        assertEquals(List.of("a/Face"), s.phantoms().get("a/Beta").interfaces());
    }

    @Test
    void aCarrierMayLieAboveTheInterfacesStratum() {
        // the AWS SDK's shape: model requests M1, M2 extend abstract S extends phantom class a/Req, implement
        // phantom u/ToCopy and must be c/Pojos; Q1, Q2 implement u/ToCopy and need nothing. The strata put
        // c/Pojo just above u/ToCopy, level with a/Req, so only u/ToCopy could carry it, giving it to Q1 and Q2;
        // a/Req gives it to S alone, and the hierarchy stays acyclic with it
        World w = new World().cls("S", "a/Req").cls("M1", "S", "u/ToCopy").cls("M2", "S", "u/ToCopy")
                .cls("Q1", "java/lang/Object", "u/ToCopy").cls("Q2", "java/lang/Object", "u/ToCopy");
        HierarchyProblem p = withProgram(w.problem("a/Req c/Pojo u/ToCopy", "M1 <: c/Pojo", "M2 <: c/Pojo", "a/Req : class",
                "c/Pojo : interface", "u/ToCopy : interface"), "M1", "M2", "Q1", "Q2", "S");
        Solution s = solved(p);
        assertEquals(List.of("c/Pojo"), s.phantoms().get("a/Req").interfaces());
        assertEquals(List.of(), s.phantoms().get("u/ToCopy").interfaces());
        // a carrier the interface already lies below is skipped: c/Pojo <: a/Base, a phantom interface of a/Req
        w.cls("S", "a/Req", "a/Base");
        s = solved(withProgram(w.problem("a/Req a/Base c/Pojo u/ToCopy", "M1 <: c/Pojo", "M2 <: c/Pojo", "c/Pojo <: a/Base",
                "a/Req : class", "u/ToCopy : interface"), "M1", "M2", "Q1", "Q2", "S"));
        assertEquals(List.of("a/Base"), s.phantoms().get("c/Pojo").interfaces());
    }

    @Test
    void whenThePreferredCarriersLeaveAConstraintNoneTheStrataDecide() {
        // known A extends phantoms p/FaceImpl and p/Other and must reach p/Face; known B extends p/Face and must
        // reach p/FaceImpl. In turn, A's constraint takes p/FaceImpl (named after p/Face), and then B's only
        // candidate, p/Face, lies below it: a cycle. Algorithm 4.1's strata (p/FaceImpl above p/Face) decide instead
        World w = new World().itf("A", "p/FaceImpl", "p/Other").itf("B", "p/Face");
        Solution s = solved(w.problem("p/Face p/FaceImpl p/Other", "A <: p/Face", "B <: p/FaceImpl"));
        assertEquals(List.of("p/Face"), s.phantoms().get("p/Other").interfaces());
        assertEquals(List.of("p/FaceImpl"), s.phantoms().get("p/Face").interfaces());
        assertEquals(List.of(), s.phantoms().get("p/FaceImpl").interfaces());
    }

    @Test
    void freeOrdersFollowPackagesThenNames() {
        // both phantoms must lie above o/web/method/support/InvocableHandlerMethod, in either order: the one of the
        // nearer package is lower (before, the first name was: AnnotatedMethod below HandlerMethod)
        World w = new World().cls("o/web/servlet/ServletInvocable", "o/web/method/support/InvocableHandlerMethod");
        Solution s = solved(w.problem("o/web/method/support/InvocableHandlerMethod o/web/method/HandlerMethod "
                + "o/core/annotation/AnnotatedMethod", "o/web/servlet/ServletInvocable <: o/web/method/HandlerMethod",
                "o/web/servlet/ServletInvocable <: o/core/annotation/AnnotatedMethod", "o/web/method/HandlerMethod : class",
                "o/core/annotation/AnnotatedMethod : class"));
        assertEquals("o/web/method/HandlerMethod", s.phantoms().get("o/web/method/support/InvocableHandlerMethod").superName());
        assertEquals("o/core/annotation/AnnotatedMethod", s.phantoms().get("o/web/method/HandlerMethod").superName());
        // one package: the name holding the other's words is lower (before, the first name: SdkException)
        w = new World().cls("q/SqsException", "a/AwsServiceException");
        s = solved(w.problem("a/AwsServiceException c/SdkException c/SdkServiceException", "q/SqsException <: c/SdkException",
                "q/SqsException <: c/SdkServiceException", "c/SdkException : class", "c/SdkServiceException : class"));
        assertEquals("c/SdkException", s.phantoms().get("c/SdkServiceException").superName());
        assertEquals("c/SdkServiceException", s.phantoms().get("a/AwsServiceException").superName());
        // neither decides: the first name is lower, as before
        s = solved(w.problem("a/AwsServiceException c/Beta c/Alpha", "q/SqsException <: c/Beta", "q/SqsException <: c/Alpha",
                "c/Alpha : class", "c/Beta : class"));
        assertEquals("c/Beta", s.phantoms().get("c/Alpha").superName());
    }

    private static HierarchyProblem withProgram(HierarchyProblem p, String... programClasses) {
        return new HierarchyProblem(p.phantoms(), p.constraints(), p.known(), p.interfaceLike(),
                new java.util.TreeSet<>(List.of(programClasses)));
    }

    @Test
    void aConstraintThatAPhantomsOwnConstraintSatisfiesGetsNoCarrier() {
        // known C implements phantoms a/Dump and b/Task and must reach known R; b/Task must reach R
        // by its own constraint, so C already does: neither phantom is given R for C's sake (before,
        // the first name, a/Dump, was)
        World w = new World().cls("C", "java/lang/Object", "a/Dump", "b/Task").itf("R");
        Solution s = solved(w.problem("a/Dump b/Task", "C <: R", "b/Task <: R", "a/Dump : interface"));
        assertEquals(List.of(), s.phantoms().get("a/Dump").interfaces());
        assertEquals(List.of("R"), s.phantoms().get("b/Task").interfaces());
        // the same through a chain of phantoms: b/Task <: b/Base by its own constraint, b/Base <: R
        s = solved(w.problem("a/Dump b/Task b/Base", "C <: R", "b/Task <: b/Base", "b/Base <: R", "a/Dump : interface",
                "b/Base : interface"));
        assertEquals(List.of(), s.phantoms().get("a/Dump").interfaces());
        assertEquals(List.of("b/Base"), s.phantoms().get("b/Task").interfaces());
        // without b/Task's own constraint a carrier is still chosen
        s = solved(w.problem("a/Dump b/Task", "C <: R", "a/Dump : interface", "b/Task : interface"));
        assertEquals(List.of("R"), s.phantoms().get("a/Dump").interfaces());
        // a carrier named after the target is kept all the same (spring's HierarchicalBeanFactory)
        w = new World().cls("C", "java/lang/Object", "a/Dump", "b/Task", "c/NamedFace").itf("q/Face");
        s = solved(w.problem("a/Dump b/Task c/NamedFace", "C <: q/Face", "b/Task <: q/Face", "a/Dump : interface",
                "c/NamedFace : interface"));
        assertEquals(List.of(), s.phantoms().get("a/Dump").interfaces());
        assertEquals(List.of("q/Face"), s.phantoms().get("b/Task").interfaces());
        assertEquals(List.of("q/Face"), s.phantoms().get("c/NamedFace").interfaces());
    }

    @Test
    void redundantInterfacesAreDropped() {
        Solution s = solved(new World().problem("I J P", "P : class", "I : interface", "P <: I", "P <: J", "I <: J"));
        assertEquals(List.of("I"), s.phantoms().get("P").interfaces());
        assertEquals(List.of("J"), s.phantoms().get("I").interfaces());
    }

    @Test
    void callerErrors() {
        assertThrows(IllegalArgumentException.class, () -> HierarchySolver.solve(new World().problem("P", "P <: Nowhere")));
        assertThrows(IllegalArgumentException.class,
                () -> HierarchySolver.solve(new World().problem("java/lang/String")));
        assertThrows(IllegalArgumentException.class, () -> HierarchySolver.solve(new World().problem("P"), 0));
    }

    /** An interface that must be a subtype of a class is unsatisfiable. */
    @Test
    void anInterfaceBelowAClassIsUnsatisfiable() {
        World w = new World().cls("K", "P");
        UnsatisfiableException e = unsat(w.problem("P I", "I: interface", "P: class", "I <: P"));
        assertTrue(e.getMessage().contains("unsatisfiable"), e.getMessage());
    }
}
