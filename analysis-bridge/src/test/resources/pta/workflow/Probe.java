package workflow;

import java.lang.reflect.Method;

/**
 * One main per rule PROBE (SOLAR, Section 3.8) leaves out, beside one that both resolve: the
 * class names come from the command line, so only inference can find the targets.
 */
public class Probe {
    /** Both SOLAR and PROBE: constant class and member names. */
    public static class Constants {
        public static void main(String[] args) throws Exception {
            Class<?> c = Class.forName("workflow.Probe$Impl");
            Method m = c.getMethod("work");
            m.invoke(c.getDeclaredConstructor().newInstance());
        }
    }

    /** [L-CAST]: the cast types SOLAR's lazy object as the implementations of Task; PROBE does not. */
    public static class LazyCast {
        public static void main(String[] args) throws Exception {
            Object o = Class.forName(args[0]).getDeclaredConstructor().newInstance();
            Task t = (Task) o;
            t.work();
        }
    }

    /** [I-INVS2T]: a known method name tells SOLAR the classes declaring it; not PROBE. */
    public static class NameToClass {
        public static void main(String[] args) throws Exception {
            Method m = Class.forName(args[0]).getMethod("onlyHere");
            m.invoke(null);
        }
    }

    /** Target search for a wholly unknown method: SOLAR searches the receiver's class; PROBE does not. */
    public static class UnknownMember {
        public static void main(String[] args) throws Exception {
            Method m = Class.forName(args[0]).getMethod(args[1]);
            m.invoke(new Impl());
        }
    }

    public interface Task {
        void work();
    }

    public static class Impl implements Task {
        @Override
        public void work() {
        }

        public void other() {
        }
    }

    public static class Other implements Task {
        @Override
        public void work() {
        }
    }

    public static class Statics {
        public static void onlyHere() {
        }
    }
}
