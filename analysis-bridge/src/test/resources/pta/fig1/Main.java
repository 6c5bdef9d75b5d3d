package fig1;

import check.Check;

/** Figure 1 of seed 004 (Lu, He, Xue: Selective Context-Sensitivity for k-CFA with CFL-Reachability). */
public class Main {
    static Object m(Object n) {
        return n;
    }

    public static void main(String[] args) {
        Object w1 = new Object(); // @o1
        Object w2 = new Object(); // @o2
        Object v1 = m(w1); // c1
        Object v2 = m(w2); // c2
        Check.pts(v1, "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o1");
        Check.pts(v2, "o1 o2 | 1cfa,2cfa,3cfa,s-1cfa,s-2cfa,s-3cfa,s-1cfa-full,s-2cfa-full,s-3cfa-full: o2");
    }
}
