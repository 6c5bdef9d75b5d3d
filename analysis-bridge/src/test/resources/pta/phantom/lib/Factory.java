package phantom.lib;

/** Removed before complementation. */
public class Factory {
    public static Widget create() {
        return new Widget();
    }
}
