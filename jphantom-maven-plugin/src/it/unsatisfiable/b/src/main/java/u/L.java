package u;

/** Calls P.n with invokeinterface. */
public class L {
    public static void b(q.P p) {
        p.n();
    }
}
