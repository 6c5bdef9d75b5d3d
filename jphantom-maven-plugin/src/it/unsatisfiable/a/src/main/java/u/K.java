package u;

/** Calls P.m with invokevirtual. */
public class K {
    public static void a(q.P p) {
        p.m();
    }
}
