package assign;

import check.Check;

public class Main {
    public static void main(String[] args) {
        Object x = new Object(); // @o1
        Object y = x;
        Check.pts(y, "o1");
        // The same local slot, reused for an unrelated value: a different variable.
        x = new Object[1]; // @o2
        Check.pts(x, "o2");
        Object z = args.length > 0 ? new Object() /* @o3 */ : y;
        Check.pts(z, "o1 o3");
        Object w = null;
        for (int i = 0; i < args.length; i++) {
            w = i == 0 ? new Integer[0] /* @arr */ : w;
        }
        Check.pts(w, "arr");
    }
}
