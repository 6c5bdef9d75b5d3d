package dynldc;

import check.Check;
import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Method handles and types from {@code ldc} constants (see {@link Constants}), and a type switch. */
public class Main {
    static class Greeter {
        String greet(String s) {
            Check.pts(this, "greeter");
            return s;
        }
    }

    static Object sfield;

    Main(Object o) {
        Check.pts(o, "ctorarg");
    }

    static String stat(Object o) {
        Check.pts(o, "statarg lookedup");
        return "s";
    }

    static class Shown {
        @Override
        public String toString() {
            Check.pts(this, "shown");
            return "shown";
        }
    }

    static class NeverShown {
        @Override
        public String toString() {
            return "never";
        }
    }

    static Object kept;

    /** The bootstrap of {@link Constants#custom}. */
    public static CallSite bootstrap(MethodHandles.Lookup lookup, String name, MethodType type) {
        return new ConstantCallSite(MethodHandles.constant(Object.class, "c"));
    }

    static String other(Object o) {
        return "o";
    }

    public static void main(String[] args) throws Throwable {
        String r = (String) Constants.greet().invokeExact(new Greeter() /* @greeter */, "x");
        String t = (String) Constants.stat().invokeExact(new Object() /* @statarg */);
        Main m = (Main) Constants.make().invoke(new Object() /* @ctorarg */);
        Constants.putStatic().invoke(new Object() /* @sval */);
        Check.pts(sfield, "sval");
        MethodHandle looked = MethodHandles.lookup().findStatic(Main.class, "stat", Constants.statType());
        String u = (String) looked.invokeExact(new Object() /* @lookedup */);
        int k = Constants.kind("s") + Constants.kind(1);
        kept = new NeverShown();
        String c = Constants.concat(new Shown() /* @shown */);
        Object d = Constants.custom();
    }
}
