package dynmhlookup;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * One lookup site that sees several classes, names and types: a handle only for each member the
 * lookup finds (JVMS resolution, inherited members included, static-ness per lookup kind), never
 * for a combination the JVM would reject.
 */
public class Main {
    static class A {
        void foo() {
            Check.pts(this, "cobj");
        }

        static void sfoo() {
        }
    }

    static class B {
        void bar() {
        }
    }

    static class C extends A {
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        Class<?> c = args.length > 0 ? A.class : args.length > 1 ? B.class : C.class;
        String n = args.length > 2 ? "foo" : args.length > 3 ? "bar" : "sfoo";
        MethodType t = args.length > 4 ? MethodType.methodType(void.class) : MethodType.methodType(int.class);
        MethodHandle v = l.findVirtual(c, n, t);
        MethodHandle s = l.findStatic(c, n, t);
        v.invoke(new C() /* @cobj */);
        s.invokeExact();
    }

    /**
     * HotSpot's own answers for the site's 18 combinations per kind, as {@code kind:owner.name desc}
     * (the test compares the analysis' handles with them); never called by {@code main}.
     */
    public static java.util.List<String> found() {
        MethodHandles.Lookup l = MethodHandles.lookup();
        java.util.List<String> out = new java.util.ArrayList<>();
        for (Class<?> k : new Class<?>[] {A.class, B.class, C.class}) {
            for (String name : new String[] {"foo", "bar", "sfoo"}) {
                for (Class<?> r : new Class<?>[] {void.class, int.class}) {
                    find(l, true, k, name, r, out);
                    find(l, false, k, name, r, out);
                }
            }
        }
        return out;
    }

    private static void find(MethodHandles.Lookup l, boolean virtual, Class<?> k, String name, Class<?> r,
                             java.util.List<String> out) {
        try {
            if (virtual) {
                l.findVirtual(k, name, MethodType.methodType(r));
            } else {
                l.findStatic(k, name, MethodType.methodType(r));
            }
            MethodType type = MethodType.methodType(r);
            out.add((virtual ? "virtual:" : "static:") + k.getName().replace('.', '/') + "." + name
                    + type.toMethodDescriptorString());
        } catch (NoSuchMethodException | IllegalAccessException e) {
            // not found: no handle
        }
    }
}
