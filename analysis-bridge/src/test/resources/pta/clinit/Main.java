package clinit;

import check.Check;

public class Main {
    static Object log = new Object(); // @mainlog

    public static void main(String[] args) {
        new Child();
        Check.pts(Registry.ITEMS, "items");
        Used.call();
        Check.pts(Parent.seen, "parent");
    }
}

class Parent {
    static Object seen = new Object(); // @parent
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
