package org.jphantom.discover;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.world.ClassWorld;

/**
 * The program's uses of phantom types as enums and exceptions beyond what the verifier checks, as
 * evidence of which JDK class a phantom class extends (never a constraint): a phantom named in a
 * {@code throws} clause or caught by a handler is a checked exception as far as the program shows;
 * a phantom thrown ({@code throw new P(..)}) by a method that neither declares nor catches it, nor a
 * supertype of it, is unchecked, or javac would have refused the method; one thrown only where
 * known checked classes cover it ({@link CheckedCover}) is below one of them at each such throw
 * (or unchecked; being unchecked nowhere shows). Also the enums: a phantom
 * whose {@code ordinal()} the program calls (javac's switch over an enum; a static {@code values()}
 * alone is no evidence: classes such as log4j's {@code Level} declare one).
 */
public final class SuperClassEvidence {
    private final SortedSet<String> named = new TreeSet<>();
    private final SortedSet<String> thrownUndeclared = new TreeSet<>();
    private final SortedSet<String> enums = new TreeSet<>();
    /** By phantom: the known checked classes covering each of its throws. */
    private final Map<String, List<Set<String>>> covered = new TreeMap<>();

    /** {@code type} appears in a {@code throws} clause or as the type of an exception handler. */
    void named(String type) {
        named.add(type);
    }

    /** {@code type} is thrown where no handler and no {@code throws} clause covers it. */
    void thrownUndeclared(String type) {
        thrownUndeclared.add(type);
    }

    /** {@code type} is thrown where the known checked classes {@code covers} (and no phantom) cover it. */
    void thrownCovered(String type, Set<String> covers) {
        covered.computeIfAbsent(type, k -> new ArrayList<>()).add(Set.copyOf(covers));
    }

    /** The program calls {@code type.ordinal()}: an enum's method. */
    void enumUse(String type) {
        enums.add(type);
    }

    public SortedSet<String> enums() {
        return Collections.unmodifiableSortedSet(enums);
    }

    public SortedSet<String> named() {
        return Collections.unmodifiableSortedSet(named);
    }

    public SortedSet<String> thrownUndeclared() {
        return Collections.unmodifiableSortedSet(thrownUndeclared);
    }

    /**
     * For each phantom thrown only where known checked classes cover it, and never undeclared: the
     * most specific known Throwable class C that every such throw accepts (at each throw, some
     * covering class is C or a super class of it), when one such class is below all the others.
     * javac accepted each throw, so C (a covering class itself) is the super class the program
     * shows.
     */
    public SortedMap<String, String> coveringSupers(ClassWorld world) {
        SortedMap<String, String> out = new TreeMap<>();
        for (Map.Entry<String, List<Set<String>>> e : covered.entrySet()) {
            if (thrownUndeclared.contains(e.getKey())) {
                continue;
            }
            SortedSet<String> accepted = new TreeSet<>();
            for (Set<String> site : e.getValue()) {
                for (String c : site) {
                    if (world.knownSubtype(c, "java/lang/Throwable") && acceptedEverywhere(world, c, e.getValue())) {
                        accepted.add(c);
                    }
                }
            }
            for (String c : accepted) {
                if (accepted.stream().allMatch(other -> world.knownSubtype(c, other))) {
                    out.put(e.getKey(), c);
                }
            }
        }
        return out;
    }

    private static boolean acceptedEverywhere(ClassWorld world, String c, List<Set<String>> sites) {
        return sites.stream().allMatch(site -> site.stream().anyMatch(s -> world.knownSubtype(c, s)));
    }
}
