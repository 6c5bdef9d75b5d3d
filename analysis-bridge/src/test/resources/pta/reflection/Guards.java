package reflection;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Branches on tests of member meta-objects (picocli's, Ant's and JUnit's idiom): the code a test
 * guards sees only the members it may be true for. {@code isAnnotationPresent}, a null check of
 * {@code getAnnotation}, {@code getName().startsWith}, a constant's {@code equals} of the name, and
 * a static helper that ORs two annotation tests, used in an {@code if} and in a conditional
 * expression, on members of a known class and of one named at run time (partial meta-objects);
 * and a test whose true side another path enters too, which guards nothing. The test also runs it
 * in a JVM, with {@code reflection.Bean} as its argument: {@code RAN} says which methods ran.
 */
public class Guards {
    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    @Retention(RetentionPolicy.RUNTIME)
    @interface Bind {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Option {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Parameter {
    }

    public static void main(String[] args) throws Exception {
        Bean bean = new Bean();
        for (Method m : Bean.class.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Bind.class)) {
                m.invoke(bean);
            }
            if ("run".equals(m.getName())) {
                m.invoke(bean);
            }
            if (!m.getName().startsWith("set")) {
                continue;
            }
            m.invoke(bean, "value");
        }
        for (Method m : Bean.class.getDeclaredMethods()) {
            either(m, bean, args.length > 5);
        }
        for (Field f : Bean.class.getDeclaredFields()) {
            if (isAnnotated(f)) {
                check.Check.pts(f.get(bean), "OptA ParamB");
            }
            Field kept = isAnnotated(f) ? f : null;
            if (kept != null) {
                check.Check.pts(kept.get(bean), "OptA ParamB");
            }
            Bind bind = f.getAnnotation(Bind.class);
            if (bind != null) {
                f.set(bean, new Payload()); // @payload
            }
        }
        if (args.length > 0) {
            unknownClass(args[0], bean);
        }
        check.Check.pts(bean.plain, "PlainC");
        check.Check.pts(bean.bound, "payload");
    }

    /** Members of a class named at run time: partial meta-objects, restricted by the tests. */
    static void unknownClass(String name, Object bean) throws Exception {
        Class<?> c = Class.forName(name);
        for (Method m : c.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Bind.class)) {
                m.invoke(bean);
            }
        }
        for (Field f : c.getDeclaredFields()) {
            if (isAnnotated(f)) {
                check.Check.pts(f.get(bean), "OptA ParamB");
            }
        }
    }

    /** A test whose true side another path enters too: no guard, every method is a target. */
    static void either(Method m, Object bean, boolean any) throws Exception {
        if (m.isAnnotationPresent(Bind.class) || any) {
            m.invoke(bean);
        }
    }

    static boolean isAnnotated(AnnotatedElement e) {
        return e.isAnnotationPresent(Option.class) || e.isAnnotationPresent(Parameter.class);
    }
}

class Bean {
    @Guards.Option
    Object option = new OptA();
    @Guards.Parameter
    Object parameter = new ParamB();
    Object plain = new PlainC();
    @Guards.Bind
    Object bound;

    @Guards.Bind
    public void bound() {
        Guards.RAN.append(" bound");
    }

    public void unbound() {
        Guards.RAN.append(" unbound");
    }

    public void run() {
        Guards.RAN.append(" run");
    }

    public String getName() {
        Guards.RAN.append(" getName");
        return "bean";
    }

    public void setName(String name) {
        Guards.RAN.append(" setName");
    }

    public void label(String name) {
        Guards.RAN.append(" label");
    }
}

class OptA {
}

class ParamB {
}

class PlainC {
}
