package containers;

import check.Check;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Containers kept apart ({@code ci+containers}): context-insensitively every list's elements are
 * one array's (the JDK allocates element arrays at one site), every map's nodes one node's; kept
 * apart, each container, and what it makes (iterators, key sets, entries), holds its own. Objects
 * that are no containers stay merged (the {@code Holder}s), and so does a list made by one factory
 * method for two callers.
 */
public class Main {
    static class Holder {
        Object f;
    }

    static class Registry extends ArrayList<Object> {
    }

    static List<Object> make() {
        return new ArrayList<>(); // @made
    }

    public static void main(String[] args) {
        List<Object> a = new ArrayList<>(); // @la
        List<Object> b = new ArrayList<>(); // @lb
        a.add(new Object() /* @x */);
        b.add(new Object() /* @y */);
        Check.pts(a.get(0), "x y | ci+containers: x");
        Check.pts(b.get(0), "x y | ci+containers: y");
        Iterator<Object> it = b.iterator();
        Check.pts(it.next(), "x y | ci+containers: y");

        Map<String, Object> m1 = new HashMap<>(); // @m1
        Map<String, Object> m2 = new HashMap<>(); // @m2
        m1.put("k", new Object() /* @u */);
        m2.put("k", new Object() /* @v */);
        Check.pts(m1.get("k"), "x y u v | ci+containers: u");
        for (Map.Entry<String, Object> e : m2.entrySet()) {
            Check.pts(e.getValue(), "x y u v | ci+containers: v");
        }
        for (Object o : m1.values()) {
            Check.pts(o, "x y u v | ci+containers: u");
        }

        Registry r = new Registry(); // @reg
        r.add(new Object() /* @z */);
        Check.pts(r.get(0), "x y u v z | ci+containers: z");

        List<Object> fixed = Arrays.asList(new Object() /* @p */);
        List<Object> view = Collections.unmodifiableList(a);
        Check.pts(fixed.get(0), "p | ci+containers: p");
        Check.pts(view.get(0), "x y u v z | ci+containers: x");

        Holder h1 = new Holder(); // @h1
        Holder h2 = new Holder(); // @h2
        h1.f = new Object(); // @s
        h2.f = new Object(); // @t
        Check.pts(h1.f, "s");
        List<Object> c = make();
        List<Object> d = make();
        c.add(h1);
        d.add(h2);
        Check.pts(c.get(0), "x y u v z h1 h2 | ci+containers: h1 h2");

        java.util.LinkedList<Holder> linked = new java.util.LinkedList<>(); // @linked
        linked.add(h1);
        Holder[] holders = linked.toArray(new Holder[0]);
        Check.pts(holders[0], "h1");
    }
}
