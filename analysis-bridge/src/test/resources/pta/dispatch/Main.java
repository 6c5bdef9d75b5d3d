package dispatch;

import check.Check;

public class Main {
    interface Shape {
        Object area();
    }

    static class Square implements Shape {
        public Object area() {
            return new Object(); // @sq
        }
    }

    static class Circle implements Shape {
        public Object area() {
            return new Object(); // @ci
        }
    }

    static class Base {
        Object name() {
            return "base";
        }
    }

    static class Derived extends Base {
        @Override
        Object name() {
            return "derived";
        }
    }

    static class Unused extends Base {
        @Override
        Object name() {
            return "unused";
        }
    }

    public static void main(String[] args) {
        Shape s = args.length > 0 ? new Square() : new Circle();
        Check.pts(s.area(), "sq ci");
        Shape only = new Square();
        Check.pts(only.area(), "sq");
        Base b = new Derived();
        Check.pts(b.name(), "\"derived\"");
        Base c = new Base();
        Check.pts(c.name(), "\"base\"");
    }
}
