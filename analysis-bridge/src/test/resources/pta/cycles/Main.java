package cycles;

import check.Check;

/**
 * A cycle of unfiltered flow, B -> x -> A -> y -> B through static fields and locals, with more
 * objects than the solver needs to collapse cycles (16), reached by objects at different times:
 * seventy at B first, seventy more at A later (through C and a chain of calls), one last one from a
 * method that only the cycle's own receivers make reachable. Members x and y are dereferenced (a
 * field load, a field store, calls), so they must see every object whichever member it came in at.
 */
public class Main {
    static class Item {
        Item next;

        Item self() {
            return this;
        }

        Item late() {
            B = new Item(); // @late
            return next;
        }
    }

    static Item A;
    static Item B;
    static Item C;

    static Item pass(Item i) {
        return i;
    }

    public static void main(String[] args) {
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        B = new Item();
        spin();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        C = new Item();
        A = pass(pass(pass(C)));
        spin();
    }

    static void spin() {
        Item x = B;
        A = x;
        Item y = A;
        B = y;
        y.next = new Item(); // @n
        Check.pts(x.next, "n");
        Check.pts(y.self(), "Main$Item late");
        Check.pts(x.late(), "n");
        Check.pts(A, "Main$Item late");
        Check.pts(C, "Main$Item");
    }
}
