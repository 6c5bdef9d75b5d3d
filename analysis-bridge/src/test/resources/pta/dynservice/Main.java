package dynservice;

import check.Check;
import java.util.ServiceLoader;

/** ServiceLoader with providers listed in a class-path jar's META-INF/services, and the JDK's own. */
public class Main {
    public static void main(String[] args) {
        for (Codec c : ServiceLoader.load(Codec.class)) {
            c.encode("x");
        }
        Codec first = ServiceLoader.load(Codec.class).findFirst().orElse(null);
        // a JDK service: the providers of the JDK's modules (jdk.zipfs, java.base's jrt file system)
        for (java.nio.file.spi.FileSystemProvider p : ServiceLoader.load(java.nio.file.spi.FileSystemProvider.class)) {
            String scheme = p.getScheme();
        }
    }
}
