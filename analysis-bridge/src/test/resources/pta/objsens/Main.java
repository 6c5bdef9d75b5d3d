package objsens;

import check.Check;

/**
 * Object sensitivity separates what 1-call-site cannot: set and get delegate to one call site
 * each, so under 1-call-site both boxes' setImpl run in a single context and their fields merge;
 * under 1-object setImpl runs once per box. Two call sites of context are enough again.
 */
public class Main {
    static class Box {
        Object f;

        void set(Object o) {
            setImpl(o);
        }

        void setImpl(Object o) {
            this.f = o;
        }

        Object get() {
            return f;
        }
    }

    public static void main(String[] args) {
        Box b1 = new Box(); // @b1
        Box b2 = new Box(); // @b2
        b1.set(new Object() /* @x */);
        b2.set(new Object() /* @y */);
        Check.pts(b1.get(), "x y | 1obj,2obj,2cfa: x");
        Check.pts(b2.get(), "x y | 1obj,2obj,2cfa: y");
    }
}
