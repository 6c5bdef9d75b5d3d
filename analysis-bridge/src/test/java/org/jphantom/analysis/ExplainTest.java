package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.analysis.explain.Explainer;
import org.jphantom.analysis.explain.MethodQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * {@code --explain} on the fixtures: the shortest chain from the entry point, one line per step,
 * with how each step came to be: virtual dispatch on the receiver types that select the callee,
 * class initialisation, a reflective call and its inference, a JVM callback a model added; under
 * every context sensitivity; an unreachable method says so, with the calls that name it.
 */
@Order(Integer.MAX_VALUE - 4)
class ExplainTest {
    /** Each test's inputs: its own, so the class holds no lock and never waits for the classes that share inputs. */
    private final OwnInputs inputs = new OwnInputs();

    @AfterEach
    void close() {
        inputs.close();
    }

    /** {@code PointsToFixtureTest}'s analysis of {@code fixture} under {@code context}, over this test's input. */
    private AnalysisResult analyze(String fixture, String context) {
        return inputs.run(PointsToFixtureTest.request(fixture, context));
    }

    private static String explain(AnalysisResult r, String query) {
        return String.join("\n", Explainer.of(r).explain(MethodQuery.parse(query)));
    }

    @Test
    void virtualDispatchNamesTheReceiverTypesUnderEveryContextSensitivity() throws IOException {
        for (String context : List.of("ci", "1cfa", "2obj", "1type", "s-2cfa")) {
            AnalysisResult r = analyze("dispatch", context);
            String e = explain(r, "dispatch.Main$Circle.area");
            assertEquals("""
                    explain <dispatch.Main$Circle: java.lang.Object area()>: reachable in 1 step
                      <dispatch.Main: void main(java.lang.String[])>  [entry point]
                      <dispatch.Main: void main(java.lang.String[])> @L44 pc 31 -> \
                    <dispatch.Main$Circle: java.lang.Object area()>  [virtual dispatch on receiver type \
                    dispatch.Main$Circle]""", e.replaceAll("pc \\d+", "pc 31"), context);
            // Square.area is dispatched to from two sites: the first in the method is the chain's
            assertTrue(explain(r, "<dispatch.Main$Square: java.lang.Object area()>")
                    .contains("[virtual dispatch on receiver type dispatch.Main$Square]"), context);
        }
    }

    @Test
    void unreachableMethodsSayWhichReachableCallsNameThem() throws IOException {
        AnalysisResult r = analyze("dispatch", "ci");
        String e = explain(r, "dispatch.Main$Unused.name()");
        assertTrue(e.startsWith("explain <dispatch.Main$Unused: java.lang.Object name()>: not reachable\n"), e);
        assertTrue(e.contains("<dispatch.Main: void main(java.lang.String[])> @L48 pc "), e);
        assertTrue(e.contains(" calls dispatch.Main$Base.name"), e);
        assertTrue(explain(r, "dispatch.Main.nope").contains("no such method"));
        assertThrows(JphantomException.class, () -> MethodQuery.parse("not a method"));
        // the JVM form names one overload
        assertTrue(explain(r, "dispatch/Main$Derived.name()Ljava/lang/Object;").contains("reachable in 1 step"));
    }

    @Test
    void classInitialisationIsAStepFromTheStatementThatTriggersIt() throws IOException {
        AnalysisResult r = analyze("clinit", "ci");
        // the shortest chain: main's read of Parent.seen (line 16) initialises Parent directly
        String e = explain(r, "clinit.Parent.<clinit>");
        assertTrue(e.contains("<clinit.Main: void main(java.lang.String[])> @L16 -> <clinit.Parent: void <clinit>()>"
                + "  [class initialisation of clinit.Parent]"), e);
        String child = explain(r, "clinit.Child.<clinit>");
        assertTrue(child.contains("-> <clinit.Child: void <clinit>()>  [class initialisation of clinit.Child]"), child);
    }

    @Test
    void reflectiveCallsNameTheSiteAndTheInference() throws IOException {
        AnalysisResult r = inputs.run(AnalysisRequest.of(List.of(PtaFixtures.classes("reflection")))
                .withMains(List.of("reflection.Invocations")));
        String e = explain(r, "reflection.Target.util");
        assertTrue(e.contains("-> <reflection.Target: java.lang.Object util(java.lang.String)>  [reflective call"
                + " Method.invoke resolved by "), e);
        assertTrue(e.contains("site "), e);
    }

    @Test
    void jvmCallbacksNameTheModel() throws IOException {
        AnalysisResult r = analyze("dyncallbacks", "ci");
        String e = explain(r, "dyncallbacks.Main$Finalizable.finalize");
        assertTrue(e.contains("-> <dyncallbacks.Main$Finalizable: void finalize()>  [JVM callback modelled by Finalizers"), e);
    }

    @Test
    void methodHandleCallsNameTheModelThatResolvedThem() throws IOException {
        AnalysisResult r = analyze("dynmh", "ci");
        // main: s.invokeExact(new Object()) runs the handle of findStatic(Main.class, "twice", ...)
        String e = explain(r, "dynmh.Main.twice");
        assertTrue(e.startsWith("explain <dynmh.Main: java.lang.String twice(java.lang.Object)>: reachable in 1 step\n"), e);
        // the model binds the call at a site of its own: the line and offset are the program's call's
        assertTrue(e.matches("(?s).*<dynmh.Main: void main\\(java.lang.String\\[\\]\\)> @L47 pc \\d+ -> "
                + "<dynmh.Main: java.lang.String twice\\(java.lang.Object\\)>  \\[method handle call"
                + " MethodHandle.invokeExact resolved by HandleCallSites\\]\n?"), e);
    }

    @Test
    void dynamicProxiesAreReachedThroughTheClassTheModelMade() throws IOException {
        AnalysisResult r = analyze("dynproxy", "ci");
        String e = explain(r, "dynproxy.Main$GreeterHandler.invoke");
        // main calls greet on the proxy (virtual dispatch on the class the model made), whose method
        // calls its handler (virtual dispatch on the handler's class)
        assertEquals("""
                explain <dynproxy.Main$GreeterHandler: java.lang.Object invoke(java.lang.Object,java.lang.reflect.Method,\
                java.lang.Object[])>: reachable in 2 steps
                  <dynproxy.Main: void main(java.lang.String[])>  [entry point]
                  <dynproxy.Main: void main(java.lang.String[])> @L48 pc 33 -> <$Proxy$dynproxy_Main$Greeter: \
                java.lang.String greet(java.lang.String)>  [virtual dispatch on receiver type $Proxy$dynproxy_Main$Greeter]
                  <$Proxy$dynproxy_Main$Greeter: java.lang.String greet(java.lang.String)> @L? -> \
                <dynproxy.Main$GreeterHandler: java.lang.Object invoke(java.lang.Object,java.lang.reflect.Method,\
                java.lang.Object[])>  [virtual dispatch on receiver type dynproxy.Main$GreeterHandler]""", e);
    }
}
