package org.jphantom.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;
import org.junit.jupiter.api.Test;

/**
 * Seeded random hierarchies: hide some types, derive constraints the hidden hierarchy
 * satisfies, and require a checked solution. Also: on arbitrary (possibly false) constraints,
 * whatever the solver returns must pass the checker.
 */
class SolverPropertyTest {
    private static final String OBJECT = "java/lang/Object";

    /** A random full hierarchy over t/T0..t/Tn-1 on top of the {@link World} basics. */
    private static final class Gen {
        final Random rnd;
        final int n;
        final boolean[] itf, fin, hidden;
        final int[] sup; // -1 = Object
        final List<List<Integer>> itfs = new ArrayList<>();
        final List<Set<Integer>> anc = new ArrayList<>();

        Gen(long seed) {
            this(seed, 14);
        }

        Gen(long seed, int maxTypes) {
            rnd = new Random(seed);
            n = 2 + rnd.nextInt(maxTypes - 1);
            itf = new boolean[n];
            fin = new boolean[n];
            hidden = new boolean[n];
            sup = new int[n];
            for (int i = 0; i < n; i++) {
                itf[i] = rnd.nextInt(10) < 4;
                sup[i] = -1;
                List<Integer> is = new ArrayList<>();
                if (i > 0) {
                    if (!itf[i] && rnd.nextInt(10) < 7) {
                        int s = Math.max(0, i - 1 - rnd.nextInt(Math.min(i, 40)));
                        if (!itf[s]) {
                            sup[i] = s;
                        }
                    }
                    for (int k = rnd.nextInt(3); k > 0; k--) {
                        int s = Math.max(0, i - 1 - rnd.nextInt(Math.min(i, 40)));
                        if (itf[s] && !is.contains(s)) {
                            is.add(s);
                        }
                    }
                }
                itfs.add(is);
                Set<Integer> a = new HashSet<>();
                if (sup[i] >= 0) {
                    a.add(sup[i]);
                    a.addAll(anc.get(sup[i]));
                }
                for (int s : is) {
                    a.add(s);
                    a.addAll(anc.get(s));
                }
                anc.add(a);
                hidden[i] = rnd.nextInt(10) < 4;
            }
            for (int i = 0; i < n; i++) {
                boolean hasSub = false;
                for (int j = 0; j < n; j++) {
                    hasSub |= sup[j] == i;
                }
                fin[i] = !itf[i] && !hasSub && !hidden[i] && rnd.nextInt(10) < 3;
            }
        }

        String name(int i) {
            return i < 0 ? OBJECT : "t/T" + i;
        }

        World world() {
            World w = new World();
            for (int i = 0; i < n; i++) {
                if (hidden[i]) {
                    continue;
                }
                String[] is = itfs.get(i).stream().map(this::name).toArray(String[]::new);
                if (itf[i]) {
                    w.itf(name(i), is);
                } else if (fin[i]) {
                    w.finalCls(name(i), name(sup[i]), is);
                } else {
                    w.cls(name(i), name(sup[i]), is);
                }
            }
            return w;
        }

        TreeSet<String> phantoms() {
            TreeSet<String> r = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                if (hidden[i]) {
                    r.add(name(i));
                }
            }
            return r;
        }

        Origin origin(int k) {
            return new Origin("t/Gen", "m()V", k, "generated");
        }

        List<Constraint> trueConstraints() {
            List<Constraint> cs = new ArrayList<>();
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (hidden[i] && rnd.nextBoolean()) {
                    cs.add(new Constraint.Kind(name(i), itf[i] ? TypeKind.INTERFACE : TypeKind.CLASS, origin(k++)));
                }
                if (!hidden[i]) {
                    // every known type is mentioned, as the extractor reports super edges
                    cs.add(new Constraint.Subtype(name(i), OBJECT, origin(k++)));
                }
            }
            for (int t = 3 * n; t > 0; t--) {
                int a = rnd.nextInt(n);
                List<Integer> ups = new ArrayList<>(new TreeSet<>(anc.get(a)));
                if (ups.isEmpty()) {
                    continue;
                }
                int b = ups.get(rnd.nextInt(ups.size()));
                if (hidden[a] || hidden[b] || rnd.nextInt(10) == 0) {
                    cs.add(new Constraint.Subtype(name(a), name(b), origin(k++)));
                }
            }
            return cs;
        }

        List<Constraint> arbitraryConstraints() {
            List<Constraint> cs = new ArrayList<>(trueConstraints());
            for (int t = rnd.nextInt(4); t > 0; t--) {
                int a = rnd.nextInt(n), b = rnd.nextInt(n);
                cs.add(new Constraint.Subtype(name(a), name(b), new Origin("t/Gen", "x()V", t, "random")));
            }
            if (rnd.nextInt(3) == 0) {
                int a = rnd.nextInt(n);
                cs.add(new Constraint.Kind(name(a), rnd.nextBoolean() ? TypeKind.CLASS : TypeKind.INTERFACE,
                        new Origin("t/Gen", "x()V", 9, "random")));
            }
            return cs;
        }
    }

    @Test
    void hiddenHierarchiesAreAlwaysSolved() {
        for (long seed = 0; seed < 4000; seed++) {
            Gen g = new Gen(seed);
            HierarchyProblem p = new HierarchyProblem(g.phantoms(), g.trueConstraints(), g.world());
            Solution s;
            try {
                s = HierarchySolver.solve(p);
            } catch (UnsatisfiableException e) {
                fail("seed " + seed + ": " + e.getMessage() + "\n" + p.constraints());
                return;
            }
            List<String> bad = SolutionChecker.check(p, s);
            if (!bad.isEmpty()) {
                fail("seed " + seed + ": " + bad + "\n" + p.constraints() + "\n" + s);
            }
            if (seed % 50 == 0) {
                assertEquals(s, HierarchySolver.solve(p), "seed " + seed + " deterministic");
            }
        }
    }

    @Test
    void largerHiddenHierarchies() {
        for (long seed = 0; seed < 300; seed++) {
            Gen g = new Gen(5_000_000 + seed, 60);
            HierarchyProblem p = new HierarchyProblem(g.phantoms(), g.trueConstraints(), g.world());
            try {
                Solution s = HierarchySolver.solve(p);
                assertEquals(List.of(), SolutionChecker.check(p, s), "seed " + seed);
            } catch (UnsatisfiableException e) {
                fail("seed " + seed + ": " + e.getMessage());
            }
        }
    }

    @Test
    void scalesToThousandsOfConstraints() {
        Gen g = new Gen(42, 1500);
        while (g.n < 1000) {
            g = new Gen(g.rnd.nextLong(), 1500);
        }
        HierarchyProblem p = new HierarchyProblem(g.phantoms(), g.trueConstraints(), g.world());
        long t0 = System.nanoTime();
        Solution s = HierarchySolver.solve(p);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(List.of(), SolutionChecker.check(p, s));
        System.out.println("scale: " + g.n + " types, " + p.phantoms().size() + " phantoms, "
                + p.constraints().size() + " constraints solved in " + ms + " ms");
        assertTrue(ms < 10_000, ms + " ms");

        // a two-class cycle hidden among thousands of constraints: the conflict is found and shrunk
        List<Constraint> cs = new ArrayList<>(p.constraints());
        String a = "t/Extra1", b = "t/Extra2";
        TreeSet<String> phantoms = new TreeSet<>(p.phantoms());
        phantoms.add(a);
        phantoms.add(b);
        cs.addAll(World.constraints(a + " : class", b + " : class", a + " <: " + b, b + " <: " + a));
        HierarchyProblem bad = new HierarchyProblem(phantoms, cs, p.known());
        t0 = System.nanoTime();
        UnsatisfiableException e = org.junit.jupiter.api.Assertions.assertThrows(UnsatisfiableException.class,
                () -> HierarchySolver.solve(bad));
        ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("scale conflict in " + ms + " ms: " + e.getMessage());
        assertEquals(2, e.conflict().size(), e.getMessage());
        assertTrue(ms < 20_000, ms + " ms");
    }

    @Test
    void arbitraryConstraintsYieldCheckedSolutionsOrSmallConflicts() {
        int unsat = 0;
        for (long seed = 0; seed < 3000; seed++) {
            Gen g = new Gen(1_000_000 + seed);
            HierarchyProblem p = new HierarchyProblem(g.phantoms(), g.arbitraryConstraints(), g.world());
            try {
                Solution s = HierarchySolver.solve(p);
                List<String> bad = SolutionChecker.check(p, s);
                if (!bad.isEmpty()) {
                    fail("seed " + seed + ": " + bad + "\n" + p.constraints() + "\n" + s);
                }
            } catch (UnsatisfiableException e) {
                unsat++;
                // the conflict is unsatisfiable by itself
                HierarchyProblem core = new HierarchyProblem(g.phantoms(), e.conflict(), g.world());
                try {
                    HierarchySolver.solve(core);
                    fail("seed " + seed + ": conflict " + e.conflict() + " is solvable");
                } catch (UnsatisfiableException expected) {
                    // fine
                }
                // and 1-minimal: dropping any one constraint makes it solvable
                for (int i = 0; i < e.conflict().size(); i++) {
                    List<Constraint> rest = new ArrayList<>(e.conflict());
                    rest.remove(i);
                    HierarchySolver.solve(new HierarchyProblem(g.phantoms(), rest, g.world()));
                }
            }
        }
        System.out.println("arbitrary constraints: " + unsat + " of 3000 unsatisfiable");
    }
}
