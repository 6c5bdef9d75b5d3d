package library.ui;

/** Package-private with no public subclass: under closed packages no client class can extend it. */
class Secluded {
    public int size() {
        return 2;
    }
}
