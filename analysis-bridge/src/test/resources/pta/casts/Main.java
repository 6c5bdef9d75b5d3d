package casts;

import check.Check;

public class Main {
    static class A {
    }

    static class B extends A {
    }

    static class C {
    }

    public static void main(String[] args) {
        Object o;
        if (args.length > 0) {
            o = new A(); // @a
        } else if (args.length > 1) {
            o = new B(); // @b
        } else {
            o = new C(); // @c
        }
        Check.pts(o, "a b c");
        A a = (A) o;
        Check.pts(a, "a b");
        B b = (B) o;
        Check.pts(b, "b");
        C c = (C) o;
        Check.pts(c, "c");
        Runnable r = (Runnable) o;
        Check.pts(r, "");
    }
}
