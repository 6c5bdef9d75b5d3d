package dynindy;

import check.Check;

/**
 * A record's object methods ({@code ObjectMethods.bootstrap}); string concatenation is in
 * {@code dynldc}, since javac 17.0.15 turns objects into strings before the {@code invokedynamic}.
 */
public class Main {
    static class Part {
        @Override
        public String toString() {
            Check.pts(this, "part1 part2");
            return "part";
        }

        @Override
        public int hashCode() {
            Check.pts(this, "part1 part2"); // without contexts, Pair's constructor stores both in each Pair
            return 1;
        }

        @Override
        public boolean equals(Object o) {
            Check.pts(this, "part1 part2");
            Check.pts(o, "part1 part2");
            return false;
        }
    }

    record Pair(Part part, int n) {
    }

    public static void main(String[] args) {
        Pair p1 = new Pair(new Part() /* @part1 */, 1);
        Pair p2 = new Pair(new Part() /* @part2 */, 2);
        String t = p1.toString() + p2;
        int h = p1.hashCode();
        boolean e = p1.equals(p2);
    }
}
