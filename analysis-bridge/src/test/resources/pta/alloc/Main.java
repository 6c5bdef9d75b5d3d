package alloc;

import check.Check;

public class Main {
    static class A {
    }

    public static void main(String[] args) {
        Object a = new A(); // @a
        Object s = "hello";
        Object c = A.class;
        int[] ints = new int[3]; // @ints
        Check.pts(a, "a");
        Check.pts(s, "\"hello\"");
        Check.pts(c, "class:alloc.Main$A");
        Check.pts(ints, "ints");
        Check.pts(args, "<main-args>");
        Check.pts(args[0], "<main-arg>");
        Check.pts(null, "");
    }
}
