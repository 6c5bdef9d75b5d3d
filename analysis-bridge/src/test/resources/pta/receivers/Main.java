package receivers;

import check.Check;

/**
 * A call runs only on objects of the class or interface it names: the analysis does not model
 * {@code ArrayStoreException}, so a {@code Label} stored into an array of shapes reaches a
 * {@code Shape[]} and a {@code Runnable[]} without a cast, but {@code invokevirtual Shape.describe}
 * and {@code invokeinterface Runnable.run} never dispatch on it (the JVM would not: the verifier
 * types the receiver, and an object whose class does not implement the interface throws
 * {@code IncompatibleClassChangeError}).
 */
public class Main {
    abstract static class Shape {
        String describe() {
            Check.pts(this, "sq");
            return "shape";
        }
    }

    static class Square extends Shape implements Runnable {
        public void run() {
            Check.pts(this, "sq");
        }
    }

    /** Has a describe() and a run() of the same shapes, but is neither a Shape nor a Runnable. */
    static class Label {
        String describe() {
            Check.pts(this, "never reached");
            return "label";
        }

        public void run() {
            Check.pts(this, "never reached");
        }
    }

    public static void main(String[] args) {
        Object[] all = args.length > 1 ? new Shape[2] : new Runnable[2];
        all[0] = new Square(); // @sq
        if (args.length > 3) {
            try {
                all[1] = new Label(); // @label
            } catch (ArrayStoreException e) {
                all[1] = null;
            }
        }
        Shape[] shapes = (Shape[]) all;
        Check.pts(shapes[0], "sq label");
        shapes[0].describe();
        Runnable[] tasks = (Runnable[]) all;
        Check.pts(tasks[0], "sq label");
        tasks[0].run();
    }
}
