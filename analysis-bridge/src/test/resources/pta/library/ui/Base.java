package library.ui;

/**
 * Package-private with public methods that the public subclass Panel exposes: javac gives Panel a
 * bridge for show(), which calls this one; the static util() a client calls as Panel.util().
 */
abstract class Base {
    public void show() {
    }

    public static void util() {
    }
}
