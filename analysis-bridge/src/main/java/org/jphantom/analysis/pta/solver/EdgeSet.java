package org.jphantom.analysis.pta.solver;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * The pointer flow edges {@code src -> dst} with their type filter (the same object, or none)
 * added so far, to tell a repeated edge from a new one. One map entry per pair of pointers, its
 * value the filter's number (0: none); a pair with edges under more than one filter, which is
 * rare, keeps the further numbers apart.
 */
final class EdgeSet {
    private final LongIntMap first = new LongIntMap(1 << 10);
    private final Map<Long, IntList> more = new HashMap<>();
    private final Map<TypeFilter, Integer> filterIds = new IdentityHashMap<>();

    /** Adds the edge; false if it was there. */
    boolean add(int src, int dst, TypeFilter filter) {
        int id = filter == null ? 0 : filterIds.computeIfAbsent(filter, f -> filterIds.size() + 1);
        long key = LongIntMap.key(src, dst);
        int had = first.get(key);
        if (had < 0) {
            first.put(key, id);
            return true;
        }
        if (had == id) {
            return false;
        }
        IntList others = more.computeIfAbsent(key, k -> new IntList(2));
        for (int i = 0; i < others.size(); i++) {
            if (others.get(i) == id) {
                return false;
            }
        }
        others.add(id);
        return true;
    }
}
