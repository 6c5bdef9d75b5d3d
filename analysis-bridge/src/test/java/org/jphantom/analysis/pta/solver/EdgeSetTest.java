package org.jphantom.analysis.pta.solver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
