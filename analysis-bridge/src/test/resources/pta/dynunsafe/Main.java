package dynunsafe;

import check.Check;
import sun.misc.Unsafe;

/**
 * sun.misc.Unsafe: allocateInstance, reference loads, stores, compare-and-swap and get-and-set, on
 * the field an objectFieldOffset names (in a local or a static field), else on every candidate.
 * (A real program reads the Unsafe from the theUnsafe field reflectively; getUnsafe() returns the
 * same object to the analysis, and this program is only analysed.)
 */
public class Main {
    static class Box {
        Object value;
        String name;

        Box() {
            Check.pts(this, "never reached");
        }
    }

    static class Pair {
        Object first;
        Object second;
    }

    /** An offset in a static field, as programs keep them. */
    static class Offsets {
        static final long NAME;

        static {
            try {
                NAME = Unsafe.getUnsafe().objectFieldOffset(Box.class.getDeclaredField("name"));
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static class Lazy {
        static Object init = new Object(); // @init
    }

    public static void main(String[] args) throws Exception {
        Unsafe u = Unsafe.getUnsafe();
        Box box = (Box) u.allocateInstance(Box.class);
        Check.pts(box, "<unsafe:dynunsafe.Main$Box>");
        u.allocateInstance(Lazy.class);
        long off = u.objectFieldOffset(Box.class.getDeclaredField("value"));
        u.putObject(box, off, new Object() /* @stored */);
        Check.pts(u.getObject(box, off), "stored swapped \"s\" abstract:Object"); // and what the JDK model returns
        u.compareAndSwapObject(box, off, null, new Object() /* @swapped */);
        Object old = u.getAndSetObject(box, off, "s");
        Check.pts(box.value, "stored swapped \"s\""); // the offset names value: name gets none of them
        u.putObject(box, Offsets.NAME, "n");
        Check.pts(box.name, "\"n\"");
        Object[] array = new Object[1]; // @array
        u.putObjectVolatile(array, 16L, new Object() /* @elem */);
        Check.pts(array[0], "elem");
        Pair pair = new Pair();
        u.putObject(pair, args.length * 8L, new Object() /* @anyfield */); // no named field: every candidate
        Check.pts(pair.first, "anyfield");
        Check.pts(pair.second, "anyfield");
        u.allocateInstance(Class.forName(args[0])); // reported: the class is no constant
    }
}
