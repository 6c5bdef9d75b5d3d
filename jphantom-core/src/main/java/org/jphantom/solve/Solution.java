package org.jphantom.solve;

import java.util.SortedMap;

/** The solved phantom hierarchy, by phantom internal name (sorted). */
public record Solution(SortedMap<String, PhantomShape> phantoms) {
    public Solution {
        phantoms = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(phantoms));
    }
}
