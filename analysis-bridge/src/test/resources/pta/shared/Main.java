package shared;

import check.Check;

/**
 * A method analysed under two contexts whose variable {@code b} needs none: it comes from a static
 * field, so no entry edge reaches it. Selectx selects {@code x} (it flows from the caller back to
 * it) but not {@code b}; the main analysis keeps one pointer for {@code b} across the contexts of
 * {@code remember}, and the store and the call through it take effect once for both.
 */
public class Main {
    static class Box {
        Object item;

        Object peek() {
            return item;
        }
    }

    static final Box CACHE = new Box(); // @cache

    static Object remember(Object x) {
        Box b = CACHE;
        b.item = x;
        Object last = b.peek();
        Check.pts(last, "o1 o2");
        return x;
    }

    public static void main(String[] args) {
        Object o1 = new Object(); // @o1
        Object o2 = new Object(); // @o2
        Check.pts(remember(o1), "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(remember(o2), "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o2");
    }
}
