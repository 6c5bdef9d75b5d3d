package strings;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Seed 000's Section 5.1 example: "zork" names a method of Info only and "baz" one of Foob only,
 * so the two never tell members of one class apart and string colouring merges them. The lookups
 * on a class that may be either (the analysis cannot tell) get only "zork": they find Info.zork,
 * never Foob.baz, with colouring as without.
 */
public class Colours {
    public static void main(String[] args) throws Throwable {
        Class<?> cls = args.length > 0 ? Foob.class : Info.class;
        Object target = args.length > 1 ? new Foob() : new Info();
        String name = "zork";
        cls.getMethod(name).invoke(target);
        MethodHandle h = MethodHandles.lookup().findVirtual(cls, name, MethodType.methodType(void.class));
        h.invoke(target);
        Foob.class.getMethod("baz").invoke(new Foob()); // "baz" is a constant of the program too
    }

    public static class Foob {
        public void baz() {
        }
    }

    public static class Info {
        public void zork() {
        }
    }
}
