package workflow;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The pattern that makes reflection analyses grow on real applications: a generic library binds
 * values to whatever object it is handed, through the setters that {@code getClass().getDeclaredMethods()}
 * finds, and every bean of the program reaches it through one list. Twelve bean classes reach the
 * {@code getDeclaredMethods}, and, under context insensitivity, the classes of every object the
 * JDK's own code keeps in an {@code ArrayList} (their elements are one set): hundreds. A budget of
 * four classes limits the lookup (the beans, which arrive first, are admitted), and so the
 * {@code invoke} sees four.
 */
public class Binder {
    public static void main(String[] args) throws Exception {
        List<Object> beans = new ArrayList<>();
        beans.add(new Beans.B01());
        beans.add(new Beans.B02());
        beans.add(new Beans.B03());
        beans.add(new Beans.B04());
        beans.add(new Beans.B05());
        beans.add(new Beans.B06());
        beans.add(new Beans.B07());
        beans.add(new Beans.B08());
        beans.add(new Beans.B09());
        beans.add(new Beans.B10());
        beans.add(new Beans.B11());
        beans.add(new Beans.B12());
        for (Object b : beans) {
            bind(b, args[0]);
        }
    }

    static void bind(Object bean, String value) throws Exception {
        for (Method m : bean.getClass().getDeclaredMethods()) { // @lookup
            if (m.getName().startsWith("set")) {
                m.invoke(bean, value); // @invoke
            }
        }
    }
}
