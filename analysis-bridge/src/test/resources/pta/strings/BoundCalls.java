package strings;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Reflective calls of methods other models watch (System.arraycopy, a method-handle lookup). */
public class BoundCalls {
    public static void main(String[] args) throws Exception {
        Object[] src = {"a"};
        Object[] dst = new Object[1];
        System.class.getMethod("arraycopy", Object.class, int.class, Object.class, int.class, int.class)
                .invoke(null, src, 0, dst, 0, 1);
        Object lookup = MethodHandles.class.getMethod("lookup").invoke(null);
        MethodHandles.Lookup.class.getMethod("findVirtual", Class.class, String.class, MethodType.class)
                .invoke(lookup, Bean.class, "getName", MethodType.methodType(String.class));
    }
}
