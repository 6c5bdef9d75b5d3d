package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.ContextSelector;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.context.SelectorFactory;
import org.jphantom.analysis.pta.context.Selectors;
import org.jphantom.analysis.pta.heap.HeapFactory;
import org.jphantom.analysis.pta.heap.HeapOptions;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.CallBinding;
import org.jphantom.analysis.pta.solver.Solver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/**
 * The solver as an embedding tool or a plugin sees it: several analyses over one input, a selector
 * that decides per variable, heap options, explicit call edges and statements added by a plugin.
 */
class SolverApiTest {
    @TempDir
    Path tmp;

    /** Everything a result reports, time, memory and the program model's size left out. */
    private static Map<String, Object> facts(AnalysisResult r) {
        Map<String, Object> f = new LinkedHashMap<>(r.stats());
        f.remove("timeMs");
        f.remove("mainTimeMs");
        f.remove("mainCpuMs");
        f.remove("loadTimeMs");
        f.remove("peakHeapMB");
        f.remove("peakRssMB");
        f.remove("types"); // types the shared program model met, in any analysis so far
        if (f.get("stringColouring") instanceof Map<?, ?> colouring) {
            Map<Object, Object> untimed = new LinkedHashMap<>(colouring);
            untimed.remove("originMillis");
            f.put("stringColouring", untimed);
        }
        f.put("reachable", r.reachableMethods());
        f.put("edges", r.callEdges());
        f.put("pointsTo", r.applicationPointsTo());
        return f;
    }

    @Test
    void analysesSharingOneInputGiveTheResultsOfSeparateRuns() throws IOException {
        for (String fixture : List.of("objsens", "lambdas", "dispatch")) {
            Path classes = PtaFixtures.compile(fixture, Files.createDirectories(tmp.resolve(fixture)));
            AnalysisRequest base = AnalysisRequest.of(List.of(classes)).withMains(List.of(fixture + ".Main"));
            List<String> contexts = List.of("ci", "1cfa", "2obj", "ci", "2type");
            List<Map<String, Object>> shared = new ArrayList<>();
            try (AnalysisInput input = AnalysisInput.open(base)) {
                for (String c : contexts) {
                    shared.add(facts(Analysis.run(input, base.withContext(c))));
                }
            }
            for (int i = 0; i < contexts.size(); i++) {
                Map<String, Object> alone = facts(Analysis.run(base.withContext(contexts.get(i))));
                assertEquals(alone, shared.get(i), fixture + " under " + contexts.get(i) + " (run " + i + ")");
            }
            assertEquals(shared.get(0), shared.get(3), fixture + ": ci before and after other analyses");
        }
    }

    /**
     * 1-call-site sensitivity for methods, but every variable and object in the empty context:
     * each variable's pointer is shared by all contexts of its method, so points-to sets and the
     * (context-insensitive) call graph are exactly those of the context-insensitive analysis.
     */
    @Test
    void variablesKeptInsensitiveBySelectorShareOnePointerAcrossContexts() throws IOException {
        SelectorFactory methodsOnly = SelectorFactory.of("1cfa-vars-ci", (contexts, info) -> {
            ContextSelector cfa = Selectors.callSite(1).create(contexts, info);
            return new ContextSelector() {
                @Override
                public int staticCall(int callerCtx, int callSite, JMethod callee) {
                    return cfa.staticCall(callerCtx, callSite, callee);
                }

                @Override
                public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
                    return cfa.instanceCall(callerCtx, callSite, receiver, callee);
                }

                @Override
                public int heapContext(int methodCtx, JMethod method, int site) {
                    return Contexts.EMPTY;
                }

                @Override
                public int variableContext(int methodCtx, JMethod method, int var) {
                    return Contexts.EMPTY;
                }

                @Override
                public boolean selectsVariables() {
                    return true;
                }

                @Override
                public String name() {
                    return "1cfa-vars-ci";
                }
            };
        });
        for (String fixture : List.of("fields", "dispatch", "objsens", "fig1", "lambdas", "exceptions")) {
            Path classes = PtaFixtures.compile(fixture, Files.createDirectories(tmp.resolve(fixture)));
            AnalysisRequest ci = AnalysisRequest.of(List.of(classes)).withMains(List.of(fixture + ".Main"));
            AnalysisRequest selective = ci.withSelector(methodsOnly);
            AnalysisResult a = Analysis.run(ci);
            AnalysisResult b = Analysis.run(selective);
            assertEquals(a.applicationPointsTo(), b.applicationPointsTo(), fixture);
            assertEquals(a.callEdges(), b.callEdges(), fixture);
            assertEquals(a.reachableMethods(), b.reachableMethods(), fixture);
            assertTrue((int) b.stats().get("csMethods") > (int) a.stats().get("csMethods"),
                    fixture + ": methods got contexts");
        }
    }

    /**
     * A call-site-sensitive selector declares that its callee contexts do not depend on the
     * receiver, and the solver then binds each target once per run of receivers: the results must
     * be exactly those of the same selector asked once per receiver.
     */
    @Test
    void bindingOncePerTargetGivesWhatBindingPerReceiverGives() throws IOException {
        for (SelectorFactory selector : List.of(Selectors.insensitive(), Selectors.callSite(1), Selectors.callSite(2))) {
            String name = selector.name();
            SelectorFactory perReceiver = SelectorFactory.of(name + "-per-receiver",
                    (contexts, info) -> new PerReceiver(selector.create(contexts, info)));
            assertFalse(selector.create(new Contexts(), null).dependsOnReceiver(), name);
            for (String fixture : List.of("dispatch", "objsens", "fig1", "fig7", "lambdas", "fields", "exceptions")) {
                Path classes = PtaFixtures.compile(fixture, Files.createDirectories(tmp.resolve(name + fixture)));
                AnalysisRequest base = AnalysisRequest.of(List.of(classes)).withMains(List.of(fixture + ".Main"));
                Map<String, Object> once = facts(Analysis.run(base.withSelector(selector)));
                Map<String, Object> each = facts(Analysis.run(base.withSelector(perReceiver)));
                assertEquals(each, once, fixture + " under " + name);
            }
        }
    }

    /** A selector that delegates everything but declares its callee contexts receiver-dependent. */
    private record PerReceiver(ContextSelector delegate) implements ContextSelector {
        @Override
        public int staticCall(int callerCtx, int callSite, JMethod callee) {
            return delegate.staticCall(callerCtx, callSite, callee);
        }

        @Override
        public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
            return delegate.instanceCall(callerCtx, callSite, receiver, callee);
        }

        @Override
        public int heapContext(int methodCtx, JMethod method, int site) {
            return delegate.heapContext(methodCtx, method, site);
        }

        @Override
        public int heapContext(int methodCtx, JMethod method, int site, int stmt) {
            return delegate.heapContext(methodCtx, method, site, stmt);
        }

        @Override
        public int variableContext(int methodCtx, JMethod method, int var) {
            return delegate.variableContext(methodCtx, method, var);
        }

        @Override
        public boolean selectsVariables() {
            return delegate.selectsVariables();
        }

        @Override
        public boolean separatesContainers() {
            return delegate.separatesContainers();
        }

        @Override
        public String name() {
            return delegate.name();
        }
    }

    @Test
    void heapCanKeepStringConstantsApartUnderContextSensitivityAndSaysWhichConstantAnObjectIs()
            throws IOException {
        Path classes = PtaFixtures.compile("alloc", Files.createDirectories(tmp.resolve("alloc")));
        AnalysisRequest merged = AnalysisRequest.of(List.of(classes)).withMains(List.of("alloc.Main"))
                .withReflectionOptions(PointsToFixtureTest.READABLE_STRINGS)
                .withContext("1cfa");
        AnalysisResult m = Analysis.run(merged);
        AnalysisResult apart = Analysis.run(merged.withHeap(HeapFactory.allocationSites(
                HeapOptions.sensitive().withMergeStringConstants(false))));
        List<String> constantsMerged = new ArrayList<>();
        List<String> constantsApart = new ArrayList<>();
        for (int o = 0; o < m.heap().count(); o++) {
            if (m.heap().stringConstant(o) != null) {
                constantsMerged.add(m.heap().stringConstant(o));
            }
        }
        for (int o = 0; o < apart.heap().count(); o++) {
            String s = apart.heap().stringConstant(o);
            if (s != null) {
                constantsApart.add(s);
                assertTrue(apart.heap().describe(o).startsWith("\""), apart.heap().describe(o));
            }
            String c = apart.heap().classConstant(o);
            if (c != null) {
                assertEquals("class " + org.jphantom.analysis.lang.Signatures.javaName(c), apart.heap().describe(o));
            }
        }
        assertTrue(constantsMerged.isEmpty(), constantsMerged::toString);
        assertFalse(constantsApart.isEmpty());
    }

    /**
     * A plugin binds each call of {@code hook} to {@code target} with explicit pointers (objects
     * filtered by the parameter type) and adds {@code p.hashCode()} to {@code sink}, as reflection
     * and method-handle models do.
     */
    @Test
    void pluginsAddCallEdgesWithExplicitPointersAndStatements() throws IOException {
        Path classes = PtaFixtures.compile("plugins", Files.createDirectories(tmp.resolve("plugins")));
        AnalysisRequest plain = AnalysisRequest.of(List.of(classes)).withMains(List.of("plugins.Main"));
        Supplier<Plugin> model = BindingPlugin::new;
        AnalysisResult r = Analysis.run(plain.withPlugins(List.of(model)));
        for (PtaFixtures.Expectation e : PtaFixtures.expectations(r, "plugins")) {
            assertEquals(e.expected(), e.actual(), e.where());
        }
        List<String> edges = PtaFixtures.applicationEdges(r, "plugins");
        assertTrue(edges.contains("<plugins.Main: void main(java.lang.String[])>/2 -> "
                + "<plugins.Main: java.lang.Object target(plugins.Main$A)>"), edges::toString);
        assertTrue(edges.contains("<plugins.Main: void sink(java.lang.Object)>/0 -> <plugins.Main$A: int hashCode()>"),
                edges::toString);
        assertTrue(edges.contains("<plugins.Main: void sink(java.lang.Object)>/0 -> <plugins.Main$B: int hashCode()>"),
                edges::toString);

        AnalysisResult without = Analysis.run(plain);
        for (PtaFixtures.Expectation e : PtaFixtures.expectations(without, "plugins")) {
            assertEquals("", e.actual(), e.where());
        }
        assertFalse(without.callEdges().stream().anyMatch(e -> e.contains("hashCode")), "no plugin, no hashCode");
    }

    private static final class BindingPlugin implements Plugin {
        private Solver solver;

        @Override
        public void setSolver(Solver solver) {
            this.solver = solver;
        }

        @Override
        public void onNewMethod(JMethod m) {
            if (m.name().equals("sink")) {
                int p = solver.ir(m).paramVars[0];
                solver.addStatements(m, List.<Stmt>of(new Invoke(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode",
                        "()I", false, p, new int[0], -1, -1, 0, 0)));
            }
        }

        @Override
        public void onNewCallEdge(int callSite, int callerCsMethod, int calleeCsMethod) {
            if (!solver.methodOf(calleeCsMethod).name().equals("hook")) {
                return;
            }
            Invoke call = solver.callSites().get(callSite);
            JMethod target = solver.program().declared(solver.methodOf(calleeCsMethod).declaringType(), "target",
                    "(Lplugins/Main$A;)Ljava/lang/Object;");
            int targetCsm = solver.csMethod(Contexts.EMPTY, target);
            solver.addCallEdge(callerCsMethod, callSite, targetCsm, new CallBinding(-1,
                    new int[] {solver.varPointer(callerCsMethod, call.args[0])},
                    solver.varPointer(callerCsMethod, call.lhs), -1));
        }
    }
}
