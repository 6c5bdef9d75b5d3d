package org.jphantom.analysis.pta.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jphantom.analysis.ir.TypeFilter;
import org.junit.jupiter.api.Test;

/** An edge is new once per pair of pointers and filter object, whatever else joins the pair. */
class EdgeSetTest {
    @Test
    void anEdgeIsNewOncePerFilterObject() {
        EdgeSet edges = new EdgeSet();
        TypeFilter a = TypeFilter.of(3, new int[0]);
        TypeFilter b = TypeFilter.of(3, new int[0]); // equal, but another object: another edge
        assertTrue(edges.add(1, 2, null));
        assertFalse(edges.add(1, 2, null));
        assertTrue(edges.add(1, 2, a));
        assertTrue(edges.add(1, 2, b));
        assertFalse(edges.add(1, 2, a));
        assertFalse(edges.add(1, 2, b));
        assertFalse(edges.add(1, 2, null));
        assertTrue(edges.add(2, 1, a), "edges are directed");
        assertTrue(edges.add(5, 6, b));
        assertFalse(edges.add(5, 6, b));
        assertTrue(edges.add(5, 6, null));
        assertFalse(edges.add(5, 6, null));
    }

    @Test
    void agreesWithASetOfTriplesFromFewEdgesToThousandsPerSource() {
        EdgeSet edges = new EdgeSet();
        List<TypeFilter> filters = List.of(TypeFilter.of(1, new int[0]), TypeFilter.of(2, new int[0]),
                TypeFilter.of(3, new int[] {4}));
        Set<List<Integer>> model = new HashSet<>();
        long seed = 11;
        for (int step = 0; step < 200_000; step++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (seed >>> 33);
            // sources 0..9 get thousands of edges each (hash tables), 10..5009 a few (lists), one far away
            int src = r % 5 == 0 ? r % 10 : r % 7 == 0 ? 3_000_000 : 10 + r % 5000;
            int dst = (int) ((seed >>> 13) % (src < 10 ? 20_000 : 12));
            int f = (int) ((seed >>> 7) % 4);
            TypeFilter filter = f == 3 ? null : filters.get(f);
            boolean isNew = model.add(List.of(src, dst, f));
            assertEquals(isNew, edges.add(src, dst, filter), "edge " + src + " -> " + dst + " filter " + f);
        }
        assertTrue(model.size() > 50_000, "the test reaches large tables: " + model.size());
    }
}
