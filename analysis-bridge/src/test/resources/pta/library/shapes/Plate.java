package library.shapes;

/**
 * Not a Shape, but a client may write {@code class X extends Plate implements Shape}: X.area() is
 * Plate.area() (call-by-signature).
 */
public class Plate {
    public double area() {
        return 4;
    }
}
