package dynservice;

/** A provider with a static provider() method, which ServiceLoader prefers to a constructor. */
public class Factory implements Codec {
    private Factory() {
    }

    public static Codec provider() {
        return new Factory(); // @factory
    }

    @Override
    public String encode(String s) {
        return s;
    }
}
