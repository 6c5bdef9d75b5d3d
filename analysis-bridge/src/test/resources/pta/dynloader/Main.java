package dynloader;

import check.Check;

/** A custom class loader defining a class from bytes: the site is reported, not followed. */
public class Main {
    static class BytesLoader extends ClassLoader {
        Class<?> load(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    public static void main(String[] args) {
        BytesLoader loader = new BytesLoader(); // @loader
        Check.pts(loader, "loader");
        loader.load("Gen", new byte[0]);
    }
}
