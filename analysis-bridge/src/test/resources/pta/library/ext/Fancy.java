package library.ext;

import library.ui.Widget;

/** Overrides paint across packages; its layout() does not override Widget's package-private one. */
public class Fancy extends Widget {
    @Override
    protected void paint() {
    }

    void layout() {
    }
}
