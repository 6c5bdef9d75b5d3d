package reflection;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reflective calls the analysis cannot resolve on its own, each resolved, restricted or silenced
 * by a hint of ReflectionHintsTest.
 */
public class Hinted {
    public static void main(String[] args) throws Exception {
        Class<?> k = byName(args[0]);
        System.out.println(k.newInstance());
        silenced(args[1]);
        lookups(new PluginA());
        lookups(new PluginB());
        lookups(new Unrelated());
        call(new PluginA(), args[2]);
        field(args[3], new PluginB());
    }

    static Object slot;

    /** An unknown class name: SOLAR makes an unknown class object; a hint names the class. */
    static Class<?> byName(String name) throws Exception {
        return Class.forName(name);
    }

    /** An object of an unknown class never cast: SOLAR reports the site unsound; an ignore hint silences it. */
    static void silenced(String name) throws Exception {
        Object lost = Class.forName(name).newInstance();
        System.out.println(lost);
    }

    /** A lookup on the classes of three receivers: a hint restricts it to one. */
    static void lookups(Object any) throws Exception {
        Method m = any.getClass().getMethod("run");
        m.invoke(any);
    }

    /** A method of unknown name on a known receiver: SOLAR infers it; a hint names it. */
    static void call(Object o, String name) throws Exception {
        Method m = o.getClass().getMethod(name);
        m.invoke(o);
    }

    /** A field of unknown name: a hint (without api) names it at the lookup, the store and the load. */
    static Object field(String name, Object value) throws Exception {
        Field f = Hinted.class.getDeclaredField(name);
        f.set(null, value);
        return f.get(null);
    }
}

/** Made only by reflection, from a name the analysis does not know. */
class Hidden {
    static Object registry = new Object(); // Hidden.<clinit> runs when forName initialises the class

    public Hidden() {
    }
}
