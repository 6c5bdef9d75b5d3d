package library.ui;

/** Package-private, with no public subtype: its public method is reachable by clients only under open packages. */
class Internal {
    public void work() {
    }
}
