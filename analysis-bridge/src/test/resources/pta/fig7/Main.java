package fig7;

import check.Check;

/**
 * Figure 7 of seed 004: the precision Selectx loses. {@code foo} wraps {@code bar}; its
 * {@code this} decides which {@code bar} runs, but no points-to path through {@code this} needs
 * context (Eq. 12 knows nothing of call-graph construction), so under s-kcfa {@code this} is
 * context-insensitive, both {@code bar}s run for each call of {@code foo}, and o2 and o4 mix.
 * The full rules (s-kcfa-full) select a receiver of a dispatching call that enflow reaches, and
 * the call's arguments, so {@code foo}'s {@code this} and {@code s} keep each call apart.
 */
public class Main {
    static class A {
        void bar(Object p) {
            Check.pts(p, "o2 o4 | 1cfa,2cfa,3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o2");
        }

        void foo(Object s) {
            this.bar(s); // c3
        }
    }

    static class B extends A {
        @Override
        void bar(Object q) {
            Check.pts(q, "o2 o4 | 1cfa,2cfa,3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o4");
        }
    }

    public static void main(String[] args) {
        A a = new A(); // @o1
        Object v1 = new Object(); // @o2
        a.foo(v1); // c1
        A b = new B(); // @o3
        Object v2 = new Object(); // @o4
        b.foo(v2); // c2
    }
}
