package library.shapes;

/** A library interface a client implements or receives. */
public interface Shape {
    double area();
}
