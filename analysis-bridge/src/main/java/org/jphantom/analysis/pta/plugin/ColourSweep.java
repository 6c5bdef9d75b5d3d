package org.jphantom.analysis.pta.plugin;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;

/**
 * One colour's region of the pointer flow graph, swept once: bit sets of strings propagated from
 * their sources, the way the solver would propagate the strings' own objects, but only through
 * pointers that hold the colour's object and along edges whose type filters admit it. Bit {@code i}
 * stands for the {@code i}-th string of the sweep (64 strings a word).
 *
 * <p>Contract: after {@link #run}, {@link #reached} answers for the pointers of that run until the
 * next run; pointers are the solver's representatives (cycle elimination merges pointers). The
 * arrays are kept and reused from sweep to sweep (a sweep stamps the pointers it touches rather
 * than clearing arrays the size of the graph).
 */
final class ColourSweep {
    private final Solver solver;
    private int[] stamp = new int[1 << 12];
    private int[] slot = new int[1 << 12];
    private int[] inQueue = new int[1 << 12];
    private int[] queue = new int[1 << 10];
    private long[] bits = new long[1 << 10];
    private int used;
    private int words;
    private int id;
    private long visited;

    ColourSweep(Solver solver) {
        this.solver = solver;
    }

    /**
     * Sweeps the region of colour object {@code object}: string {@code i} starts at the pointers of
     * {@code sources.get(i)}, every string at the pointers of {@code anySources} (may be null);
     * {@code extraEdges} are flows that are no edges of the graph, by the representatives of their
     * sources.
     */
    void run(int object, List<IntList> sources, IntList anySources, Map<Integer, IntList> extraEdges) {
        words = (sources.size() + 63) >> 6;
        growTo(solver.cs().pointerCount());
        id++;
        used = 0;
        int tail = 0;
        for (int i = -1; i < sources.size(); i++) {
            IntList from = i < 0 ? anySources : sources.get(i);
            for (int k = 0; from != null && k < from.size(); k++) {
                int p = solver.representative(from.get(k));
                int base = slotOf(p);
                boolean grew = false;
                for (int w = 0; w < words; w++) {
                    long add = i < 0 ? -1L : (i >> 6) == w ? 1L << i : 0L;
                    if ((bits[base + w] | add) != bits[base + w]) {
                        bits[base + w] |= add;
                        grew = true;
                    }
                }
                if (grew && inQueue[p] != id) {
                    tail = enqueue(p, tail);
                }
            }
        }
        int type = solver.typeOfObject(object);
        long[] delta = new long[words];
        int[] end = {tail};
        IntConsumer step = q -> {
            if (stamp[q] != id && !solver.pointsTo(q).contains(object)) {
                return;
            }
            int qb = slotOf(q);
            boolean grew = false;
            for (int w = 0; w < words; w++) {
                long add = delta[w] & ~bits[qb + w];
                if (add != 0) {
                    bits[qb + w] |= add;
                    grew = true;
                }
            }
            if (grew && inQueue[q] != id) {
                end[0] = enqueue(q, end[0]);
            }
        };
        for (int head = 0; head < end[0]; head++) {
            int p = queue[head];
            visited++;
            inQueue[p] = 0;
            System.arraycopy(bits, slot[p] * words, delta, 0, words);
            solver.forEachSuccessor(p, type, step);
            IntList selves = extraEdges.get(p);
            for (int k = 0; selves != null && k < selves.size(); k++) {
                step.accept(solver.representative(selves.get(k)));
            }
        }
    }

    /** Whether string {@code i} reached representative pointer {@code p} in the last run. */
    boolean reached(int p, int i) {
        return stamp[p] == id && (bits[slot[p] * words + (i >> 6)] & (1L << i)) != 0;
    }

    /** The pointers all runs visited, in all (a pointer counts each time it is taken from the queue). */
    long visited() {
        return visited;
    }

    private void growTo(int n) {
        if (stamp.length < n) {
            stamp = Arrays.copyOf(stamp, Math.max(n, stamp.length * 2));
            slot = Arrays.copyOf(slot, stamp.length);
            inQueue = Arrays.copyOf(inQueue, stamp.length);
        }
    }

    /** The offset of pointer {@code p}'s bits in this run (given a cleared slot on first use). */
    private int slotOf(int p) {
        if (stamp[p] != id) {
            stamp[p] = id;
            slot[p] = used++;
            int need = used * words;
            if (need > bits.length) {
                bits = Arrays.copyOf(bits, Math.max(need, bits.length * 2));
            }
            Arrays.fill(bits, need - words, need, 0L);
        }
        return slot[p] * words;
    }

    /** Appends {@code p} to the queue (a pointer is queued again each time its bits grow after it was taken). */
    private int enqueue(int p, int tail) {
        inQueue[p] = id;
        if (tail == queue.length) {
            queue = Arrays.copyOf(queue, tail * 2);
        }
        queue[tail] = p;
        return tail + 1;
    }
}
