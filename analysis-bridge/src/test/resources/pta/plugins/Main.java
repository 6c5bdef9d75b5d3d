package plugins;

import check.Check;

/**
 * A program for the solver's plugin operations (SolverApiTest): a plugin binds the call of
 * {@code hook} to {@code target} with explicit pointers, as a reflective call would be, and adds a
 * call {@code p.hashCode()} to {@code sink}. Without the plugin, {@code r} points to nothing and
 * no {@code hashCode} is called.
 */
public class Main {
    static class A {
        @Override
        public int hashCode() {
            return 1;
        }
    }

    static class B {
        @Override
        public int hashCode() {
            return 2;
        }
    }

    static Object hook(Object o) {
        return null;
    }

    static Object target(A a) {
        return a;
    }

    static void sink(Object p) {
    }

    public static void main(String[] args) {
        Object a = new A(); // @a
        Object b = new B(); // @b
        Object r = hook(a);
        Object s = hook(b);
        Check.pts(r, "a");
        Check.pts(s, "a"); // b does not pass target's parameter type; target returns what it got (a)
        sink(a);
        sink(b);
    }
}
