package arrays;

import check.Check;

public class Main {
    /**
     * A shared empty state, as ArrayList keeps one: a zero-length array holds nothing, whatever is
     * stored (under ci+containers, which needs it; context-insensitively it changes nothing that
     * matters and is not applied).
     */
    static final Object[] EMPTY = {}; // @EMPTY

    static Object[] grow(Object[] elements) {
        return elements.length == 0 ? new Object[4] /* @grown */ : elements;
    }

    public static void main(String[] args) {
        Object[] a = new Object[2]; // @a
        Object[] b = new Object[2]; // @b
        a[0] = new Object(); // @x
        b[1] = new Object(); // @y
        Check.pts(a[1], "x");
        Check.pts(b[0], "y");
        Object[][] grid = new Object[2][3]; // @grid
        Check.pts(grid, "grid");
        Check.pts(grid[0], "grid");
        grid[1][2] = "cell";
        Check.pts(grid[0][0], "\"cell\"");
        Object[] c = new Object[2]; // @c
        System.arraycopy(a, 0, c, 0, 2);
        Check.pts(c[0], "x");
        Object[] d = a.clone();
        Check.pts(d, "a");
        Object[] e = EMPTY;
        if (args.length == 0) {
            e = grow(e);
        }
        e[0] = new Object(); // @z
        Check.pts(e, "EMPTY grown");
        Check.pts(e[0], "x z | ci+containers: z");
        Object[] none = EMPTY;
        System.arraycopy(a, 0, none, 0, 0);
        Check.pts(EMPTY.length > 0 ? EMPTY[0] : null, "x z | ci+containers:");
    }
}
