package nullarg;

import check.Check;

/**
 * Eq. 18 against Eq. 19 (seed 004, Section 4.2): {@code id}'s parameter has an entry and an exit,
 * so Eq. 19 would select it, but no object ever flows into it (every caller passes null), so no
 * flowsto path starting at an object runs through it and Eq. 18 leaves it context-insensitive.
 * {@code keep}'s parameter, which does receive objects, is selected.
 */
public class Main {
    static Object id(Object n) {
        return n;
    }

    static Object keep(Object k) {
        return k;
    }

    public static void main(String[] args) {
        Check.pts(id(null), "");
        Check.pts(id(null), "");
        Object o1 = new Object(); // @o1
        Object o2 = new Object(); // @o2
        Check.pts(keep(o1), "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(keep(o2), "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o2");
    }
}
