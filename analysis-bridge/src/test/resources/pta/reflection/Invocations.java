package reflection;

import java.lang.reflect.Method;

/** Method.invoke: known methods (virtual, static, inherited), unknown names, unknown classes. */
public class Invocations {
    public static void main(String[] args) throws Exception {
        Method run = Plugin.class.getMethod("run");
        run.invoke(new PluginB());
        Method util = Target.class.getMethod("util", String.class);
        Object r = util.invoke(null, "arg");
        Sub.class.getMethod("base").invoke(new Sub());
        Sub.class.getDeclaredMethod("own").invoke(new Sub());
        Method byArgs = Target.class.getMethod(args[0], String.class);
        byArgs.invoke(new Target(), "text");
        Class<?> c = Class.forName(args[1]);
        Object h = c.newInstance();
        c.getMethod("handle", String.class).invoke(h, "event");
        for (Method m : Target.class.getDeclaredMethods()) {
            if (m.getName().startsWith("test")) {
                m.setAccessible(true);
                m.invoke(new Target());
            }
        }
        String named = (String) Target.class.getMethod(args[2]).invoke(new Target()); // [I-INVSIG] by the cast
        named.length();
    }
}

class Target {
    public static Object util(String s) {
        check.Check.pts(s, "\"arg\" \"text\""); // every invoke of util: its own and the inferred one
        return s;
    }

    public void takesString(String s) {
    }

    public void takesInteger(Integer i) {
    }

    public void testOne() {
    }

    public String label() {
        return "label";
    }

    public Integer count() {
        return 1;
    }

    private void testTwo() {
    }
}

class Base {
    public void base() {
    }
}

class Sub extends Base {
    void own() {
    }
}

class HandlerA {
    public void handle(String e) {
    }
}

class HandlerB {
    public void handle(String e) {
    }

    public void handle(Integer e) {
    }
}
