package org.jphantom.analysis.pta.heap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.analysis.lang.Program;

/**
 * String colouring (Grech, Kastrinis, Smaragdakis, ECOOP 2018, seed 000): the string constants of
 * the program's and class path's code that could select a member (Java identifiers, and with
 * {@code partial} names the prefixes and suffixes of member names) are the nodes of a conflict
 * graph, where two strings conflict when, in one class, they can select distinct methods, or
 * distinct fields. The classes are those of the program and its class path and the JDK classes
 * their constant pools name (as class references or as class-name strings): the classes whose
 * class objects the program can look members up on. A string selects the members (inherited ones
 * included) whose names it is or, with {@code partial}, is a long enough prefix or suffix of
 * ({@link NameIndex#partialMatch}). The graph is coloured by the paper's numbering: strings in
 * lexicographic order, each gets one more than the highest colour of the earlier strings it
 * conflicts with (0 if none). Strings of one colour can never tell two members of one of these
 * classes apart, so the analysis keeps one object per colour, standing for all of its strings.
 *
 * <p>Two strings that select exactly one and the same member name in a class do not conflict there
 * (overloads share a name: no string tells them apart). Strings that name a class, or with partial
 * names are part of a class name, are not coloured (the paper's Section 5.3: they are the primary
 * selectors and stay apart). The graph is never
 * built edge by edge: per class, the strings selecting any of its members form a clique less its
 * same-single-member groups, so a class contributes the greatest colour of its earlier strings
 * outside the group, kept as the two best of distinct groups. Classes with identical groups are
 * met once.
 */
public final class StringColouring {
    private final Map<String, Integer> colourOf = new HashMap<>();
    private final List<List<String>> strings = new ArrayList<>();
    private final int nodes;
    private final int conflictClasses;
    /** The names of the members of the colouring's classes, sorted, and with partial names also reversed (else null). */
    private final NavigableSet<String> memberNames;
    private final NavigableSet<String> reversedNames;
    private long millis;

    private StringColouring(List<String> sorted, int[] colours, int conflictClasses, NavigableSet<String> allNames,
                            NavigableSet<String> reversed, boolean partial) {
        this.nodes = sorted.size();
        this.conflictClasses = conflictClasses;
        this.memberNames = allNames;
        this.reversedNames = partial ? reversed : null;
        for (int i = 0; i < sorted.size(); i++) {
            int c = colours[i];
            colourOf.put(sorted.get(i), c);
            while (strings.size() <= c) {
                strings.add(new ArrayList<>());
            }
            strings.get(c).add(sorted.get(i));
        }
    }

    /**
     * Colours the member-selecting string constants of the program's and class path's classes.
     *
     * @param partial whether strings select by prefix and suffix as well (substring flow is on)
     */
    public static StringColouring of(Program program, NameIndex names, boolean partial) {
        long start = System.nanoTime();
        TreeSet<String> nodes = new TreeSet<>();
        TreeSet<String> classes = new TreeSet<>(program.closedWorldClasses());
        for (String c : program.closedWorldClasses()) {
            int type = program.type(c);
            for (String s : program.stringConstants(type)) {
                if (names.isClassName(s)) {
                    classes.add(s.replace('.', '/'));
                } else if (!(partial && names.isPartialClassName(s)) && (NameIndex.couldBeMemberName(s)
                        || names.isMemberName(s) || partial && names.isPartialMemberName(s))) {
                    nodes.add(s);
                }
            }
            for (String ref : program.classConstants(type)) {
                if (!ref.startsWith("[")) {
                    classes.add(ref);
                }
            }
        }
        List<String> sorted = new ArrayList<>(nodes);
        Map<String, Integer> id = new HashMap<>();
        for (int i = 0; i < sorted.size(); i++) {
            id.put(sorted.get(i), i);
        }
        // which strings select each member name
        Map<String, List<Integer>> selectors = new HashMap<>();
        NavigableSet<String> allNames = new TreeSet<>();
        List<List<Set<String>>> members = new ArrayList<>();
        NameIndex.Members namesOf = names.members(); // dropped with the colouring's other working sets
        for (String c : classes) {
            if (program.world().lookup(c) != null) {
                members.add(namesOf.of(c));
            }
        }
        for (List<Set<String>> kinds : members) {
            allNames.addAll(kinds.get(0));
            allNames.addAll(kinds.get(1));
        }
        NavigableSet<String> reversed = new TreeSet<>();
        for (String n : allNames) {
            reversed.add(new StringBuilder(n).reverse().toString());
        }
        for (int i = 0; i < sorted.size(); i++) {
            String s = sorted.get(i);
            Set<String> hits = new TreeSet<>();
            if (allNames.contains(s)) {
                hits.add(s);
            }
            if (partial) {
                if (s.length() >= NameIndex.MIN_PREFIX) {
                    for (String n : allNames.tailSet(s, true)) {
                        if (!n.startsWith(s)) {
                            break;
                        }
                        hits.add(n);
                    }
                }
                if (s.length() >= NameIndex.MIN_SUFFIX) {
                    String r = new StringBuilder(s).reverse().toString();
                    for (String n : reversed.tailSet(r, true)) {
                        if (!n.startsWith(r)) {
                            break;
                        }
                        hits.add(new StringBuilder(n).reverse().toString());
                    }
                }
            }
            for (String n : hits) {
                selectors.computeIfAbsent(n, k -> new ArrayList<>()).add(i);
            }
        }
        // per class and kind: each selecting string's group (its single member name, or its own)
        Set<Map<Integer, Integer>> groups = new java.util.LinkedHashSet<>();
        for (List<Set<String>> kinds : members) {
            for (Set<String> memberNames : kinds) {
                Map<Integer, List<String>> hitsOf = new TreeMap<>();
                for (String n : memberNames) {
                    for (int s : selectors.getOrDefault(n, List.of())) {
                        hitsOf.computeIfAbsent(s, k -> new ArrayList<>(1)).add(n);
                    }
                }
                if (hitsOf.size() < 2) {
                    continue;
                }
                Map<String, Integer> groupOfName = new HashMap<>();
                Map<Integer, Integer> group = new TreeMap<>();
                for (Map.Entry<Integer, List<String>> e : hitsOf.entrySet()) {
                    int g = e.getValue().size() == 1
                            ? groupOfName.computeIfAbsent(e.getValue().get(0), k -> groupOfName.size())
                            : -1 - e.getKey();
                    group.put(e.getKey(), g);
                }
                groups.add(group);
            }
        }
        // membership of each string: (class index, group)
        List<List<int[]>> member = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            member.add(new ArrayList<>(0));
        }
        int k = 0;
        for (Map<Integer, Integer> group : groups) {
            for (Map.Entry<Integer, Integer> e : group.entrySet()) {
                member.get(e.getKey()).add(new int[] {k, e.getValue()});
            }
            k++;
        }
        // the numbering, in lexicographic order; per class the two best colours of distinct groups
        int[] best1 = new int[k];
        int[] group1 = new int[k];
        int[] best2 = new int[k];
        java.util.Arrays.fill(best1, -1);
        java.util.Arrays.fill(best2, -1);
        int[] colours = new int[sorted.size()];
        for (int s = 0; s < sorted.size(); s++) {
            int c = 0;
            for (int[] m : member.get(s)) {
                int above = group1[m[0]] != m[1] ? best1[m[0]] : best2[m[0]];
                c = Math.max(c, above + 1);
            }
            colours[s] = c;
            for (int[] m : member.get(s)) {
                int cl = m[0];
                int g = m[1];
                if (c > best1[cl]) {
                    if (group1[cl] != g) {
                        best2[cl] = best1[cl];
                    }
                    best1[cl] = c;
                    group1[cl] = g;
                } else if (g != group1[cl] && c > best2[cl]) {
                    best2[cl] = c;
                }
            }
        }
        StringColouring result = new StringColouring(sorted, colours, k, allNames, reversed, partial);
        result.millis = (System.nanoTime() - start) / 1_000_000;
        return result;
    }

    /**
     * Whether {@code s} selects no member of any of the colouring's classes (with partial names:
     * is no long enough prefix or suffix of one either). Such a string conflicts with no string, so
     * every colour would fit it: the heap gives the strings it meets only while the analysis runs
     * (constants of the JDK's code, which is not read ahead) one colour of their own.
     */
    public boolean selectsNothing(String s) {
        return !memberNames.contains(s) && (reversedNames == null || !NameIndex.partOf(s, memberNames, reversedNames));
    }

    /** The colour of a string constant, or -1 if it is no node (it selects nothing, or names a class). */
    public int colourOf(String s) {
        Integer c = colourOf.get(s);
        return c == null ? -1 : c;
    }

    /** The strings of colour {@code c}, sorted. */
    public List<String> strings(int colour) {
        return strings.get(colour);
    }

    /** How long building the colouring took, names index included. */
    public long millis() {
        return millis;
    }

    /** The number of colours. */
    public int colours() {
        return strings.size();
    }

    /** The number of strings coloured. */
    public int nodes() {
        return nodes;
    }

    /** The number of distinct classes' conflict groups met (classes with identical groups counted once). */
    public int conflictClasses() {
        return conflictClasses;
    }
}
