package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jphantom.analysis.pta.plugin.reflect.ReflectionMode;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Guards on member meta-objects ({@code pta/reflection/Guards}): a branch on
 * {@code isAnnotationPresent}, on a null check of {@code getAnnotation}, on the member's name, or
 * on a helper that ORs annotation tests lets only the members the test may be true for into the
 * code it guards. HotSpot runs the program first: every method it runs is a target (sound), and no
 * member the tests reject is (precise).
 */
@Order(2)
class ReflectionGuardsTest {
    @Test
    void onlyTheMembersATestMayAcceptReachTheCodeItGuards() throws Exception {
        String ran = ReflectionTest.ranByTheJvm("reflection.Guards", "reflection.Bean");
        Set<String> ranMethods = new TreeSet<>(Arrays.asList(ran.trim().split(" ")));
        assertEquals(Set.of("bound", "run", "setName"), ranMethods, ran);

        // an input of its own, not the reflection tests' shared one: the class holds no lock and never waits for them
        try (OwnInputs input = new OwnInputs()) {
            AnalysisResult r = input.run(ReflectionTest.request(List.of("Guards"), ReflectionMode.SOLAR));
            Set<String> called = beanMethodsCalled(r, "void main(java.lang.String[])");
            assertTrue(called.containsAll(ranMethods), "sound: " + called + " covers what ran: " + ranMethods);
            assertEquals(ranMethods, called, "the tests reject unbound(), getName() and label(String)");
            assertEquals(Set.of("bound"), beanMethodsCalled(r, "void unknownClass(java.lang.String,java.lang.Object)"),
                    "a partial Method object that passed isAnnotationPresent(Bind) finds only bound()");
            assertEquals(Set.of("bound", "unbound", "run", "getName"), beanMethodsCalled(r,
                    "void either(java.lang.reflect.Method,java.lang.Object,boolean)"), "a test another path bypasses guards nothing");

            List<PtaFixtures.Expectation> checks = PtaFixtures.expectations(r, "reflection").stream()
                    .filter(x -> x.where().startsWith("<reflection.Guards:")).toList();
            assertEquals(5, checks.size(), checks.toString());
            for (PtaFixtures.Expectation e : checks) {
                assertEquals(e.expected(), e.actual(), e.where());
            }
        }
    }

    /** The names of {@code Bean}'s methods the calls in {@code Guards}' method {@code caller} reach. */
    private static Set<String> beanMethodsCalled(AnalysisResult r, String caller) {
        return r.callEdges().stream()
                .filter(e -> e.startsWith("<reflection.Guards: " + caller + ">/")
                        && e.contains(" -> <reflection.Bean: ") && !e.contains("<init>"))
                .map(e -> e.substring(e.indexOf(" -> <reflection.Bean: ") + 22))
                .map(m -> m.substring(m.indexOf(' ') + 1, m.indexOf('(')))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
