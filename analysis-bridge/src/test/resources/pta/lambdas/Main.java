package lambdas;

import check.Check;
import java.util.function.Function;
import java.util.function.Supplier;

public class Main {
    static class Box {
        final Object content;

        Box(Object content) {
            this.content = content;
        }

        Object get() {
            return content;
        }
    }

    static class Made {
        final Object content;

        Made(Object content) {
            this.content = content;
        }
    }

    static Object wrap(Object o) {
        return o;
    }

    public static void main(String[] args) {
        Object captured = new Object(); // @cap
        Supplier<Object> s = () -> captured;
        Check.pts(s.get(), "cap");
        Function<Object, Object> f = Main::wrap;
        Check.pts(f.apply(new Object() /* @arg */), "arg");
        Box box = new Box(new Object()); // @inbox
        Supplier<Object> bound = box::get;
        Check.pts(bound.get(), "inbox");
        Function<Object, Made> ctor = Made::new;
        Made made = ctor.apply("made");
        Check.pts(made.content, "\"made\"");
        Runnable r = () -> Check.pts(captured, "cap");
        r.run();
        // Overloads met in the reverse of their order in the class: the lambda classes are named
        // after the overload, not after which one the analysis reached first.
        Object second = new Object(); // @second
        Check.pts(twice(new Object(), second), "second");
        Object first = new Object(); // @first
        Check.pts(twice(first), "first");
    }

    static Object twice(Object a) {
        Supplier<Object> s = () -> a;
        return s.get();
    }

    static Object twice(Object a, Object b) {
        Supplier<Object> s = () -> b;
        return s.get();
    }
}
