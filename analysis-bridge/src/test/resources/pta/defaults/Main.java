package defaults;

import check.Check;

public class Main {
    interface Greeter {
        default Object greet() {
            return "hello";
        }
    }

    interface Polite extends Greeter {
        @Override
        default Object greet() {
            return "good day";
        }
    }

    static class Plain implements Greeter {
    }

    static class Formal implements Polite, Greeter {
    }

    static class Own implements Polite {
        @Override
        public Object greet() {
            return "hi";
        }
    }

    static abstract class Middle implements Greeter {
    }

    static class Leaf extends Middle {
    }

    public static void main(String[] args) {
        Greeter g1 = new Plain();
        Check.pts(g1.greet(), "\"hello\"");
        Greeter g2 = new Formal();
        Check.pts(g2.greet(), "\"good day\"");
        Greeter g3 = new Own();
        Check.pts(g3.greet(), "\"hi\"");
        Greeter g4 = new Leaf();
        Check.pts(g4.greet(), "\"hello\"");
    }
}
