package library.ui;

/** Public and extensible; its public size() is declared by package-private Hidden. */
public class Exposed extends Hidden {
}

/** Package-private: clients see its public method only through Exposed. */
class Hidden {
    public int size() {
        return 1;
    }
}
