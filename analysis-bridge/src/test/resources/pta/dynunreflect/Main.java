package dynunreflect;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Handles from reflection ({@code unreflect*}), bound by {@code Lookup.bind}, and run by
 * {@code invokeWithArguments}.
 */
public class Main {
    static class Greeter {
        String greet(String s) {
            Check.pts(this, "greeter boundgreeter");
            return s;
        }
    }

    static class Sub extends Greeter {
        @Override
        String greet(String s) {
            Check.pts(this, "sub");
            return s;
        }
    }

    static class Other {
        String greet(String s) {
            return s;
        }
    }

    Object field;
    static Object sfield;
    static Object sink;

    Main(Object o) {
        Check.pts(o, "ctorarg");
    }

    static String stat(Object o) {
        Check.pts(o, "statarg");
        return "s";
    }

    // Three parameters: a handle the program passes to the JDK's invokeWithArguments may, without
    // contexts, come back from the JDK's other lookups (see the README), here to the arity-2 invoke
    // sites of the other fixtures.
    static String spread(Object a, Object b, String c) {
        Check.pts(a, "wa \"wc\""); // invokeWithArguments: every element flows into every reference parameter
        Check.pts(c, "\"wc\""); // ... that accepts it: the parameter's type filters
        return "w";
    }

    static void notUnreflected() {
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        Method greet = Greeter.class.getDeclaredMethod("greet", String.class);
        MethodHandle v = l.unreflect(greet);
        String r = (String) v.invokeExact(new Greeter() /* @greeter */, "x");
        Object r2 = v.invoke((Greeter) new Sub() /* @sub */, "y");
        Method stat = Main.class.getDeclaredMethod("stat", Object.class);
        MethodHandle s = l.unreflect(stat);
        String t = (String) s.invokeExact(new Object() /* @statarg */);
        Constructor<Main> ctor = Main.class.getDeclaredConstructor(Object.class);
        MethodHandle c = l.unreflectConstructor(ctor);
        Main m = (Main) c.invoke(new Object() /* @ctorarg */);
        Field f = Main.class.getDeclaredField("field");
        MethodHandle set = l.unreflectSetter(f);
        set.invoke(m, new Object() /* @fieldval */);
        Check.pts(m.field, "fieldval");
        MethodHandle get = l.unreflectGetter(f);
        Object got = get.invoke(m);
        Check.pts(got, "fieldval abstract:Object");
        Field sf = Main.class.getDeclaredField("sfield");
        MethodHandle sset = l.unreflectSetter(sf);
        sset.invoke(new Object() /* @sval */);
        Check.pts(sfield, "sval");
        MethodHandle bound = l.bind(new Greeter() /* @boundgreeter */, "greet",
                MethodType.methodType(String.class, String.class));
        String b = (String) bound.invokeExact("z");
        MethodHandle w = l.findStatic(Main.class, "spread",
                MethodType.methodType(String.class, Object.class, Object.class, String.class));
        Object wr = w.invokeWithArguments(new Object() /* @wa */, new Object(), "wc");
        Object wl = w.invokeWithArguments(List.of(new Object(), new Object()));
        // a name the analysis does not know: the reflection model makes a partial Method object
        sink = l.unreflect(Main.class.getDeclaredMethod(new String(new char[] {(char) args.length})));
    }
}
