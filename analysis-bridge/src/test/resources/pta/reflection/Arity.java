package reflection;

/** Lookups that name their parameter types by a Class[] of constant length find only members of that arity. */
public class Arity {
    public static void main(String[] args) throws Exception {
        Object a = Bolt.class.getDeclaredConstructor().newInstance();           // Bolt() only
        Object b = Bolt.class.getConstructor(String.class).newInstance("x");    // Bolt(String) only
        Bolt.class.getMethod("fit", int.class, int.class).invoke(a, 1, 2);      // fit(int, int) only
        Class<?>[] types = new Class<?>[args.length];
        Bolt.class.getMethod("fit", types).invoke(b);                           // length not known: every fit
    }
}

class Bolt {
    public Bolt() {
    }

    public Bolt(String s) {
    }

    public Bolt(String s, int n) {
    }

    public void fit() {
    }

    public void fit(int x) {
    }

    public void fit(int x, int y) {
    }
}
