package org.jphantom.analysis.pta.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Shared points-to sets: one object per content, immutable, forgotten when no pointer holds it. */
class SetPoolTest {
    @Test
    void pointersWithEqualSetsHoldOneObjectAndEachSetIsItsModel() {
        SetPool pool = new SetPool();
        int pointers = 300;
        PointsToSet[] held = new PointsToSet[pointers];
        List<TreeSet<Integer>> model = new ArrayList<>();
        for (int p = 0; p < pointers; p++) {
            held[p] = pool.empty();
            model.add(new TreeSet<>());
        }
        long seed = 7;
        for (int step = 0; step < 20_000; step++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int p = (int) ((seed >>> 33) % pointers);
            // pointers p and p + 150 get the same objects, so they should share; bounds vary the representation
            int bound = p % 3 == 0 ? 60 : p % 3 == 1 ? 5_000 : 200_000;
            int n = 1 + (int) ((seed >>> 20) % (p % 7 == 0 ? 200 : 4));
            long s2 = step / 2;
            TreeSet<Integer> delta = new TreeSet<>();
            for (int k = 0; k < n; k++) {
                s2 = s2 * 6364136223846793005L + 1442695040888963407L;
                delta.add((int) ((s2 >>> 33) % bound));
            }
            for (int q : new int[] {p % 150, p % 150 + 150}) {
                delta.removeAll(model.get(q));
                int[] fresh = delta.stream().mapToInt(Integer::intValue).toArray();
                if (fresh.length == 0) {
                    continue;
                }
                held[q] = pool.add(held[q], fresh, fresh.length);
                model.get(q).addAll(delta);
                assertTrue(held[q].isShared());
            }
        }
        Map<TreeSet<Integer>, PointsToSet> byContent = new HashMap<>();
        for (int p = 0; p < pointers; p++) {
            int[] expected = model.get(p).stream().mapToInt(Integer::intValue).toArray();
            assertArrayEquals(expected, held[p].toSortedArray(), "pointer " + p);
            assertEquals(expected.length, held[p].size());
            PointsToSet same = byContent.putIfAbsent(model.get(p), held[p]);
            if (same != null) {
                assertSame(same, held[p], "equal sets are one object");
            }
        }
        assertEquals(byContent.keySet().stream().filter(s -> !s.isEmpty()).count(), pool.size(),
                "the pool keeps only the sets pointers hold");
        for (int p = 0; p < pointers; p++) {
            pool.release(held[p]);
        }
        assertEquals(0, pool.size());
    }

    @Test
    void aBuiltSetIsSharedAsTheEqualOneAndSharedSetsAreImmutable() {
        SetPool pool = new SetPool();
        PointsToSet a = pool.add(pool.empty(), new int[] {3, 64, 9000}, 3);
        PointsToSet built = PointsToSet.bitSet();
        built.add(9000);
        built.add(3);
        built.add(64);
        assertSame(a, pool.share(built));
        PointsToSet other = new PointsToSet();
        other.add(4);
        PointsToSet b = pool.share(other);
        assertArrayEquals(new int[] {4}, b.toSortedArray());
        assertEquals(2, pool.size());
        pool.release(a);
        assertEquals(2, pool.size(), "a is held twice");
        pool.release(a);
        assertEquals(1, pool.size());
        assertThrows(IllegalStateException.class, () -> b.add(5));
        assertSame(pool.empty(), pool.share(new PointsToSet()));
    }

    @Test
    void aDenseSetHeldByOnePointerGrowsInPlaceAndStaysFindable() {
        SetPool pool = new SetPool();
        int[] first = new int[100];
        for (int i = 0; i < first.length; i++) {
            first[i] = 1000 + i; // dense: a bit set over two words
        }
        PointsToSet alone = pool.add(pool.empty(), first, first.length);
        assertTrue(alone.isDenseBitSet());
        PointsToSet grown = pool.add(alone, new int[] {5, 1100, 5000}, 3);
        assertSame(alone, grown, "held by one pointer: grown in place");
        assertEquals(103, grown.size());
        assertTrue(grown.contains(5) && grown.contains(1100) && grown.contains(5000) && grown.contains(1099));
        assertEquals(grown.elementHash(), grown.hash, "the hash follows the contents");
        assertEquals(1, pool.size());
        PointsToSet equal = PointsToSet.bitSet();
        for (int o : grown.toSortedArray()) {
            equal.add(o);
        }
        assertSame(grown, pool.share(equal), "found under its new contents");
        // Now two pointers hold it: the one that grows gets a new set, the other keeps the old contents.
        PointsToSet other = pool.add(grown, new int[] {6}, 1);
        assertTrue(other != grown);
        assertEquals(103, grown.size());
        assertEquals(104, other.size());
        // Growing to contents another pointer holds gives that pointer's set, in place or not.
        PointsToSet third = pool.add(grown, new int[] {6}, 1);
        assertSame(other, third);
        assertEquals(1, pool.size());
    }

    @Test
    void sparseSetsAnswerContainsAllAndAbsentWordsLikeTheirModel() {
        long seed = 11;
        for (int round = 0; round < 200; round++) {
            SetPool pool = new SetPool();
            TreeSet<Integer> a = new TreeSet<>();
            TreeSet<Integer> b = new TreeSet<>();
            for (int k = 0; k < 300; k++) { // a few clusters far apart: sparse once large
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int o = (int) ((seed >>> 40) % 64) * 4096 + (int) ((seed >>> 20) % 200);
                a.add(o);
                if ((seed & 3) != 0) {
                    b.add(o);
                }
            }
            if (round % 5 == 0) {
                b.add(1 << 20); // b not within a
            }
            PointsToSet sa = pool.add(pool.empty(), toArray(a), a.size());
            PointsToSet sb = pool.add(pool.empty(), toArray(b), b.size());
            assertTrue(sa.isBitSet() && !sa.isDenseBitSet(), "sparse");
            assertEquals(a.containsAll(b), sa.containsAll(sb));
            assertTrue(sa.containsAll(sa) && sb.containsAll(sb));
            assertEquals(b.containsAll(a), sb.containsAll(sa));
            // absentWords of a delta against the sparse set: the delta minus the set
            PointsToSet delta = PointsToSet.bitSet();
            TreeSet<Integer> expected = new TreeSet<>();
            TreeSet<Integer> all = new TreeSet<>();
            int deltaSize = round % 2 == 0 ? 3 : 400; // few words (searched) and many (walked)
            for (int k = 0; k < deltaSize; k++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int o = (int) ((seed >>> 40) % 70) * 4096 + (int) ((seed >>> 20) % 200);
                delta.add(o);
                all.add(o);
                if (!a.contains(o)) {
                    expected.add(o);
                }
            }
            WordList dw = new WordList();
            delta.nonEmptyWords(dw);
            WordList out = new WordList();
            sa.absentWords(dw, out);
            assertArrayEquals(toArray(expected), out.toArray());
            // the same difference object by object, and removed from a pending set
            int[] sorted = toArray(all);
            int[] lacks = new int[sorted.length];
            int k = sa.absent(sorted, sorted.length, lacks);
            assertArrayEquals(toArray(expected), java.util.Arrays.copyOf(lacks, k));
            assertEquals(expected.size(), delta.removeAll(sa));
            assertArrayEquals(toArray(expected), delta.toSortedArray());
        }
    }

    private static int[] toArray(TreeSet<Integer> s) {
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void removeAllAndAbsentSortedKeepOnlyWhatASetLacks() {
        PointsToSet have = new PointsToSet();
        for (int o : new int[] {1, 70, 500}) {
            have.add(o);
        }
        PointsToSet pending = PointsToSet.bitSet();
        for (int o : new int[] {1, 2, 70, 71, 499, 500, 100_000}) {
            pending.add(o);
        }
        assertEquals(4, pending.removeAll(have));
        assertArrayEquals(new int[] {2, 71, 499, 100_000}, pending.toSortedArray());
        int[] list = {71, 1, 71, 2, 500, 2};
        assertEquals(2, WorkList.absentSorted(list, list.length, have));
        assertEquals(2, list[0]);
        assertEquals(71, list[1]);
    }
}
