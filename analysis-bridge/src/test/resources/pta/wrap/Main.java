package wrap;

import check.Check;

/**
 * Two levels of calls: {@code wrap} passes its parameter through {@code id}. One call site of
 * context cannot tell the two calls of {@code wrap} apart inside {@code id}; two can, and Selectx
 * selects {@code w} (a summary edge takes it to {@code wrap}'s return) and {@code n}, so s-2cfa is
 * as precise as 2cfa. A list-like container shows the same for objects allocated in a callee.
 */
public class Main {
    static Object id(Object n) {
        return n;
    }

    static Object wrap(Object w) {
        return id(w);
    }

    static class Box {
        Object item;

        void set(Object x) {
            this.item = x;
        }

        Object get() {
            return this.item;
        }
    }

    static Box box(Object x) {
        Box b = new Box(); // @box
        b.set(x);
        return b;
    }

    public static void main(String[] args) {
        Object w1 = new Object(); // @o1
        Object w2 = new Object(); // @o2
        Check.pts(wrap(w1), "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(wrap(w2), "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o2");
        Box b1 = box(w1);
        Box b2 = box(w2);
        Check.pts(b1.get(), "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(b2.get(), "o1 o2 | 2cfa,3cfa,s-2cfa,s-3cfa,s-2cfa-full,s-3cfa-full: o2");
    }
}
