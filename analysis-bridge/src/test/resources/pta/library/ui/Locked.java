package library.ui;

/** Final: its protected method is callable by no client class under closed packages. */
public final class Locked {
    protected void secret() {
    }
}
