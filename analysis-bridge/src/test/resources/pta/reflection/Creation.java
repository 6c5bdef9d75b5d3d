package reflection;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;

/** Constructors with arguments, reflective arrays, and an object of unknown class never typed. */
public class Creation {
    public static void main(String[] args) throws Exception {
        Constructor<?> k = PluginA.class.getConstructor(String.class);
        Object o = k.newInstance("name");
        String[] strings = (String[]) Array.newInstance(String.class, 3);
        Object lost = Class.forName(args[0]).newInstance();
        System.out.println(lost);
        Class<?> c = Class.forName(args[1]);
        c.getMethod(args[2]).invoke(c.newInstance());
    }
}
