package strings;

import java.lang.reflect.Method;

/**
 * Names built from pieces (thesis Section 3.4.1): compiled with --release 8 (javac's StringBuilder
 * chains) and --release 17 (invokedynamic makeConcatWithConstants).
 */
public class Builders {
    public static void main(String[] args) throws Exception {
        Bean bean = new Bean();
        Method set = Bean.class.getMethod("set" + args[0], String.class); // a prefix of setName, setColour
        set.invoke(bean, "value");
        Class<?> plugin = Class.forName("strings.plugins." + args[1]);   // a package prefix
        plugin.newInstance();
        StringBuilder sb = new StringBuilder();
        sb.append(args[2]);
        sb.append("Handler");                                            // a suffix of two class names
        Class.forName(sb.toString()).newInstance();
        Method get = Bean.class.getMethod("get".concat(args[3]));        // String.concat
        get.invoke(bean);
        Method setter = bean.getClass().getMethod(setterName(args[4]), String.class); // thesis Figure 3.4
        setter.invoke(bean, "other");
    }

    /** xalan's XSLTAttributeDef.getSetterMethodName: "set" then the name's characters, camel-cased. */
    static String setterName(String name) {
        StringBuffer out = new StringBuffer();
        out.append("set");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '-') {
                i++;
                c = Character.toUpperCase(name.charAt(i));
            } else if (i == 0) {
                c = Character.toUpperCase(c);
            }
            out.append(c);
        }
        return out.toString();
    }
}

class Bean {
    public void setName(String s) {
    }

    public void setColour(String s) {
    }

    public String getName() {
        return "name";
    }

    public String getColour() {
        return "colour";
    }

    public void reset(String s) {
    }
}

class FileHandler {
    public FileHandler() {
    }
}

class NetHandler {
    public NetHandler() {
    }
}

class Unrelated {
    public Unrelated() {
    }
}
