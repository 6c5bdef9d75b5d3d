package dynmhproxy;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** {@code MethodHandleProxies.asInterfaceInstance}: calls on the instance run the handle's target. */
public class Main {
    interface Greeting {
        String greet(String s);
    }

    static class Plain implements Greeting {
        @Override
        public String greet(String s) {
            return s;
        }
    }

    static String hello(String s) {
        Check.pts(s, "\"arg\"");
        return s;
    }

    static void tick() {
    }

    static String never(String s) {
        return s;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodHandle h = l.findStatic(Main.class, "hello", MethodType.methodType(String.class, String.class));
        Greeting g = MethodHandleProxies.asInterfaceInstance(Greeting.class, h);
        String r = g.greet("arg");
        Greeting p = new Plain();
        String q = p.greet("plain");
        Runnable t = MethodHandleProxies.asInterfaceInstance(Runnable.class,
                l.findStatic(Main.class, "tick", MethodType.methodType(void.class)));
        t.run();
    }
}
