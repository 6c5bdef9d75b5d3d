package phantom.lib;

/** Removed before complementation. */
public class Widget {
    public String label() {
        return "widget";
    }

    public void draw() {
    }

    public String describe() {
        return "a widget";
    }
}
