package org.jphantom.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The class entries of one archive, read (inflated) and format-checked ahead of the reader's
 * walk, in parallel: the part of reading a jar that costs per byte, done on every core. The reader
 * then takes each entry's result in archive order, so what it reports (the first broken class, a
 * jar that cannot be read) and in which order is what a one-by-one read gives: a failure is kept
 * with its entry and thrown only when the reader asks for that entry.
 */
final class ClassEntries {
    /** One entry's bytes and check result, or the read failure to throw when it is asked for. */
    record Entry(byte[] bytes, String internalName, String brokenReason, RuntimeException readFailure) {
        /** The bytes; throws the read failure, if there was one. */
        byte[] read() {
            if (readFailure != null) {
                throw readFailure;
            }
            return bytes;
        }
    }

    private final Map<String, Entry> byName;

    private ClassEntries(Map<String, Entry> byName) {
        this.byName = byName;
    }

    /**
     * Reads the entries of {@code names} that {@code read} selects and checks to {@code depth}
     * those that {@code check} selects (the others are only read).
     */
    static ClassEntries read(Archive archive, List<String> names, Predicate<String> read, Predicate<String> check,
                             ClassFiles.Depth depth, DeclarationReader declarations) {
        List<String> wanted = new ArrayList<>();
        for (String name : names) {
            if (read.test(name)) {
                wanted.add(name);
            }
        }
        List<Entry> results = wanted.parallelStream().map(name -> entry(archive, name, check.test(name), depth, declarations))
                .toList();
        Map<String, Entry> byName = new HashMap<>(wanted.size() * 2);
        for (int i = 0; i < wanted.size(); i++) {
            byName.put(wanted.get(i), results.get(i));
        }
        return new ClassEntries(byName);
    }

    private static Entry entry(Archive archive, String name, boolean check, ClassFiles.Depth depth,
                               DeclarationReader declarations) {
        byte[] bytes;
        try {
            bytes = archive.read(name);
        } catch (RuntimeException e) {
            return new Entry(null, null, null, e);
        }
        if (!check || bytes == null) {
            return new Entry(bytes, null, null, null);
        }
        try {
            return new Entry(bytes, ClassFiles.check(bytes, depth, declarations), null, null);
        } catch (ClassFiles.BrokenClassException e) {
            return new Entry(bytes, null, e.getMessage(), null);
        }
    }

    /** The result for {@code name}, or {@code null} if it was not read ahead. */
    Entry get(String name) {
        return byName.get(name);
    }
}
