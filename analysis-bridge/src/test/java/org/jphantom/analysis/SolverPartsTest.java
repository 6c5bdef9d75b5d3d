package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeSet;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.solver.PointsToSet;
import org.jphantom.analysis.pta.solver.WordList;
import org.jphantom.analysis.util.LongIntMap;
import org.jphantom.analysis.util.LongSet;
import org.junit.jupiter.api.Test;

/** The solver's data structures on their own. */
class SolverPartsTest {
    @Test
    void pointsToSetStaysASetAcrossItsTwoRepresentations() {
        PointsToSet s = new PointsToSet();
        TreeSet<Integer> model = new TreeSet<>();
        long seed = 42;
        for (int i = 0; i < 5000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int o = (int) ((seed >>> 33) % (i < 100 ? 40 : 100_000));
            assertEquals(model.add(o), s.add(o), "add " + o);
            assertEquals(model.size(), s.size());
        }
        for (int o = 0; o < 100_000; o += 7) {
            assertEquals(model.contains(o), s.contains(o));
        }
        assertArrayEquals(model.stream().mapToInt(Integer::intValue).toArray(), s.toSortedArray());
    }

    @Test
    void bitSetsFromTheStartAndSmallArraysAgreeWithAModel() {
        PointsToSet bits = PointsToSet.bitSet();
        PointsToSet small = new PointsToSet();
        TreeSet<Integer> model = new TreeSet<>();
        for (int o : new int[] {500, 3, 70_000, 3, 64, 63, 0, 499, 501, 70_001, 12}) {
            assertEquals(model.contains(o), small.contains(o));
            assertEquals(model.add(o), bits.add(o));
            small.add(o);
        }
        for (int o = 0; o < 70_100; o++) {
            assertEquals(model.contains(o), bits.contains(o), "bits " + o);
            assertEquals(model.contains(o), small.contains(o), "array " + o);
        }
        int[] expected = model.stream().mapToInt(Integer::intValue).toArray();
        assertArrayEquals(expected, bits.toSortedArray());
        assertArrayEquals(expected, small.toSortedArray());
        int[] out = new int[4];
        assertEquals(2, small.absent(new int[] {1, 3, 64, 65}, 4, out));
        assertEquals(1, out[0]);
        assertEquals(65, out[1]);
    }

    @Test
    void denseSetsBecomeBitSetsAndStayCorrect() {
        PointsToSet s = new PointsToSet();
        for (int i = 0; i < 3000; i++) {
            assertTrue(s.add(5000 - i));
        }
        for (int i = 0; i < 3000; i++) {
            assertFalse(s.add(5000 - i));
        }
        assertTrue(s.add(1));
        assertTrue(s.add(90_000));
        assertEquals(3002, s.size());
        int[] a = s.toSortedArray();
        assertEquals(1, a[0]);
        assertEquals(2001, a[1]);
        assertEquals(90_000, a[a.length - 1]);
    }

    /** A set of random elements below {@code bound}, in array or bit-set mode, and its model. */
    private static PointsToSet randomSet(long seed, int count, int bound, boolean bits, TreeSet<Integer> model) {
        PointsToSet s = bits ? PointsToSet.bitSet() : new PointsToSet();
        for (int i = 0; i < count; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int o = (int) ((seed >>> 33) % bound);
            s.add(o);
            model.add(o);
        }
        return s;
    }

    private static int[] toArray(TreeSet<Integer> model) {
        return model.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void wordOperationsAgreeWithElementOperations() {
        int round = 0;
        for (int bound : new int[] {100, 5_000, 200_000}) {
            for (int count : new int[] {0, 1, 30, 200, 3_000}) {
                for (boolean targetBits : new boolean[] {false, true}) {
                    round++;
                    TreeSet<Integer> deltaModel = new TreeSet<>();
                    PointsToSet delta = randomSet(round, count, bound, true, deltaModel);
                    TreeSet<Integer> targetModel = new TreeSet<>();
                    PointsToSet target = randomSet(round * 31L + 7, count / 2 + 3, bound, targetBits, targetModel);
                    TreeSet<Integer> pendingModel = new TreeSet<>();
                    PointsToSet pending = randomSet(round * 17L + 3, 5, bound, true, pendingModel);

                    // absentWords + addWords: pending gains delta minus target; target unchanged
                    WordList words = new WordList();
                    delta.nonEmptyWords(words);
                    TreeSet<Integer> absent = new TreeSet<>(deltaModel);
                    absent.removeAll(targetModel);
                    boolean gains = !pendingModel.containsAll(absent);
                    pendingModel.addAll(absent);
                    WordList lacking = new WordList();
                    int k = target.absentWords(words, lacking);
                    assertEquals(absent.isEmpty(), k == 0);
                    assertEquals(gains, pending.addWords(lacking), "gain, round " + round);
                    assertArrayEquals(toArray(pendingModel), pending.toSortedArray(), "round " + round);
                    assertEquals(pendingModel.size(), pending.size());
                    assertArrayEquals(toArray(targetModel), target.toSortedArray());
                }
            }
        }
    }

    @Test
    void contextsAreInternedAndTruncatedToTheirLastElements() {
        Contexts c = new Contexts();
        int a = c.append(Contexts.EMPTY, 7, 2);
        int ab = c.append(a, 8, 2);
        int bc = c.append(ab, 9, 2);
        assertArrayEquals(new int[] {8, 9}, c.elements(bc));
        assertEquals(c.append(c.append(Contexts.EMPTY, 8, 2), 9, 2), bc);
        assertEquals(Contexts.EMPTY, c.append(bc, 5, 0));
        assertArrayEquals(new int[] {9}, c.elements(c.suffix(bc, 1)));
        assertEquals(bc, c.suffix(bc, 3));
    }

    /** The remembered suffixes make the same contexts, in the same order, as the elements-based ones. */
    @Test
    void rememberedSuffixesMakeTheContextsTheFullComputationMakes() {
        Contexts fast = new Contexts();
        Contexts slow = new Contexts();
        long seed = 3;
        int[] held = new int[64];
        int[] heldSlow = new int[64];
        for (int step = 0; step < 5_000; step++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int i = (int) ((seed >>> 33) & 63);
            int elem = (int) ((seed >>> 20) % 12);
            int k = 1 + (int) ((seed >>> 45) % 3);
            held[i] = fast.append(held[i], elem, k);
            heldSlow[i] = slowAppend(slow, heldSlow[i], elem, k);
            assertEquals(heldSlow[i], held[i], "same ids, so made in the same order");
            assertEquals(slow.count(), fast.count());
        }
    }

    private static int slowAppend(Contexts c, int ctx, int elem, int k) {
        int[] e = c.elements(ctx);
        int from = Math.max(0, e.length - (k - 1));
        int out = Contexts.EMPTY;
        for (int j = from; j < e.length; j++) {
            out = c.child(out, e[j]);
        }
        return c.child(out, elem);
    }

    @Test
    void longIntMapGrowsAndKeepsNegativeKeys() {
        LongIntMap m = new LongIntMap(2);
        for (int i = -500; i < 500; i++) {
            m.put(LongIntMap.key(i, -i), i + 500);
        }
        for (int i = -500; i < 500; i++) {
            assertEquals(i + 500, m.get(LongIntMap.key(i, -i)));
        }
        assertEquals(-1, m.get(LongIntMap.key(1, 1)));
        assertEquals(1000, m.size());
    }

    @Test
    void longSetAgreesWithAModelAcrossGrowthAndTheSentinel() {
        LongSet s = new LongSet(2);
        java.util.HashSet<Long> model = new java.util.HashSet<>();
        long seed = 7;
        for (int i = 0; i < 20_000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            long v = i % 1000 == 0 ? Long.MIN_VALUE : LongIntMap.key((int) (seed >> 50), (int) (seed >>> 20) % 300 - 150);
            assertEquals(model.add(v), s.add(v), "add " + v);
            assertEquals(model.size(), s.size());
        }
        for (long v : model) {
            assertTrue(s.contains(v));
        }
        assertFalse(s.contains(LongIntMap.key(1 << 20, 1)));
        assertTrue(s.contains(Long.MIN_VALUE));
    }
}
