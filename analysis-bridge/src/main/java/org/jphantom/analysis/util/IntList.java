package org.jphantom.analysis.util;

import java.util.Arrays;

/** A growable list of {@code int}s without boxing. */
public final class IntList {
    private int[] data;
    private int size;

    public IntList() {
        this(8);
    }

    public IntList(int capacity) {
        data = new int[Math.max(1, capacity)];
    }

    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = v;
    }

    public int get(int i) {
        return data[i];
    }

    public void set(int i, int v) {
        data[i] = v;
    }

    /** Whether {@code v} is in the list (a linear scan: for short lists). */
    public boolean contains(int v) {
        for (int i = 0; i < size; i++) {
            if (data[i] == v) {
                return true;
            }
        }
        return false;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        size = 0;
    }

    /** Removes and returns the last element. */
    public int pop() {
        return data[--size];
    }

    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
