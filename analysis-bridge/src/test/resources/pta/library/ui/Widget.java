package library.ui;

public class Widget {
    public Widget() {
    }

    /** Calls through {@code this}: a client subclass or a library one may be the receiver. */
    public void render() {
        paint();
        layout();
    }

    /** Protected: a client subclass calls or overrides it (an entry point under closed packages). */
    protected void paint() {
    }

    /** Package-private: only classes in library.ui see it (an entry point under open packages only). */
    void layout() {
    }
}
