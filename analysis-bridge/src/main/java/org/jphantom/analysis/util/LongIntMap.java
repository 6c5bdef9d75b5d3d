package org.jphantom.analysis.util;

import java.util.Arrays;

/**
 * An open-addressing map from {@code long} keys to non-negative {@code int} values, without boxing.
 * {@link #get} returns {@code -1} for an absent key. Keys may be any value.
 */
public final class LongIntMap {
    private static final int FREE = -1;

    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    public LongIntMap() {
        this(16);
    }

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new long[cap];
        values = new int[cap];
        Arrays.fill(values, FREE);
        mask = cap - 1;
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The value of {@code key}, or {@code -1}. */
    public int get(long key) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == FREE) {
                return -1;
            }
            if (keys[i] == key) {
                return v;
            }
            i = (i + 1) & mask;
        }
    }

    /** Associates {@code value} (non-negative) with {@code key}. */
    public void put(long key, int value) {
        int i = hash(key) & mask;
        while (true) {
            int v = values[i];
            if (v == FREE) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return;
            }
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldValues.length * 2];
        Arrays.fill(values, FREE);
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != FREE) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    /** Packs two ints into a key. */
    public static long key(int hi, int lo) {
        return ((long) hi << 32) | (lo & 0xFFFFFFFFL);
    }
}
