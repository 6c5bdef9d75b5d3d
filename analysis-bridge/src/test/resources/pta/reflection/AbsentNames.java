package reflection;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * Constant names that no class of the program has: {@code forName} through the caller's loader
 * throws {@code ClassNotFoundException} (nothing runs, the analysis misses nothing), while a
 * {@code URLClassLoader} over a directory given at run time finds a class there that the analysis
 * never sees. The test runs it on HotSpot: {@code RAN} says what happened.
 */
public class AbsentNames {
    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("reflection.NoSuchDriver");
        } catch (ClassNotFoundException e) {
            RAN.append(" absent");
        }
        if (args.length > 0) {
            try (URLClassLoader plugins = new URLClassLoader(new URL[] {Path.of(args[0]).toUri().toURL()})) {
                Class<?> c = plugins.loadClass("plugins.Outside");
                RAN.append(" ").append(c.getName());
            }
        }
    }
}
