package dynmhtype;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * invoke against invokeExact, with the conversions of MethodHandle.asType: boxing, unboxing,
 * primitive widening, reference casts. Each target is called only by the calls the JVM lets run
 * it; the others would throw WrongMethodTypeException (the test runs this program in a JVM).
 */
public class Main {
    static class Greeter {
        String greet(int times) {
            Check.pts(this, "greeter");
            return "g";
        }
    }

    static int fromInt(int x) {
        return x;
    }

    static String fromObject(Object o) {
        Check.pts(o, "<mh-box:java.lang.Integer> <mh-box:java.lang.Boolean>");
        return "o";
    }

    static String fromString(String s) {
        return s;
    }

    static long fromLong(long x) {
        return x;
    }

    static int fromNumber(Number n) {
        Check.pts(n, "<mh-box:java.lang.Integer>");
        return 0;
    }

    /** The calls that threw, in order: the test compares them with the JVM's. */
    public static final StringBuilder THROWN = new StringBuilder();

    static void log(String where) {
        THROWN.append(THROWN.length() == 0 ? "" : " ").append(where);
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodHandle i = l.findStatic(Main.class, "fromInt", MethodType.methodType(int.class, int.class));
        int a = (int) i.invokeExact(1); // exact: runs
        Object b = i.invoke(Integer.valueOf(2)); // unboxing, the int result boxed: runs
        Check.pts(b, "<mh-box:java.lang.Integer> abstract:Object");
        int c = (int) i.invoke((Object) 3); // Object unboxes to int (may fail at run time): runs
        try {
            Object d = i.invokeExact(Integer.valueOf(4)); // not the exact type: WrongMethodTypeException
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("exact");
        }
        try {
            int e = (int) i.invoke(5L); // long does not widen to int
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("narrow");
        }
        try {
            int f = (int) i.invoke(Long.valueOf(6)); // a Long unboxes to long, which does not widen to int
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("Long");
        }
        MethodHandle o = l.findStatic(Main.class, "fromObject", MethodType.methodType(String.class, Object.class));
        Object g = o.invoke(7); // int boxes to Integer, an Object: runs
        String h = (String) o.invoke(true); // boolean boxes: runs
        MethodHandle s = l.findStatic(Main.class, "fromString", MethodType.methodType(String.class, String.class));
        try {
            Object k = s.invoke(8); // Integer is no String
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("String");
        }
        String m = (String) s.invoke((Object) "x"); // reference cast: runs
        MethodHandle w = l.findStatic(Main.class, "fromLong", MethodType.methodType(long.class, long.class));
        long n = (long) w.invoke(9); // int widens to long: runs
        long p = (long) w.invoke(Integer.valueOf(10)); // Integer unboxes, int widens: runs
        try {
            int q = (int) w.invoke(11L); // the long result does not narrow to int
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("result");
        }
        MethodHandle num = l.findStatic(Main.class, "fromNumber", MethodType.methodType(int.class, Number.class));
        int r = (int) num.invoke(12); // Integer is a Number: runs
        try {
            int t = (int) num.invoke("13"); // a reference: a cast, which fails at run time (ClassCastException)
        } catch (ClassCastException e) {
            log("cast");
        }
        MethodHandle v = l.findVirtual(Greeter.class, "greet", MethodType.methodType(String.class, int.class));
        Object[] receivers = {new Greeter() /* @greeter */, "not a greeter"};
        Object u = v.invoke(receivers[0], 1); // (Object,int)Object: the receiver is cast to Greeter
        try {
            Object x = v.invoke(1); // another arity
        } catch (java.lang.invoke.WrongMethodTypeException e) {
            log("arity");
        }
    }
}
