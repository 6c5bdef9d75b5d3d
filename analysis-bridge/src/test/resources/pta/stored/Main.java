package stored;

import check.Check;

/**
 * What a method stores into an object its parameter reaches: {@code init} allocates a {@code Cell}
 * and stores it into its parameter's field. Under 2cfa each call of {@code init} makes its own
 * cell (heap context: the call site), so each holder's cell keeps its own value. The paper's G_R
 * selects the cell's allocation and the parameter through the store's inverse edge
 * {@code (h,V_f) -> (c,V_p)} (s-kcfa-full); the lean graph, without that edge, does not, and the
 * two cells are one. A {@code Bits} holds only a primitive array, and the full rules select its
 * allocation and the array's all the same: L_R turns at every object, whatever it can hold.
 */
public class Main {
    static class Cell {
        Object v;
    }

    static class Bits {
        int[] words;
    }

    static class Holder {
        Cell cell;
        Bits bits;
    }

    static void init(Holder h) {
        h.cell = new Cell();
        h.bits = new Bits();
        h.bits.words = new int[4];
    }

    public static void main(String[] args) {
        Holder h1 = new Holder(); // @h1
        init(h1);
        Holder h2 = new Holder(); // @h2
        init(h2);
        h1.cell.v = new Object(); // @o1
        h2.cell.v = new Object(); // @o2
        Check.pts(h1.cell.v, "o1 o2 | 2cfa,3cfa,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(h2.cell.v, "o1 o2 | 2cfa,3cfa,s-2cfa-full,s-3cfa-full: o2");
    }
}
