package library.shapes;

/** A field a client can set on an object the library made and keeps. */
public final class Box {
    public Shape content;
    private Shape hidden;
    private static final Box INSTANCE = new Box();

    private Box() {
    }

    public static Box instance() {
        return INSTANCE;
    }

    /** Reads what a client may have stored: every Shape. */
    public static double measure() {
        return INSTANCE.content.area();
    }

    /** Only the library writes {@code hidden}, and never does: no target. */
    public static double measureHidden() {
        return INSTANCE.hidden.area();
    }
}
