package library.shapes;

/** Package-private: a client never names it, but gets one from Shapes.circle() and may pass it back. */
class Circle implements Shape {
    @Override
    public double area() {
        return 2;
    }
}
