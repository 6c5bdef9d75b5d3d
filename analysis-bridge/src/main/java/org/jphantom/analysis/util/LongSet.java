package org.jphantom.analysis.util;

import java.util.Arrays;

/**
 * An open-addressing set of {@code long} values (pairs packed by {@link LongIntMap#key}), without
 * boxing: about 16 to 32 bytes per element where a {@code HashSet<Long>} takes about 60. Any value
 * may be an element; {@link #FREE} marks an empty slot and, as an element, is kept apart.
 */
public final class LongSet {
    private static final long FREE = Long.MIN_VALUE;

    private long[] slots;
    private int size;
    private int mask;
    private boolean hasFree;

    public LongSet() {
        this(16);
    }

    public LongSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        slots = new long[cap];
        Arrays.fill(slots, FREE);
        mask = cap - 1;
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** Adds {@code value}; false if it was there. */
    public boolean add(long value) {
        if (value == FREE) {
            boolean added = !hasFree;
            hasFree = true;
            size += added ? 1 : 0;
            return added;
        }
        int i = hash(value) & mask;
        while (true) {
            long s = slots[i];
            if (s == FREE) {
                slots[i] = value;
                if (++size * 2 > slots.length) {
                    grow();
                }
                return true;
            }
            if (s == value) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    public boolean contains(long value) {
        if (value == FREE) {
            return hasFree;
        }
        int i = hash(value) & mask;
        while (true) {
            long s = slots[i];
            if (s == FREE) {
                return false;
            }
            if (s == value) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        Arrays.fill(slots, FREE);
        mask = slots.length - 1;
        for (long s : old) {
            if (s != FREE) {
                int i = hash(s) & mask;
                while (slots[i] != FREE) {
                    i = (i + 1) & mask;
                }
                slots[i] = s;
            }
        }
    }
}
