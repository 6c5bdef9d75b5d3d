package typed;

import check.Check;

/**
 * Declared types filter what crosses a method boundary, as the JVM guarantees (and Spark, seed
 * 004's substrate, models): a {@code Bad} copied into a {@code Named[]} never gets there at run
 * time (arraycopy throws), but the analysis copies array elements without looking at types, so
 * {@code dst[0]} holds it. A {@code Named} parameter and the result of a call returning
 * {@code Named} still hold only the {@code Good}.
 *
 * <p>The same untyped copy puts the {@code Bad} into {@code Holder[]}s. A {@code getfield} or
 * {@code putfield} of {@code Holder.v} on it cannot run (the verifier types the base), so the
 * analysis makes no {@code v} of the {@code Bad}: the stray store through {@code only[0]} (whose
 * only object is the {@code Bad}) reaches no {@code Holder}, and {@code hd[0].v} holds the payload.
 */
public class Main {
    interface Named {
    }

    static class Good implements Named {
    }

    static class Bad {
    }

    static class Holder {
        Object v;
    }

    static void copy(Object[] from, Object[] to) {
        try {
            System.arraycopy(from, 0, to, 0, 1);
        } catch (ArrayStoreException e) {
            // the JVM refuses the copy
        }
    }

    static Named first(Named[] a) {
        Check.pts(a[0], "bad good");
        return a[0];
    }

    static void take(Named n) {
        Check.pts(n, "good");
    }

    public static void main(String[] args) {
        Object[] src = {new Bad()}; // @bad
        Named[] dst = new Named[1];
        try {
            System.arraycopy(src, 0, dst, 0, 1);
        } catch (ArrayStoreException e) {
            // the JVM refuses the copy
        }
        dst[0] = new Good(); // @good
        take(dst[0]);
        Named f = first(dst);
        Check.pts(f, "good");

        Holder[] hd = {new Holder()}; // @holder
        Holder[] only = new Holder[1];
        copy(src, hd);
        copy(src, only);
        if (only[0] != null) {
            only[0].v = new Object(); // @stray
        }
        hd[0].v = new Object(); // @payload
        Check.pts(hd[0].v, "payload");
    }
}
