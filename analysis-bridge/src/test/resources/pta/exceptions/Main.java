package exceptions;

import check.Check;

public class Main {
    static class Oops extends RuntimeException {
    }

    static class Other extends RuntimeException {
    }

    static void fail(boolean which) {
        if (which) {
            throw new Oops(); // exception objects are one per type
        }
        throw new Other();
    }

    static void passOn(boolean which) {
        fail(which);
    }

    public static void main(String[] args) {
        try {
            passOn(args.length > 0);
        } catch (Oops e) {
            Check.pts(e, "merged:Main$Oops");
        } catch (RuntimeException e) {
            Check.pts(e, "merged:Main$Other");
        }
        try {
            try {
                fail(true);
            } finally {
                args = null;
            }
        } catch (Throwable t) {
            Check.pts(t, "merged:Main$Oops merged:Main$Other");
        }
        try {
            Object o = new Object();
            o.hashCode();
        } catch (IllegalStateException e) {
            Check.pts(e, "");
        }
    }
}
