package fig3;

import check.Check;

/**
 * Figure 3 of seed 004: {@code n} is stored into a fresh object's field and the object returned,
 * so both {@code n} and {@code o3} need context (o3 a heap context, which 1-call-site sensitivity,
 * with its empty heap contexts, does not have).
 */
public class Main {
    static class A {
        Object f;
    }

    static Object id(Object n) {
        A a = new A(); // @o3
        a.f = n;
        return a;
    }

    public static void main(String[] args) {
        Object w1 = new Object(); // @o1
        Object w2 = new Object(); // @o2
        Object v1 = id(w1); // c1
        Object v2 = id(w2); // c2
        Check.pts(((A) v1).f, "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(((A) v2).f, "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o2");
    }
}
