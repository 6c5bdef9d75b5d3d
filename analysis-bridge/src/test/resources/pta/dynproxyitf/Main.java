package dynproxyitf;

import check.Check;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Proxies whose interface arrays are computed, not literals: the decorating handler idiom
 * ({@code target.getClass().getInterfaces()}), an array kept in a field, and one passed as a
 * parameter. Each handler forwards by {@code Method.invoke} to the object it wraps. The test also
 * runs it in a JVM: {@code RAN} says which methods ran.
 */
public class Main {
    interface Shape {
        String area(String unit);
    }

    interface Store {
        void put(Object o);
    }

    interface Audit {
        void note(String s);
    }

    static class Square implements Shape {
        @Override
        public String area(String unit) {
            RAN.append(" area");
            return unit;
        }
    }

    static class Box implements Store {
        @Override
        public void put(Object o) {
            RAN.append(" put");
        }
    }

    static class Log implements Audit {
        @Override
        public void note(String s) {
            RAN.append(" note");
        }
    }

    /** Not proxied: no proxy's handler reaches it. */
    static class Circle implements Shape {
        @Override
        public String area(String unit) {
            return unit;
        }
    }

    /** Forwards every call to the object it wraps (the JDK's documentation's DebugProxy). */
    static class Forwarder implements InvocationHandler {
        private final Object target;

        Forwarder(Object target) {
            this.target = target;
        }

        static Object wrap(Object target) {
            return Proxy.newProxyInstance(target.getClass().getClassLoader(), target.getClass().getInterfaces(),
                    new Forwarder(target));
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            RAN.append(" invoke");
            Check.pts(proxy, "<proxy:Main$Audit> <proxy:Main$Shape> <proxy:Main$Store>");
            return m.invoke(target, args);
        }
    }

    static final Class<?>[] STORES = {Store.class};

    static Object proxyOf(Class<?>[] interfaces, Object target) {
        return Proxy.newProxyInstance(Main.class.getClassLoader(), interfaces, new Forwarder(target));
    }

    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    public static void main(String[] args) {
        Shape s = (Shape) Forwarder.wrap(new Square());
        s.area("m");
        Store st = (Store) proxyOf(STORES, new Box());
        st.put(new Object());
        Class<?>[] audits = Log.class.getInterfaces();
        Audit a = (Audit) proxyOf(audits, new Log());
        a.note("n");
        new Circle().area("c");
    }
}
