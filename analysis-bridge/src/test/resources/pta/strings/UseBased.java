package strings;

import java.lang.reflect.Method;

/** Use-based inference (thesis Section 3.4.2): back-propagation to forName, invention at casts. */
public class UseBased {
    public static void main(String[] args) throws Exception {
        Shape shape = (Shape) create(args[0]);   // the cast, two methods away from the forName
        shape.area();
        Class<?> k = Class.forName(args[1]);
        k.getMethod("frobnicate").invoke(null);  // only Gadget declares frobnicate
        Runnable task = (Runnable) create2(args[2]); // Runnable: more than 5 classes, no back-propagation
        task.run();
        Method m = Gizmo.class.getMethod(args[3]);
        Widget w = (Widget) m.invoke(new Gizmo()); // no Gizmo method returns a Widget: invented at the cast
        w.draw();
    }

    static Object create(String name) throws Exception {
        return load(name).newInstance();
    }

    static Class<?> load(String name) throws Exception {
        return Class.forName(name);
    }

    static Object create2(String name) throws Exception {
        return Class.forName(name).newInstance();
    }
}

interface Shape {
    double area();
}

class Circle implements Shape {
    static int made;

    static {
        made = 1;
    }

    public double area() {
        return 3.14;
    }
}

class Square implements Shape {
    static int made;

    static {
        made = 2;
    }

    public double area() {
        return 1;
    }
}

class Gadget {
    static int made;

    static {
        made = 3;
    }

    public static void frobnicate() {
    }
}

class Gizmo {
    public Object build() {
        return new Part();
    }
}

class Part {
}

class Widget {
    public void draw() {
    }
}

class Task1 implements Runnable { static { System.getProperty("t1"); } public void run() { } }
class Task2 implements Runnable { static { System.getProperty("t2"); } public void run() { } }
class Task3 implements Runnable { static { System.getProperty("t3"); } public void run() { } }
class Task4 implements Runnable { static { System.getProperty("t4"); } public void run() { } }
class Task5 implements Runnable { static { System.getProperty("t5"); } public void run() { } }
class Task6 implements Runnable { static { System.getProperty("t6"); } public void run() { } }
