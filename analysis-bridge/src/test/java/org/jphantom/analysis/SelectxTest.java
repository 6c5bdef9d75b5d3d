package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Selection;
import org.jphantom.analysis.pta.context.SelectxRules;
import org.jphantom.analysis.pta.heap.HeapFactory;
import org.jphantom.analysis.pta.heap.HeapOptions;
import org.jphantom.analysis.pta.selectx.Selectx;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Selective k-call-site sensitivity (seed 004): the nodes Selectx selects on the paper's
 * examples, the in-source expectations of those examples under every call-site selector (s-kcfa
 * as precise as kcfa on Figs. 1 and 3 and the wrapper, and Fig. 7's documented loss), and on
 * the fixtures of {@link #BETWEEN}: s-kcfa's facts between ci's and kcfa's, with kcfa's reachable methods.
 */
@ResourceLock(PtaFixtures.FEATURE_INPUTS)
class SelectxTest {
    static final List<String> EXAMPLES = List.of("fig1", "fig3", "fig7", "wrap", "shared", "nullarg", "typed",
            "rethrow", "stored");
    static final List<String> CONTEXTS = List.of("ci", "1cfa", "2cfa", "3cfa", "s-1cfa", "s-2cfa", "s-3cfa",
            "s-1cfa-full", "s-2cfa-full", "s-3cfa-full");

    private AnalysisResult analyze(String fixture, String context) throws IOException {
        AnalysisRequest r = AnalysisRequest.of(List.of(PtaFixtures.classes(fixture))).withMains(List.of(fixture + ".Main"))
                .withContext(context);
        if (context.equals("ci")) { // the same heap as the context-sensitive runs, so objects compare
            r = r.withHeap(HeapFactory.allocationSites(HeapOptions.sensitive()));
        }
        return PtaFixtures.run(r);
    }

    private Selection select(String fixture) throws IOException {
        AnalysisResult ci = analyze(fixture, "ci");
        return Selectx.select(ci.solver(), 0);
    }

    private static JMethod method(AnalysisResult r, String cls, String name) {
        Program p = r.program();
        for (int i = 0; i < r.solver().callGraph().reachableMethods().size(); i++) {
            JMethod m = p.method(r.solver().callGraph().reachableMethods().get(i));
            if (p.typeName(m.declaringType()).equals(cls) && m.name().equals(name)) {
                return m;
            }
        }
        throw new AssertionError(cls + "." + name + " not reachable");
    }

    /** The variables and allocation statements of {@code m} that {@code s} selects, as "v0 v2 new@5". */
    private static Set<String> selected(AnalysisResult r, Selection s, JMethod m) {
        Set<String> out = new TreeSet<>();
        MethodIR ir = r.solver().ir(m);
        for (int v = 0; v < ir.varCount; v++) {
            if (s.variable(m, v)) {
                out.add(v == ir.thisVar ? "this" : "v" + v);
            }
        }
        for (int i = 0; i < ir.stmts.length; i++) {
            if (s.object(m, i)) {
                out.add("new@L" + ir.stmts[i].line);
            }
        }
        return out;
    }

    @Test
    void fig1SelectsOnlyTheParameterOfM() throws IOException {
        AnalysisResult ci = analyze("fig1", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        JMethod m = method(ci, "fig1/Main", "m");
        JMethod main = method(ci, "fig1/Main", "main");
        assertEquals(Set.of("v" + ci.solver().ir(m).paramVars[0]), selected(ci, s, m));
        assertTrue(s.method(m));
        assertEquals(Set.of(), selected(ci, s, main));
        assertFalse(s.method(main));
        assertEquals(1, s.figures().get("selectedMethods"), "fig1: only m has a selected node");
    }

    @Test
    void fig3SelectsTheParameterTheFieldBaseAndTheAllocation() throws IOException {
        AnalysisResult ci = analyze("fig3", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        JMethod id = method(ci, "fig3/Main", "id");
        Set<String> sel = selected(ci, s, id);
        assertTrue(sel.contains("v" + ci.solver().ir(id).paramVars[0]), "n: " + sel);
        assertTrue(sel.contains("new@L16"), "o3: " + sel);
        assertEquals(Set.of(), selected(ci, s, method(ci, "fig3/Main", "main")));
    }

    @Test
    void fig7LeavesTheWrappersReceiverInsensitive() throws IOException {
        AnalysisResult ci = analyze("fig7", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        JMethod foo = method(ci, "fig7/Main$A", "foo");
        assertEquals(Set.of(), selected(ci, s, foo), "foo's this and s need no context by Eq. 18");
        assertFalse(s.method(foo));
    }

    @Test
    void fullRulesSelectFig7sDispatchingReceiverAndItsArgument() throws IOException {
        AnalysisResult ci = analyze("fig7", "ci");
        Selection s = Selectx.select(ci.solver(), 0, 0, SelectxRules.FULL);
        JMethod foo = method(ci, "fig7/Main$A", "foo");
        assertEquals(Set.of("this", "v" + ci.solver().ir(foo).paramVars[0]), selected(ci, s, foo));
        assertTrue(s.method(foo));
        assertEquals(2, s.figures().get("dispatchVariables"), "this and s, which Eq. 18 leaves out");
        assertEquals(Set.of(), selected(ci, s, method(ci, "fig7/Main$B", "bar")), "q reaches no exit");
    }

    @Test
    void fullRulesSelectWhatIsStoredThroughAParameterWhateverTheObjectHolds() throws IOException {
        AnalysisResult ci = analyze("stored", "ci");
        JMethod init = method(ci, "stored/Main", "init");
        String h = "v" + ci.solver().ir(init).paramVars[0];
        Set<String> full = selected(ci, Selectx.select(ci.solver(), 0, 0, SelectxRules.FULL), init);
        assertTrue(full.contains(h) && full.contains("new@L29"), "the inverse store edge: h and the cell: " + full);
        assertTrue(full.contains("new@L30"), "L_R turns at a Bits too, which holds only an int[]: " + full);
        assertTrue(full.contains("new@L31"), "and at the int[]: " + full);
        Set<String> lean = selected(ci, Selectx.select(ci.solver(), 0), init);
        assertFalse(lean.contains("new@L29") || lean.contains(h), "no inverse edge, nothing to select: " + lean);
    }

    @Test
    void wrapperSelectsThroughSummaryEdges() throws IOException {
        AnalysisResult ci = analyze("wrap", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        JMethod wrap = method(ci, "wrap/Main", "wrap");
        assertTrue(selected(ci, s, wrap).contains("v" + ci.solver().ir(wrap).paramVars[0]));
        JMethod set = method(ci, "wrap/Main$Box", "set");
        assertTrue(selected(ci, s, set).contains("this"), "the base of the store reaches set's caller");
        assertTrue(selected(ci, s, method(ci, "wrap/Main", "box")).contains("new@L33"));
    }

    /**
     * G_R has no exception edges (seed 004's setup), so a parameter that is only thrown, or only
     * passed to a method that throws it, needs no context by the rules and is not selected,
     * although kcfa keeps the throws of different calls apart (the fixture's expectations).
     */
    @Test
    void thrownParametersAreNotSelected() throws IOException {
        AnalysisResult ci = analyze("rethrow", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        for (String name : List.of("raise", "relay", "relayCaught")) {
            JMethod m = method(ci, "rethrow/Main", name);
            assertEquals(Set.of(), selected(ci, s, m), name);
        }
    }

    @Test
    void eq18LeavesAParameterNoObjectReachesInsensitive() throws IOException {
        AnalysisResult ci = analyze("nullarg", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        assertEquals(Set.of(), selected(ci, s, method(ci, "nullarg/Main", "id")), "only null reaches id's parameter");
        JMethod keep = method(ci, "nullarg/Main", "keep");
        assertEquals(Set.of("v" + ci.solver().ir(keep).paramVars[0]), selected(ci, s, keep));
        assertTrue((int) s.figures().get("entriesNoObjectReaches") >= 2, "the two entries of id carry no object");
    }

    /**
     * The loadable constants among the allocations (the fixture's string literals) are counted apart,
     * and the share of objects selected without them is the share of the other allocations.
     */
    private static final Set<New.Kind> CONSTANT_KINDS = Set.of(New.Kind.STRING, New.Kind.CLASS_CONSTANT,
            New.Kind.METHOD_TYPE, New.Kind.METHOD_HANDLE, New.Kind.CONSTANT);

    @Test
    void constantObjectsAreCountedApart() throws IOException {
        AnalysisResult ci = analyze("nullarg", "ci");
        Selection s = Selectx.select(ci.solver(), 0);
        Program p = ci.program();
        int constants = 0;
        int selectedConstants = 0;
        for (int i = 0; i < ci.solver().callGraph().reachableMethods().size(); i++) {
            JMethod m = p.method(ci.solver().callGraph().reachableMethods().get(i));
            for (Stmt st : ci.solver().ir(m).stmts) {
                if (st instanceof New n && n.lhs >= 0 && CONSTANT_KINDS.contains(n.what)) {
                    constants++;
                    selectedConstants += s.object(m, st.index) ? 1 : 0;
                }
            }
        }
        assertTrue(constants >= 2, "the fixture's string literals: " + constants);
        Map<String, Object> f = s.figures();
        assertEquals(constants, f.get("constantObjects"));
        assertEquals(selectedConstants, f.get("selectedConstantObjects"));
        int others = (int) f.get("objects") - constants;
        int selectedOthers = (int) f.get("selectedObjects") - selectedConstants;
        assertTrue(others >= 2, "o1 and o2: " + others);
        assertEquals(Math.round(10000.0 * selectedOthers / others) / 100.0, f.get("selectedObjectsWithoutConstantsPercent"));
    }

    /**
     * In a method analysed under several contexts, a variable Selectx leaves out has one pointer
     * shared by all of them (so one points-to set), a selected one a pointer per context; the
     * call through the shared variable is bound once, not once per context.
     */
    @Test
    void anUnselectedVariableIsOnePointerAcrossTheContextsOfItsMethod() throws IOException {
        AnalysisResult r = analyze("shared", "s-2cfa");
        JMethod m = method(r, "shared/Main", "remember");
        MethodIR ir = r.solver().ir(m);
        int b = -1;
        for (org.jphantom.analysis.ir.Stmt st : ir.stmts) {
            if (st.kind == org.jphantom.analysis.ir.Stmt.STORE_FIELD) {
                b = ((org.jphantom.analysis.ir.FieldAccess) st).base;
            }
        }
        int x = ir.paramVars[0];
        Set<Integer> bPointers = new TreeSet<>();
        Set<Integer> xPointers = new TreeSet<>();
        Set<Set<Integer>> bSets = new java.util.HashSet<>();
        int contexts = 0;
        var cs = r.solver().cs();
        for (int csm = 0; csm < cs.csMethodCount(); csm++) {
            if (cs.methodOf(csm) != m || !r.solver().callGraph().isReachableCs(csm)) {
                continue;
            }
            contexts++;
            int pb = cs.findVarPointer(csm, b);
            bPointers.add(pb);
            xPointers.add(cs.findVarPointer(csm, x));
            Set<Integer> pts = new TreeSet<>();
            for (int o : r.solver().pointsTo(pb).toSortedArray()) {
                pts.add(o);
            }
            bSets.add(pts);
        }
        assertEquals(2, contexts, "remember is analysed under its two call sites");
        assertEquals(1, bPointers.size(), "b: one pointer in both contexts");
        assertEquals(1, bSets.size(), "b: one points-to set in both contexts");
        assertEquals(2, xPointers.size(), "x (selected): a pointer per context");
        JMethod peek = method(r, "shared/Main$Box", "peek");
        int peekContexts = 0;
        for (int csm = 0; csm < cs.csMethodCount(); csm++) {
            if (cs.methodOf(csm) == peek && r.solver().callGraph().isReachableCs(csm)) {
                peekContexts++;
            }
        }
        assertEquals(2, peekContexts, "peek (selected: its this reaches its return) keeps a context per caller context");
    }

    @TestFactory
    Stream<DynamicTest> examplesUnderEverySelector() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String f : EXAMPLES) {
            for (String c : CONTEXTS) {
                tests.add(DynamicTest.dynamicTest(f + " " + c, () -> checkExpectations(f, c)));
            }
        }
        return tests.stream();
    }

    private void checkExpectations(String fixture, String context) throws IOException {
        AnalysisResult r = analyze(fixture, context);
        List<PtaFixtures.Expectation> exp = PtaFixtures.expectations(r, fixture);
        assertFalse(exp.isEmpty());
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (PtaFixtures.Expectation e : exp) {
            expected.append(e.where()).append(": ").append(e.expected()).append('\n');
            actual.append(e.where()).append(": ").append(e.actual()).append('\n');
        }
        assertEquals(expected.toString(), actual.toString(), fixture + " under " + context);
        if (context.startsWith("s-")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> pre = (Map<String, Object>) r.stats().get("preAnalysis");
            assertTrue(pre != null && (int) pre.get("graphNodes") > 0, "stats.json has the pre-analysis figures");
        }
    }

    /**
     * The fixtures whose 2cfa stays small: the others (natives, lambdas, exceptions, class
     * initialisation, ...) reach enough of the JDK to make 2cfa cost minutes and gigabytes.
     */
    static final List<String> BETWEEN = List.of("fig1", "fig3", "fig7", "wrap", "shared", "nullarg", "typed", "rethrow", "stored", "objsens",
            "alloc", "assign", "fields", "casts", "dispatch", "arrays", "statics");

    /** s-kcfa (both rule sets) lies between ci and kcfa on the fixtures of {@link #BETWEEN}, and reaches what kcfa reaches. */
    @TestFactory
    Stream<DynamicTest> betweenCiAndKcfa() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String f : BETWEEN) {
            tests.add(DynamicTest.dynamicTest(f, () -> between(f, 2, "")));
            tests.add(DynamicTest.dynamicTest(f + " full", () -> between(f, 2, "-full")));
        }
        return tests.stream();
    }

    @Test
    void oneAndThreeCallSitesOnTheWrapper() throws IOException {
        between("wrap", 1, "");
        between("wrap", 3, "");
        between("wrap", 1, "-full");
        between("wrap", 3, "-full");
    }

    private void between(String fixture, int k, String rules) throws IOException {
        AnalysisResult ci = analyze(fixture, "ci");
        AnalysisResult full = analyze(fixture, k + "cfa");
        AnalysisResult sel = analyze(fixture, "s-" + k + "cfa" + rules);
        assertEquals(full.reachableMethods(), sel.reachableMethods(), fixture + ": reachable methods");
        assertTrue(new TreeSet<>(ci.callEdges()).containsAll(sel.callEdges()), fixture + ": call edges within ci's");
        assertTrue(new TreeSet<>(sel.callEdges()).containsAll(full.callEdges()), fixture + ": call edges cover kcfa's");
        Map<String, Set<String>> pci = pointsTo(ci);
        Map<String, Set<String>> pfull = pointsTo(full);
        Map<String, Set<String>> psel = pointsTo(sel);
        for (Map.Entry<String, Set<String>> e : psel.entrySet()) {
            assertTrue(pci.getOrDefault(e.getKey(), Set.of()).containsAll(e.getValue()),
                    fixture + ": " + e.getKey() + " within ci's " + pci.get(e.getKey()) + ": " + e.getValue());
        }
        for (Map.Entry<String, Set<String>> e : pfull.entrySet()) {
            assertTrue(psel.getOrDefault(e.getKey(), Set.of()).containsAll(e.getValue()),
                    fixture + ": " + e.getKey() + " covers kcfa's " + e.getValue() + ": " + psel.get(e.getKey()));
        }
        assertTrue((int) sel.stats().get("mayFailCasts") <= (int) ci.stats().get("mayFailCasts"));
        assertTrue((int) sel.stats().get("mayFailCasts") >= (int) full.stats().get("mayFailCasts"));
    }

    private static Map<String, Set<String>> pointsTo(AnalysisResult r) {
        Map<String, Set<String>> out = new HashMap<>();
        for (String line : r.applicationPointsTo()) {
            int arrow = line.indexOf(" -> [");
            String objs = line.substring(arrow + 5, line.length() - 1);
            out.put(line.substring(0, arrow), new TreeSet<>(List.of(objs.split(", "))));
        }
        return out;
    }
}
