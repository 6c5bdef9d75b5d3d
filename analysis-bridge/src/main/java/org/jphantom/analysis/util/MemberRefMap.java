package org.jphantom.analysis.util;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.world.MemberKeys;

/**
 * A map keyed by a member reference: an owner, a name and a descriptor (the strings the caller
 * already holds, kept by reference) and a small flag, over {@link MemberKeys}. It replaces a map
 * keyed by {@code owner + '.' + name + desc}, which built a string per lookup and kept one per
 * entry. Null values are not allowed; {@link #get} returns null for an absent key. Not thread-safe.
 *
 * @param <V> the values
 */
public final class MemberRefMap<V> {
    private final MemberKeys keys = new MemberKeys();
    private final List<V> values = new ArrayList<>();

    /** The value of the reference, or null; {@code flag} is 0 to 127. */
    public V get(String owner, String name, String desc, int flag) {
        int id = keys.find(owner, name, desc, flag);
        return id < 0 ? null : values.get(id);
    }

    /** Maps the reference to {@code value} (non-null), replacing any value it had. */
    public void put(String owner, String name, String desc, int flag, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        int id = keys.find(owner, name, desc, flag);
        if (id >= 0) {
            values.set(id, value);
        } else {
            keys.add(owner, name, desc, flag);
            values.add(value);
        }
    }

    public int size() {
        return values.size();
    }
}
