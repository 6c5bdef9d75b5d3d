package dynservice;

import check.Check;
import java.util.ServiceLoader;

/** ServiceLoader with providers listed in a class-path jar's META-INF/services. */
public class Main {
    public static void main(String[] args) {
        for (Codec c : ServiceLoader.load(Codec.class)) {
            c.encode("x");
        }
        Codec first = ServiceLoader.load(Codec.class).findFirst().orElse(null);
    }
}
