package rethrow;

import check.Check;

/**
 * Exceptions that need call-site context: {@code raise} throws its parameter, {@code relay} and
 * {@code relayCaught} pass theirs on to it (the second catching and rethrowing what comes back).
 * The solver sends a callee's exceptions to the call's exception variable per call edge and
 * context, like a return, so kcfa keeps the calls apart (2cfa the calls of each relay). Selectx's
 * graph has no exception edges (seed 004's setup: exceptions through one global node), so
 * nothing here is selected and s-kcfa is as imprecise as ci: a documented loss, like Fig. 7's.
 * Throwables are one object per type.
 */
public class Main {
    static class A extends RuntimeException {
    }

    static class B extends RuntimeException {
    }

    static void raise(RuntimeException e) {
        throw e;
    }

    static void relay(RuntimeException r) {
        raise(r);
    }

    static void relayCaught(RuntimeException r) {
        try {
            raise(r);
        } catch (RuntimeException x) {
            throw x;
        }
    }

    public static void main(String[] args) {
        RuntimeException a = new A();
        RuntimeException b = new B();
        try {
            raise(a);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 1cfa,2cfa,3cfa: merged:Main$A");
        }
        try {
            relay(a);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 2cfa,3cfa: merged:Main$A");
        }
        try {
            relay(b);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 2cfa,3cfa: merged:Main$B");
        }
        try {
            relayCaught(b);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 2cfa,3cfa: merged:Main$B");
        }
        try {
            relayCaught(a);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 2cfa,3cfa: merged:Main$A");
        }
        try {
            raise(b);
        } catch (RuntimeException x) {
            Check.pts(x, "merged:Main$A merged:Main$B | 1cfa,2cfa,3cfa: merged:Main$B");
        }
    }
}
