package statics;

import check.Check;

public class Main {
    static Object shared;
    static Object other;

    static void put(Object o) {
        shared = o;
    }

    public static void main(String[] args) {
        put(new Object()); // @s1
        other = new Object(); // @s2
        Check.pts(shared, "s1");
        Check.pts(other, "s2");
        Check.pts(Holder.VALUE, "h");
    }
}

class Holder {
    static final Object VALUE = new Object(); // @h
}
