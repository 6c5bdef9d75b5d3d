package org.jphantom.world;

import java.util.Arrays;

/**
 * Dense ids (0, 1, 2, ... in the order they are added) for member references: owner, name,
 * descriptor and a small kind the caller chooses (field or method and static or not for the
 * complementer's scan, interface method or not for the analysis' resolution). The scan asks for one
 * at every member instruction of the program (millions on a large jar, nearly all of them repeating
 * a member already met), so a lookup builds nothing: an open-addressing table of ids with each
 * slot's hash, over arrays of the references' parts, held by reference. The strings are compared
 * with {@code equals} (identical instances, shared ones, compare at once). Not thread-safe.
 */
public final class MemberKeys {

    /** Id + 1 of the member in each slot, 0 for a free one; the length is a power of two. */
    private int[] slots = new int[1 << 14];
    /** The hash of the member in each slot: a probe, and a resize, read no member's strings. */
    private int[] hashes = new int[1 << 14];
    private String[] owners = new String[1 << 13];
    private String[] names = new String[1 << 13];
    private String[] descs = new String[1 << 13];
    private byte[] kinds = new byte[1 << 13];
    private int size;

    /** The member's id, or -1 if it has none; {@code kind} is 0 to 127. */
    public int find(String owner, String name, String desc, int kind) {
        int h = hash(owner, name, desc, kind);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != 0; i = (i + 1) & mask) {
            int id = slots[i] - 1;
            if (hashes[i] == h && kinds[id] == kind && names[id].equals(name) && descs[id].equals(desc)
                    && owners[id].equals(owner)) {
                return id;
            }
        }
        return -1;
    }

    /** Gives a member that {@link #find} does not know the next id, and returns it; {@code kind} is 0 to 127. */
    public int add(String owner, String name, String desc, int kind) {
        if (size == owners.length) {
            owners = Arrays.copyOf(owners, size * 2);
            names = Arrays.copyOf(names, size * 2);
            descs = Arrays.copyOf(descs, size * 2);
            kinds = Arrays.copyOf(kinds, size * 2);
        }
        int id = size++;
        owners[id] = owner;
        names[id] = name;
        descs[id] = desc;
        kinds[id] = (byte) kind;
        if (size * 2 > slots.length) {
            grow();
        }
        put(id + 1, hash(owner, name, desc, kind));
        return id;
    }

    /** How many members have an id. */
    public int size() {
        return size;
    }

    private void put(int entry, int h) {
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = entry;
        hashes[i] = h;
    }

    private void grow() {
        int[] oldSlots = slots;
        int[] oldHashes = hashes;
        slots = new int[oldSlots.length * 2];
        hashes = new int[slots.length];
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != 0) {
                put(oldSlots[j], oldHashes[j]);
            }
        }
    }

    private static int hash(String owner, String name, String desc, int kind) {
        int h = ((owner.hashCode() * 31 + name.hashCode()) * 31 + desc.hashCode()) * 4 + kind;
        return h ^ (h >>> 16);
    }
}
