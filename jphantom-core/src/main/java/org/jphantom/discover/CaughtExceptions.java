package org.jphantom.discover;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The exception types a phantom method declares ({@code throws}): those that some handler of the
 * program attributes to a call of it ({@link HandlerAttribution}: the call is what the {@code try}
 * block has to throw the type) and that cover every use of the method in the program, a use being
 * covered by the types of the exception handlers around the call and by the calling method's own
 * {@code throws} clause. javac rejects a {@code catch} of a checked exception that nothing in the
 * {@code try} block throws, so a phantom called alone in {@code try { p.m(); } catch (IOException e)}
 * must declare it; and it rejects a call that throws an unreported checked exception, hence the
 * intersection. A {@code throws} clause of a caller covers a use but is no evidence by itself.
 * Method handles (method references) count as uses covered by nothing. Throwable, Exception,
 * RuntimeException and Error are left out: javac accepts catching them anywhere.
 */
public final class CaughtExceptions {
    private static final Set<String> CATCH_ALL = Set.of("java/lang/Throwable", "java/lang/Exception",
            "java/lang/RuntimeException", "java/lang/Error");

    private final Map<String, SortedSet<String>> common = new HashMap<>();
    private final Map<String, SortedSet<String>> attributed = new HashMap<>();

    /**
     * A use of method {@code owner.name desc}, covered by {@code covering}, of which the handlers
     * around it attribute {@code evidence} to it (internal names).
     */
    void use(String owner, String name, String desc, Set<String> covering, Set<String> evidence) {
        String key = key(owner, name, desc);
        if (!evidence.isEmpty()) {
            attributed.computeIfAbsent(key, k -> new TreeSet<>()).addAll(evidence);
        }
        SortedSet<String> c = common.get(key);
        if (c == null) {
            c = new TreeSet<>(covering);
            c.removeAll(CATCH_ALL);
            common.put(key, c);
        } else {
            c.retainAll(covering);
        }
    }

    /** The exceptions each used method may declare, by {@link #key}, only the non-empty sets. */
    public SortedMap<String, SortedSet<String>> throwsByMethod() {
        SortedMap<String, SortedSet<String>> out = new TreeMap<>();
        common.forEach((k, v) -> {
            SortedSet<String> declared = new TreeSet<>(v);
            declared.retainAll(attributed.getOrDefault(k, Collections.emptySortedSet()));
            if (!declared.isEmpty()) {
                out.put(k, Collections.unmodifiableSortedSet(declared));
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /** The key of a method: {@code owner.name desc}. */
    public static String key(String owner, String name, String desc) {
        return owner + "." + name + desc;
    }
}
