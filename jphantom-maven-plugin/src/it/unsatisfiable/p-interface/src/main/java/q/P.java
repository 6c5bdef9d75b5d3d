package q;

/** Here P is an interface. */
public interface P {
    void n();
}
