package strings;

/**
 * The precision thresholds: casts that many classes satisfy (SOLAR's lazy typing, the thesis' c)
 * and a member name that several classes declare (the thesis' d).
 */
public class Thresholds {
    public static void main(String[] args) throws Exception {
        Metal m = (Metal) Class.forName(args[0]).newInstance(); // three classes satisfy the cast
        m.shine();
        Class<?> k = Class.forName(args[1]);
        k.getMethod("polish").invoke(null);                     // two classes declare polish
        Object any = Class.forName(args[2]).newInstance();      // cast twice: Metal (3 classes), Silver (1)
        ((Metal) any).shine();
        System.out.println((Silver) any);
    }
}

interface Metal {
    void shine();
}

class Gold implements Metal { public void shine() { } }
class Iron implements Metal { public void shine() { } }
class Lead implements Metal { public void shine() { } }

class Brass {
    static int made;

    static {
        made = 1;
    }

    public static void polish() {
    }
}

class Silver {
    static int made;

    static {
        made = 2;
    }

    public static void polish() {
    }
}
