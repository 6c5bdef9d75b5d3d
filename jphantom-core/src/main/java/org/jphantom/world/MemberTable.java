package org.jphantom.world;

import java.util.Arrays;
import java.util.List;

/**
 * The fields or the methods of one class in declaration order, found by name and descriptor. A
 * class file that declares a pair twice keeps the first. Built once per class read (program,
 * library and JDK classes alike, hundreds of thousands of members), so it holds no entry or key
 * object per member: the members in an immutable list, and an open-addressing table of their
 * positions; a lookup allocates nothing.
 */
final class MemberTable {
    static final MemberTable EMPTY = new MemberTable(List.of(), new int[1]);

    private final List<MemberInfo> members;
    /** Position + 1 of a member in {@link #members}, 0 for a free slot; the length is a power of two. */
    private final int[] slots;

    private MemberTable(List<MemberInfo> members, int[] slots) {
        this.members = members;
        this.slots = slots;
    }

    /** The table of {@code declared}, in that order, without later duplicates of a name and descriptor. */
    static MemberTable of(List<MemberInfo> declared) {
        if (declared.isEmpty()) {
            return EMPTY;
        }
        int[] slots = new int[Integer.highestOneBit(declared.size() * 2 - 1) << 1];
        MemberInfo[] kept = new MemberInfo[declared.size()];
        int n = 0;
        for (MemberInfo m : declared) {
            int slot = find(slots, kept, m.name(), m.desc());
            if (slots[slot] == 0) {
                kept[n] = m;
                slots[slot] = ++n;
            }
        }
        return new MemberTable(List.of(n == kept.length ? kept : Arrays.copyOf(kept, n)), slots);
    }

    /** The member named {@code name} with descriptor {@code desc}, or null. */
    MemberInfo get(String name, String desc) {
        int at = slots[indexOf(slots, name, desc)];
        return at == 0 ? null : members.get(at - 1);
    }

    /** The members in declaration order (unmodifiable). */
    List<MemberInfo> list() {
        return members;
    }

    private int indexOf(int[] table, String name, String desc) {
        int mask = table.length - 1;
        for (int i = hash(name, desc) & mask; ; i = (i + 1) & mask) {
            int at = table[i];
            if (at == 0 || matches(members.get(at - 1), name, desc)) {
                return i;
            }
        }
    }

    /** The slot of {@code name desc} among the first members of {@code kept}, or the free slot where it goes. */
    private static int find(int[] table, MemberInfo[] kept, String name, String desc) {
        int mask = table.length - 1;
        for (int i = hash(name, desc) & mask; ; i = (i + 1) & mask) {
            int at = table[i];
            if (at == 0 || matches(kept[at - 1], name, desc)) {
                return i;
            }
        }
    }

    private static boolean matches(MemberInfo m, String name, String desc) {
        return m.name().equals(name) && m.desc().equals(desc);
    }

    private static int hash(String name, String desc) {
        int h = name.hashCode() * 31 + desc.hashCode();
        return h ^ (h >>> 16);
    }
}
