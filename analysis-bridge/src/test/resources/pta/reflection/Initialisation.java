package reflection;

/**
 * An object made reflectively initialises its class first (JLS 12.4.1), however the class object
 * was found: a class literal (which does not initialise), a constructor object, or SOLAR's typing
 * of an unknown class's object at a cast.
 */
public class Initialisation {
    public static void main(String[] args) throws Exception {
        Object a = ByLiteral.class.newInstance();
        Object b = ByConstructor.class.getConstructor().newInstance();
        Object c = Class.forName(args[0], false, Initialisation.class.getClassLoader()).newInstance();
        ((Service) c).serve();
    }
}

interface Service {
    void serve();
}

class ByLiteral {
    static Object seen = new Object();

    public ByLiteral() {
    }
}

class ByConstructor {
    static Object seen = new Object();

    public ByConstructor() {
    }
}

class ByCast implements Service {
    static Object seen = new Object();

    public ByCast() {
    }

    @Override
    public void serve() {
    }
}
