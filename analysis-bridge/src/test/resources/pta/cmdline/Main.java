package cmdline;

import java.lang.reflect.Method;

/**
 * A runner in JUnitCore's manner: the classes it runs are named only on its command line; it makes
 * each by its constructor and calls its methods found by getDeclaredMethods, with no cast that could
 * tell an analysis which classes they are.
 */
public class Main {
    public static class First {
        public void check() {
            First.ran();
        }

        static void ran() {
        }
    }

    public static class Second {
        public void check() {
        }
    }

    public static void main(String[] args) throws Exception {
        for (String name : args) {
            if (!name.startsWith("-")) { // not an option, as a runner's command line may hold
                run(name);
            }
        }
        try {
            run("cmdline.NoSuchTest"); // a constant that names no class: a less telling origin
        } catch (ClassNotFoundException expected) {
        }
    }

    static void run(String name) throws Exception {
        Class<?> c = Class.forName(name);
        Object test = c.getConstructor().newInstance();
        for (Method m : c.getDeclaredMethods()) {
            m.invoke(test);
        }
    }
}
