package library.shapes;

/**
 * No library class implements it, but a client may write {@code class X extends
 * library.ui.Exposed implements Sized}: X.size() is the public {@code size()} that Exposed inherits
 * from a package-private class of another package (call-by-signature through a hidden class).
 */
public interface Sized {
    int size();

    static int sizeOf(Sized s) {
        return s.size();
    }
}
