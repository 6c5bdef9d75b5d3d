package dynservice;

/** A service. */
public interface Codec {
    String encode(String s);
}
