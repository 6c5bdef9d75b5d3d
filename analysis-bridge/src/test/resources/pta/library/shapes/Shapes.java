package library.shapes;

public final class Shapes {
    private Shapes() {
    }

    public static Shape circle() {
        return new Circle();
    }

    /** s.area() reaches Square, Circle and (by signature) Plate, not Dial. */
    public static double total(Shape s) {
        return s.area();
    }
}
