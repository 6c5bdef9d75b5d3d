package library.shapes;

public final class Shapes {
    private Shapes() {
    }

    public static Shape circle() {
        return new Circle();
    }

    /** The lambda escapes to the client, which may run it. */
    public static Runnable later(Shape s) {
        return () -> s.area();
    }

    /** This lambda never leaves the library and is never run. */
    public static void keep() {
        Runnable r = () -> new Square();
    }

    /** s.area() reaches Square, Circle and (by signature) Plate, not Dial. */
    public static double total(Shape s) {
        return s.area();
    }
}
