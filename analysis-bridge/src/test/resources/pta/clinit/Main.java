package clinit;

import check.Check;

public class Main {
    static Object log = new Object(); // @mainlog

    static Object record(Object o) {
        return o;
    }

    public static void main(String[] args) {
        new Child();
        Check.pts(Registry.ITEMS, "items");
        Used.call();
        Check.pts(Parent.seen, "parent");
    }
}

class Parent implements WithDefault, Plain {
    static Object seen = new Object(); // @parent
}

/** Initialised with Parent: it declares a default method (JVMS 5.5). */
interface WithDefault {
    Object FIELD = Main.record(new Object());

    default void hello() {
    }
}

/** Not initialised with Parent: no default method. */
interface Plain {
    Object FIELD = Main.record(new Object());
}

class Child extends Parent {
    static Object mine = new Object(); // @child
}

class Registry {
    static final Object[] ITEMS = new Object[1]; // @items
}

class Used {
    static {
        Check.pts(Main.log, "mainlog");
    }

    static void call() {
    }
}

class NeverUsed {
    static {
        Check.pts(null, "never reached");
    }
}
