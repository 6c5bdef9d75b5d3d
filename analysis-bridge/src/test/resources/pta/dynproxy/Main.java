package dynproxy;

import check.Check;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/** Dynamic proxies of one and of two interfaces, each with its own handler, beside a plain implementation. */
public class Main {
    interface Greeter {
        String greet(String name);
    }

    interface Counter {
        int count(int step);
    }

    interface Named {
        String name();
    }

    static class RealGreeter implements Greeter {
        @Override
        public String greet(String name) {
            return name;
        }
    }

    static class GreeterHandler implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            Check.pts(proxy, "<proxy:Main$Greeter>");
            return args[0];
        }
    }

    static class PairHandler implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            Check.pts(proxy, "<proxy:Main$Counter+Main$Named>");
            return Integer.valueOf(1);
        }
    }

    public static void main(String[] args) {
        ClassLoader loader = Main.class.getClassLoader();
        Greeter g = (Greeter) Proxy.newProxyInstance(loader, new Class<?>[] {Greeter.class}, new GreeterHandler());
        String s = g.greet("x");
        Object pair = Proxy.newProxyInstance(loader, new Class<?>[] {Counter.class, Named.class}, new PairHandler());
        int n = ((Counter) pair).count(2);
        String name = ((Named) pair).name();
        Greeter real = new RealGreeter();
        real.greet("y");
        Check.pts(pair, "<proxy:Main$Counter+Main$Named>");
    }
}
