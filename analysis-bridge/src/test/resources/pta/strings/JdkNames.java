package strings;

import java.lang.reflect.Field;

/**
 * A name only the JDK's code holds: Thread.State's constant names, loaded in Thread.State's own
 * initialiser. This program never names Thread.State (getState() is typed in a descriptor only),
 * so the names select no member of the classes string colouring reads ahead; on the class of the
 * state object they still name its fields.
 */
public class JdkNames {
    public static void main(String[] args) throws Exception {
        Object state = Thread.currentThread().getState();
        String name = state.toString();
        Field f = state.getClass().getField(name);
        System.out.println(f.get(null));
    }
}
