package org.jphantom.analysis.util;

/**
 * An open-addressing map keyed by a member reference: an owner, a name and a descriptor (the
 * strings the caller already holds, kept by reference) and a small flag. It replaces a map keyed by
 * {@code owner + '.' + name + desc}, which built a string per lookup and kept one per entry: on
 * checkstyle's closure, the program model's four such maps held about 600,000 keys. Null values are
 * not allowed; {@link #get} returns null for an absent key. Not thread-safe.
 *
 * @param <V> the values
 */
public final class MemberRefMap<V> {
    private String[] owners;
    private String[] names;
    private String[] descs;
    private byte[] flags;
    private int[] hashes;
    private Object[] values;
    private int size;
    private int mask;

    public MemberRefMap() {
        allocate(16);
    }

    private void allocate(int capacity) {
        owners = new String[capacity];
        names = new String[capacity];
        descs = new String[capacity];
        flags = new byte[capacity];
        hashes = new int[capacity];
        values = new Object[capacity];
        mask = capacity - 1;
    }

    private static int hash(String owner, String name, String desc, int flag) {
        int h = ((owner.hashCode() * 31 + name.hashCode()) * 31 + desc.hashCode()) * 31 + flag;
        return h ^ (h >>> 16);
    }

    /** The value of the reference, or null. */
    @SuppressWarnings("unchecked")
    public V get(String owner, String name, String desc, int flag) {
        int h = hash(owner, name, desc, flag);
        for (int i = h & mask; values[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && flags[i] == flag && same(owners[i], owner) && same(names[i], name)
                    && same(descs[i], desc)) {
                return (V) values[i];
            }
        }
        return null;
    }

    /** Maps the reference to {@code value} (non-null), replacing any value it had. */
    public void put(String owner, String name, String desc, int flag, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        if ((size + 1) * 4 > values.length * 3) {
            grow();
        }
        int h = hash(owner, name, desc, flag);
        int i = h & mask;
        for (; values[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && flags[i] == flag && same(owners[i], owner) && same(names[i], name)
                    && same(descs[i], desc)) {
                values[i] = value;
                return;
            }
        }
        owners[i] = owner;
        names[i] = name;
        descs[i] = desc;
        flags[i] = (byte) flag;
        hashes[i] = h;
        values[i] = value;
        size++;
    }

    public int size() {
        return size;
    }

    private static boolean same(String a, String b) {
        return a == b || a.equals(b);
    }

    private void grow() {
        String[] o = owners;
        String[] n = names;
        String[] d = descs;
        byte[] f = flags;
        int[] hs = hashes;
        Object[] v = values;
        allocate(v.length * 2);
        for (int k = 0; k < v.length; k++) {
            if (v[k] != null) {
                int i = hs[k] & mask;
                while (values[i] != null) {
                    i = (i + 1) & mask;
                }
                owners[i] = o[k];
                names[i] = n[k];
                descs[i] = d[k];
                flags[i] = f[k];
                hashes[i] = hs[k];
                values[i] = v[k];
            }
        }
    }
}
