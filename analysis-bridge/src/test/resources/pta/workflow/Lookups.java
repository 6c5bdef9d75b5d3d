package workflow;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code invoke} fed by eight lookups of members the analysis cannot know, more than the report lists as its annotation points:
 * which it lists must not depend on the order the solver met them. The lookups are called in the
 * reverse of their order in the code.
 */
public class Lookups {
    public static void main(String[] args) throws Exception {
        List<Method> found = new ArrayList<>();
        found.add(h8(args[0], args[1]));
        found.add(h7(args[0], args[1]));
        found.add(h6(args[0], args[1]));
        found.add(h5(args[0], args[1]));
        found.add(h4(args[0], args[1]));
        found.add(h3(args[0], args[1]));
        found.add(h2(args[0], args[1]));
        found.add(h1(args[0], args[1]));
        for (Method m : found) {
            m.invoke(null);
        }
    }

    static Method h1(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h2(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h3(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h4(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h5(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h6(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h7(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }

    static Method h8(String c, String name) throws Exception {
        return Class.forName(c).getMethod(name);
    }
}
