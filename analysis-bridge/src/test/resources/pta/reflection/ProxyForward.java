package reflection;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/** A proxy whose handler forwards each call with Method.invoke: the dynamic and reflection models meet. */
public class ProxyForward {
    public static void main(String[] args) {
        Greeter real = new RealGreeter();
        InvocationHandler forward = new Forwarder(real);
        Greeter g = (Greeter) Proxy.newProxyInstance(ProxyForward.class.getClassLoader(),
                new Class<?>[] {Greeter.class}, forward);
        g.greet();
    }
}

interface Greeter {
    void greet();
}

class RealGreeter implements Greeter {
    @Override
    public void greet() {
    }
}

class Forwarder implements InvocationHandler {
    private final Object target;

    Forwarder(Object target) {
        this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        return method.invoke(target, args);
    }
}
