package dynmhspecial;

import check.Check;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code findSpecial} with its {@code specialCaller}: a handle of a grandparent's method looked up
 * for a caller whose parent overrides it runs the parent's method (the JVM resolves it again from
 * the caller's direct superclass, as {@code invokespecial} does); one of the parent's method runs
 * it; {@code unreflectSpecial} of the grandparent's {@code Method} for the same caller runs the
 * parent's, as the first. The test also runs it in a JVM: {@code RAN} says which methods ran.
 */
public class Main {
    static class GrandParent {
        String say() {
            RAN.append(" grandparent");
            return "g";
        }
    }

    static class Parent extends GrandParent {
        @Override
        String say() {
            RAN.append(" parent");
            Check.pts(this, "child");
            return "p";
        }
    }

    static class Child extends Parent {
        @Override
        String say() {
            RAN.append(" child");
            return "c";
        }

        String viaGrandParent() throws Throwable {
            MethodHandle h = MethodHandles.lookup().findSpecial(GrandParent.class, "say",
                    MethodType.methodType(String.class), Child.class);
            return (String) h.invokeExact(this);
        }

        String viaUnreflect() throws Throwable {
            MethodHandle h = MethodHandles.lookup().unreflectSpecial(GrandParent.class.getDeclaredMethod("say"),
                    Child.class);
            return (String) h.invokeExact(this);
        }

        String viaParent() throws Throwable {
            MethodHandle h = MethodHandles.lookup().findSpecial(Parent.class, "say",
                    MethodType.methodType(String.class), Child.class);
            return (String) h.invokeExact(this);
        }
    }

    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    public static void main(String[] args) throws Throwable {
        Child c = new Child(); // @child
        c.viaGrandParent();
        c.viaParent();
        c.viaUnreflect();
    }
}
