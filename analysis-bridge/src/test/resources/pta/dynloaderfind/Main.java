package dynloaderfind;

import check.Check;
import java.io.IOException;
import java.io.InputStream;

/**
 * A class loader subclass that defines a class of the program again from its class file (a
 * child-first loader, as plugin hosts and hot reloaders use): {@code Class.forName(name, true,
 * loader)} makes the JVM call the loader's loadClass(String), which runs its overrides; the JVM
 * calls it again to resolve the names the defined class uses; the defineClass site is reported;
 * the defined class's methods run through the interface. The test also runs it in a JVM: {@code RAN} says what ran.
 */
public class Main {
    /** Loaded by the parent, so both loaders' classes share it. */
    public interface Task {
        String run();
    }

    public static class Plugin implements Task {
        @Override
        public String run() {
            RAN.append(" plugin");
            return "p";
        }
    }

    static class ChildFirst extends ClassLoader {
        ChildFirst(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            RAN.append(" load");
            if (!name.equals("dynloaderfind.Main$Plugin")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            RAN.append(" find");
            Check.pts(this, "loader");
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    @SuppressWarnings("deprecation")
    public static void main(String[] args) throws Exception {
        ChildFirst loader = new ChildFirst(Main.class.getClassLoader()); // @loader
        Class<?> c = Class.forName("dynloaderfind.Main$Plugin", true, loader);
        // Class.newInstance, not getDeclaredConstructor().newInstance(): in the test's shared analysis of
        // all fixtures, dynunsafe's Unsafe model mixes the JDK's Constructor caches of every class
        Task t = (Task) c.newInstance();
        t.run();
        RAN.append(c.getClassLoader() == loader ? " child" : " parent");
    }
}
