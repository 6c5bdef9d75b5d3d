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

    static class Token {
    }

    // invokeWithArguments(List): the elements of a List.of literal
    static String listed(Object a, Token t, Object c) {
        Check.pts(a, "la tok lc"); // every element into every reference parameter
        Check.pts(t, "tok"); // ... that accepts it
        return "l";
    }

    // ... and of the arrays an ArrayList's toArray() returns (Arrays.copyOf: without contexts, the
    // elements of every array it copies, the List.of literal's too; only the Token parameter is checked)
    static String copied(Object a, Token t) {
        Check.pts(t, "tok tok2");
        return "c";
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
        MethodHandle lw = l.findStatic(Main.class, "listed",
                MethodType.methodType(String.class, Object.class, Token.class, Object.class));
        Object la = new Object(); // @la
        Token tok = new Token(); // @tok
        Object lc = new Object(); // @lc
        Object wl = lw.invokeWithArguments(List.of(la, tok, lc));
        List<Object> al = new java.util.ArrayList<>();
        al.add(new Token() /* @tok2 */);
        al.add(new Object());
        MethodHandle cw = l.findStatic(Main.class, "copied", MethodType.methodType(String.class, Object.class, Token.class));
        Object wa = cw.invokeWithArguments(al);
        // a name the analysis does not know: the reflection model makes a partial Method object
        sink = l.unreflect(Main.class.getDeclaredMethod(new String(new char[] {(char) args.length})));
        MethodHandle us = l.unreflectSpecial(Object.class.getDeclaredMethod("hashCode"), Main.class);
        int h = (int) us.invoke(m);
    }

    @Override
    public int hashCode() {
        return 0;
    }
}
