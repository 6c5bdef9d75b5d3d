package dynbeans;

import java.beans.BeanInfo;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;

/** JavaBeans introspection: properties set and read through the descriptors' write and read methods. */
public class Main {
    public static class Base {
        public void setName(String name) {
        }
    }

    public static class Bean extends Base {
        public void setSize(int size) {
        }

        public String getLabel() {
            return "l";
        }

        public static void setStatic(String s) { // static: no property
        }

        public void unrelated() {
        }
    }

    public static class Other {
        public void setName(String name) { // another class's setter: not called
        }
    }

    public static void main(String[] args) throws Exception {
        Object bean = new Bean();
        BeanInfo info = Introspector.getBeanInfo(bean.getClass());
        for (PropertyDescriptor pd : info.getPropertyDescriptors()) {
            Method w = pd.getWriteMethod();
            if (w != null && w.getParameterTypes()[0] == String.class) {
                w.invoke(bean, "v");
            } else if (w != null) {
                w.invoke(bean, 3);
            }
            Method r = pd.getReadMethod();
            if (r != null) {
                r.invoke(bean);
            }
        }
        new Other();
    }
}
