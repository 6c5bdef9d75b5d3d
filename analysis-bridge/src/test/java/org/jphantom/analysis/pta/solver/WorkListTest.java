package org.jphantom.analysis.pta.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Pending objects: whatever mix of single objects, words and shared sets reaches a pointer, its
 * pending objects are their union; a set that a pointer holds, or that was handed on, is never
 * changed by being pending somewhere, and the pool forgets every set once no pointer and no
 * pending objects hold it.
 */
class WorkListTest {
    @Test
    void pendingObjectsAreTheUnionOfWhatCameAndSharedSetsStayAsTheyWere() {
        SetPool pool = new SetPool();
        WorkList work = new WorkList();
        work.pinIn(pool);
        int pointers = 200;
        work.ensureCapacity(pointers);
        List<TreeSet<Integer>> model = new ArrayList<>();
        for (int p = 0; p < pointers; p++) {
            model.add(new TreeSet<>());
        }
        List<PointsToSet> shared = new ArrayList<>();
        List<int[]> sharedContent = new ArrayList<>();
        List<PointsToSet> held = new ArrayList<>();
        long seed = 3;
        for (int step = 0; step < 20_000; step++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int p = (int) ((seed >>> 33) % pointers);
            int kind = (int) ((seed >>> 20) % 4);
            int bound = p % 2 == 0 ? 3_000 : 100_000;
            TreeSet<Integer> objs = new TreeSet<>();
            int n = kind == 0 ? 1 : 1 + (int) ((seed >>> 40) % 300);
            long s2 = seed;
            for (int k = 0; k < n; k++) {
                s2 = s2 * 6364136223846793005L + 1442695040888963407L;
                objs.add((int) ((s2 >>> 33) % bound));
            }
            int[] a = objs.stream().mapToInt(Integer::intValue).toArray();
            WordList words = new WordList();
            PointsToSet.bitSetOf(a, a.length).nonEmptyWords(words);
            switch (kind) {
                case 0 -> work.push(p, a[0]);
                case 1 -> work.pushWords(p, words);
                case 2 -> { // a difference handed on: one set, pending at several pointers
                    PointsToSet s = PointsToSet.handedOn(words);
                    shared.add(s);
                    sharedContent.add(a);
                    for (int q = p; q < pointers; q += 37) {
                        work.pushShared(q, s);
                        model.get(q).addAll(objs);
                    }
                    continue;
                }
                default -> { // a pointer's set of the pool along a new edge; half the pointers let go of theirs at once
                    PointsToSet s = pool.share(PointsToSet.bitSetOf(a, a.length));
                    work.pushShared(p, s);
                    if (step % 2 == 0) {
                        pool.release(s); // held by pending objects only: the pool may now grow it for them
                    } else {
                        shared.add(s);
                        sharedContent.add(a);
                        held.add(s);
                    }
                }
            }
            model.get(p).addAll(objs);
        }
        for (int p = 0; p < pointers; p++) {
            TreeSet<Integer> pending = new TreeSet<>();
            PointsToSet set = work.pendingSet(p);
            if (set != null) {
                for (int o : set.toSortedArray()) {
                    pending.add(o);
                }
            }
            int[] list = work.pendingList(p);
            for (int i = 0; i < work.pendingCount(p); i++) {
                pending.add(list[i]);
            }
            assertEquals(model.get(p), pending, "pointer " + p);
            work.clear(p);
        }
        for (int i = 0; i < shared.size(); i++) {
            assertArrayEquals(sharedContent.get(i), shared.get(i).toSortedArray(), "shared set " + i);
        }
        assertTrue(shared.size() > 1000);
        for (PointsToSet s : held) {
            pool.release(s);
        }
        assertEquals(0, pool.size(), "no set is held any more");
    }
}
