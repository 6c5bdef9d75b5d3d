package org.jphantom.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jphantom.model.TypeKind;
import org.junit.jupiter.api.Test;

class OpenKindReasonsTest {
    @Test
    void onlyOpenKindsNameTheirStep() {
        World w = new World();
        HierarchyProblem p = new HierarchyProblem(new java.util.TreeSet<>(List.of("P", "Q", "R")),
                World.constraints("Q : interface"), w, new java.util.TreeSet<>(List.of("P")));
        Solution s = OpenKindReasons.apply(HierarchySolver.solve(p),
                new TreeMap<>(Map.of("P", "values only", "Q", "values only", "R", "no evidence")));
        assertEquals("kind left open: interface, as the program's uses say (values only)", s.phantoms().get("P").reason());
        assertEquals(TypeKind.INTERFACE, s.phantoms().get("P").kind());
        // Q's kind is a constraint's: its reason stays as it was
        assertEquals("must be an interface: test.Fixture.m()V @0 (line 0)", s.phantoms().get("Q").reason());
        assertEquals("kind left open: class (no evidence)", s.phantoms().get("R").reason());
        assertEquals(TypeKind.CLASS, s.phantoms().get("R").kind());
    }
}
