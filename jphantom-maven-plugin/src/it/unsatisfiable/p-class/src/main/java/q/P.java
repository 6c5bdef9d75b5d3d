package q;

/** Here P is a class. */
public class P {
    public void m() {
    }
}
