package dynmh;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Method handles: virtual, static, special, constructor and field handles, a bound one; invokeExact and invoke. */
public class Main {
    static class Greeter {
        String greet(String s) {
            Check.pts(this, "greeter");
            return s;
        }
    }

    static class Sub extends Greeter {
        @Override
        String greet(String s) {
            Check.pts(this, "sub boundsub");
            return s;
        }
    }

    Object field;
    static Object sfield;

    Main(Object o) {
        Check.pts(o, "ctorarg");
    }

    static String twice(Object o) {
        Check.pts(o, "arg");
        return "t";
    }

    static void neverInvoked() {
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodHandle v = l.findVirtual(Greeter.class, "greet", MethodType.methodType(String.class, String.class));
        String r = (String) v.invokeExact(new Greeter() /* @greeter */, "x");
        Greeter g2 = new Sub(); // @sub
        Object r2 = v.invoke(g2, "y");
        MethodHandle s = l.findStatic(Main.class, "twice", MethodType.methodType(String.class, Object.class));
        String t = (String) s.invokeExact(new Object() /* @arg */);
        MethodHandle c = l.findConstructor(Main.class, MethodType.methodType(void.class, Object.class));
        Main m = (Main) c.invoke(new Object() /* @ctorarg */);
        // the call's descriptor returns Main (javac folds the cast into it), so the result is
        // filtered by Main and the plain model's abstract Object result does not reach m
        Check.pts(m, "<mh-new:dynmh.Main>");
        MethodHandle set = l.findSetter(Main.class, "field", Object.class);
        set.invoke(m, new Object() /* @fieldval */);
        Check.pts(m.field, "fieldval");
        MethodHandle sset = l.findStaticSetter(Main.class, "sfield", Object.class);
        sset.invoke(new Object() /* @sval */);
        Check.pts(sfield, "sval");
        MethodHandle unused = l.findStatic(Main.class, "neverInvoked", MethodType.methodType(void.class));
        MethodHandle bound = v.bindTo(new Sub() /* @boundsub */);
        String b = (String) bound.invokeExact("z");
        MethodHandle get = l.findGetter(Main.class, "field", Object.class);
        Check.pts(get.invoke(m), "fieldval abstract:Object");
        MethodHandle sget = l.findStaticGetter(Main.class, "sfield", Object.class);
        Check.pts(sget.invoke(), "sval abstract:Object");
        MethodHandle special = l.findSpecial(Object.class, "toString", MethodType.methodType(String.class), Main.class);
        String own = (String) special.invoke(m);
    }

    @Override
    public String toString() {
        return "main";
    }
}
