package reflection;

import java.lang.reflect.Field;

/** Field.get/set on known fields, instance and static, and on a field of unknown name. */
public class Fields {
    public static void main(String[] args) throws Exception {
        Holder h = new Holder();
        Field f = Holder.class.getField("value");
        f.set(h, new Payload()); // @payload
        Object v = f.get(h);
        check.Check.pts(v, "payload");
        Field s = Holder.class.getDeclaredField("shared");
        s.set(null, "static");
        check.Check.pts(Holder.shared, "\"static\"");
        Field any = Holder.class.getField(args[0]);
        Object w = any.get(h);
        check.Check.pts(w, "payload");
    }
}

class Holder {
    public Object value;
    static Object shared;
}

class Payload {
}
