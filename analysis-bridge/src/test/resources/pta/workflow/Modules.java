package workflow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A module factory in the shape of checkstyle's {@code PackageObjectFactory}: the program names its
 * six modules by string constants kept in a map, loads the ones its configuration (here the command
 * line) asks for by name, and makes each through its no-argument constructor. The same helper also
 * makes copies of objects whose classes it only gets from {@code getClass()}: four plain classes
 * the program never names, and, under context insensitivity, the classes of the JDK's objects that
 * share {@code List.of}'s elements. With a budget of two classes, {@code make}'s lookup and
 * {@code newInstance} still admit all six modules (the program names them) and two of the others.
 */
public class Modules {
    public interface Module {
        String run();
    }

    public static class M1 implements Module {
        public String run() {
            return "m1";
        }
    }

    public static class M2 implements Module {
        public String run() {
            return "m2";
        }
    }

    public static class M3 implements Module {
        public String run() {
            return "m3";
        }
    }

    public static class M4 implements Module {
        public String run() {
            return "m4";
        }
    }

    public static class M5 implements Module {
        public String run() {
            return "m5";
        }
    }

    public static class M6 implements Module {
        public String run() {
            return "m6";
        }
    }

    public static class Plain1 {
    }

    public static class Plain2 {
    }

    public static class Plain3 {
    }

    public static class Plain4 {
    }

    private static final Map<String, String> NAMES = new HashMap<>();

    static {
        NAMES.put("one", "workflow.Modules$M1");
        NAMES.put("two", "workflow.Modules$M2");
        NAMES.put("three", "workflow.Modules$M3");
        NAMES.put("four", "workflow.Modules$M4");
        NAMES.put("five", "workflow.Modules$M5");
        NAMES.put("six", "workflow.Modules$M6");
    }

    public static void main(String[] args) throws Exception {
        for (String a : args) {
            Module m = (Module) make(Class.forName(NAMES.get(a)));
            System.out.println(m.run());
        }
        List<Object> copies = new ArrayList<>();
        for (Object o : List.of(new Plain1(), new Plain2(), new Plain3(), new Plain4())) {
            copies.add(make(o.getClass()));
        }
        System.out.println(copies.size());
    }

    static Object make(Class<?> c) throws Exception {
        return c.getDeclaredConstructor().newInstance();
    }
}
