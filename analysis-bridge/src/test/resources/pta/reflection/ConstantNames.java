package reflection;

import java.util.HashMap;
import java.util.Map;

/** Class names as string constants: directly, through a field, through a map. */
public class ConstantNames {
    static String second = "reflection.PluginB";

    public static void main(String[] args) throws Exception {
        Class<?> a = Class.forName("reflection.PluginA");
        Object o = a.newInstance();
        Map<String, String> names = new HashMap<>();
        names.put("k", second);
        Object p = Class.forName(names.get("k")).getDeclaredConstructor().newInstance();
        Class.forName("reflection.NoSuchClass");
    }
}
