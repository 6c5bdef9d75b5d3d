package library.shapes;

/** A static field a client can set. */
public final class Hooks {
    public static Runnable onChange;

    private Hooks() {
    }

    public static void fire() {
        onChange.run();
    }
}
