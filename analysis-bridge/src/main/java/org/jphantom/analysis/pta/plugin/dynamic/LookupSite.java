package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One {@code Lookup} call's classes, names and types as they arrive, joined incrementally through
 * {@link LookupMembers}: a class with a name it has members of makes a pair waiting for those
 * members' types, and each arrival visits only what it completes, so a site that sees many classes,
 * names and types costs their members and the handles that exist, not every triple again. Each
 * target the lookup finds ({@link LookupMembers#finds}) goes to the consumer once. Used by the
 * {@code find*} lookups ({@link MethodHandleLookups}) and by {@code Lookup.bind}
 * ({@link HandleBindings}).
 */
final class LookupSite {
    private final LookupMembers members;
    private final HandleTarget.Kind kind;
    private final Consumer<HandleTarget> found;
    private final Set<String> owners = new HashSet<>();
    private final Set<String> names = new HashSet<>();
    private final List<String> typeList = new ArrayList<>();
    private final Set<String> types = new HashSet<>();
    /** Member name -> the classes seen that have members of that name. */
    private final Map<String, List<String>> ownersByName = new HashMap<>();
    /** Type -> the (class, name) pairs seen whose members have that type. */
    private final Map<String, List<String[]>> waiting = new HashMap<>();
    /** The (class, name) pairs of signature-polymorphic methods: any type. */
    private final List<String[]> anyType = new ArrayList<>();

    LookupSite(LookupMembers members, HandleTarget.Kind kind, Consumer<HandleTarget> found) {
        this.members = members;
        this.kind = kind;
        this.found = found;
    }

    /** The types seen so far (live view). */
    Set<String> types() {
        return types;
    }

    void addOwner(String c) {
        if (!owners.add(c)) {
            return;
        }
        for (Map.Entry<String, Set<String>> e : members.of(c, kind).entrySet()) {
            ownersByName.computeIfAbsent(e.getKey(), k -> new ArrayList<>(2)).add(c);
            if (names.contains(e.getKey())) {
                pair(c, e.getKey(), e.getValue());
            }
        }
    }

    /** Whether name {@code n} would select a member of one of the owners seen so far. */
    boolean selects(String n) {
        return ownersByName.containsKey(n);
    }

    void addName(String n) {
        if (!names.add(n)) {
            return;
        }
        for (String c : ownersByName.getOrDefault(n, List.of())) {
            pair(c, n, members.of(c, kind).get(n));
        }
    }

    void addType(String d) {
        if (!types.add(d)) {
            return;
        }
        typeList.add(d);
        for (String[] p : waiting.getOrDefault(d, List.of())) {
            emit(p[0], p[1], d);
        }
        for (String[] p : anyType) {
            emit(p[0], p[1], d);
        }
    }

    /** Class {@code c} and name {@code n}, both seen, whose members have the types {@code ds}. */
    private void pair(String c, String n, Set<String> ds) {
        String[] p = {c, n};
        if (ds == LookupMembers.ANY) {
            anyType.add(p);
            for (String d : typeList) {
                emit(c, n, d);
            }
            return;
        }
        for (String d : ds) {
            waiting.computeIfAbsent(d, k -> new ArrayList<>(2)).add(p);
            if (types.contains(d)) {
                emit(c, n, d);
            }
        }
    }

    private void emit(String c, String n, String d) {
        HandleTarget t = new HandleTarget(kind, c, n, d);
        if (members.finds(t)) {
            found.accept(t);
        }
    }
}
