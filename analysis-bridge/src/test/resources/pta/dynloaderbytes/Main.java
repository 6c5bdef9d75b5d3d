package dynloaderbytes;

import check.Check;
import java.io.IOException;
import java.io.InputStream;

/**
 * Classes defined from bytes the program carries: a loader defining a class from a constant array
 * (JCG's CL4 shape) and one defining a class from a resource of the program (a class file stored
 * under another name, {@code dynloaderbytes/plugin.bin}, out of the class path's reach; the test
 * makes it from {@code res/Plugin.java}). Each defined class runs through an interface the parent
 * loader shares. The test also runs it in a JVM: {@code RAN} says what ran.
 */
public class Main {
    /** Loaded by the parent, so both loaders' classes share it. */
    public interface Task {
        String run();
    }

    /**
     * The class file ({@code javac --release 8 -g:none}) of
     * <pre>
     * package dynloaderbytes.hidden;
     *
     * public class Greeter implements dynloaderbytes.Main.Task {
     *     public String run() {
     *         dynloaderbytes.Main.RAN.append(" greeter");
     *         return "g";
     *     }
     * }
     * </pre>
     * whose source is nowhere else: no class of the program's class path is that class.
     */
    static final byte[] GREETER = {
        -54, -2, -70, -66, 0, 0, 0, 52, 0, 32, 10, 0, 2, 0, 3, 7, 0, 4, 12, 0,
        5, 0, 6, 1, 0, 16, 106, 97, 118, 97, 47, 108, 97, 110, 103, 47, 79, 98, 106, 101,
        99, 116, 1, 0, 6, 60, 105, 110, 105, 116, 62, 1, 0, 3, 40, 41, 86, 9, 0, 8,
        0, 9, 7, 0, 10, 12, 0, 11, 0, 12, 1, 0, 19, 100, 121, 110, 108, 111, 97, 100,
        101, 114, 98, 121, 116, 101, 115, 47, 77, 97, 105, 110, 1, 0, 3, 82, 65, 78, 1, 0,
        25, 76, 106, 97, 118, 97, 47, 108, 97, 110, 103, 47, 83, 116, 114, 105, 110, 103, 66, 117,
        105, 108, 100, 101, 114, 59, 8, 0, 14, 1, 0, 8, 32, 103, 114, 101, 101, 116, 101, 114,
        10, 0, 16, 0, 17, 7, 0, 18, 12, 0, 19, 0, 20, 1, 0, 23, 106, 97, 118, 97,
        47, 108, 97, 110, 103, 47, 83, 116, 114, 105, 110, 103, 66, 117, 105, 108, 100, 101, 114, 1,
        0, 6, 97, 112, 112, 101, 110, 100, 1, 0, 45, 40, 76, 106, 97, 118, 97, 47, 108, 97,
        110, 103, 47, 83, 116, 114, 105, 110, 103, 59, 41, 76, 106, 97, 118, 97, 47, 108, 97, 110,
        103, 47, 83, 116, 114, 105, 110, 103, 66, 117, 105, 108, 100, 101, 114, 59, 8, 0, 22, 1,
        0, 1, 103, 7, 0, 24, 1, 0, 29, 100, 121, 110, 108, 111, 97, 100, 101, 114, 98, 121,
        116, 101, 115, 47, 104, 105, 100, 100, 101, 110, 47, 71, 114, 101, 101, 116, 101, 114, 7, 0,
        26, 1, 0, 24, 100, 121, 110, 108, 111, 97, 100, 101, 114, 98, 121, 116, 101, 115, 47, 77,
        97, 105, 110, 36, 84, 97, 115, 107, 1, 0, 4, 67, 111, 100, 101, 1, 0, 3, 114, 117,
        110, 1, 0, 20, 40, 41, 76, 106, 97, 118, 97, 47, 108, 97, 110, 103, 47, 83, 116, 114,
        105, 110, 103, 59, 1, 0, 12, 73, 110, 110, 101, 114, 67, 108, 97, 115, 115, 101, 115, 1,
        0, 4, 84, 97, 115, 107, 0, 33, 0, 23, 0, 2, 0, 1, 0, 25, 0, 0, 0, 2,
        0, 1, 0, 5, 0, 6, 0, 1, 0, 27, 0, 0, 0, 17, 0, 1, 0, 1, 0, 0,
        0, 5, 42, -73, 0, 1, -79, 0, 0, 0, 0, 0, 1, 0, 28, 0, 29, 0, 1, 0,
        27, 0, 0, 0, 24, 0, 2, 0, 1, 0, 0, 0, 12, -78, 0, 7, 18, 13, -74, 0,
        15, 87, 18, 21, -80, 0, 0, 0, 0, 0, 1, 0, 30, 0, 0, 0, 10, 0, 1, 0,
        25, 0, 8, 0, 31, 6, 9,
    };

    /** Defines the class of the bytes it is given, its name taken from them. */
    static class ArrayLoader extends ClassLoader {
        ArrayLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    /** Finds the class its parent cannot in a resource of the program. */
    static class ResourceLoader extends ClassLoader {
        ResourceLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            try (InputStream in = getParent().getResourceAsStream("dynloaderbytes/plugin.bin")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
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
        ArrayLoader loader = new ArrayLoader(Main.class.getClassLoader()); // @arrayLoader
        Check.pts(loader, "arrayLoader");
        Class<?> greeter = loader.define(GREETER);
        ((Task) greeter.newInstance()).run();
        // forName, not loader.loadClass: without contexts, what the JDK's loadClass body returns is every
        // class object any loadClass returns (in the test's shared analysis, other fixtures' too)
        Class<?> plugin = Class.forName("dynloaderbytes.res.Plugin", false, new ResourceLoader(Main.class.getClassLoader()));
        ((Task) plugin.newInstance()).run();
    }
}
