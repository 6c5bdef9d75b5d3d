package org.jphantom.discover;

import java.util.AbstractCollection;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.jphantom.model.Origin;

/**
 * Every member the program uses, each with its first use: what {@link MemberRef#key()} identifies
 * (owner, name, descriptor, field or method, static or not). Asked once for every member
 * instruction of the program (millions on a large jar, most of them repeating a member already
 * met), so a lookup builds nothing: an open-addressing table of the {@link MemberRef}s themselves,
 * compared field by field. Iteration order is the table's, which no caller may depend on.
 */
final class MemberUses extends AbstractCollection<MemberRef> {
    private MemberRef[] table = new MemberRef[1 << 14];
    /** The hash of the member in each slot of {@link #table}: a probe or a resize reads no member's strings. */
    private int[] hashes = new int[1 << 14];
    private int size;

    /**
     * Keeps the member unless it is already kept; its origin is asked for only then.
     *
     * @return whether the member was new
     */
    boolean add(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                Supplier<Origin> origin) {
        int h = hash(owner, name, desc, field, isStatic);
        int mask = table.length - 1;
        int i = h & mask;
        for (MemberRef r = table[i]; r != null; r = table[i]) {
            if (hashes[i] == h && r.field() == field && r.isStatic() == isStatic && r.name().equals(name)
                    && r.desc().equals(desc) && r.owner().equals(owner)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = new MemberRef(owner, name, desc, field, isStatic, itf, origin.get());
        hashes[i] = h;
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    private void grow() {
        MemberRef[] oldTable = table;
        int[] oldHashes = hashes;
        table = new MemberRef[oldTable.length * 2];
        hashes = new int[table.length];
        int mask = table.length - 1;
        for (int j = 0; j < oldTable.length; j++) {
            if (oldTable[j] != null) {
                int i = oldHashes[j] & mask;
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = oldTable[j];
                hashes[i] = oldHashes[j];
            }
        }
    }

    private static int hash(String owner, String name, String desc, boolean field, boolean isStatic) {
        int h = ((owner.hashCode() * 31 + name.hashCode()) * 31 + desc.hashCode()) * 4 + (field ? 2 : 0)
                + (isStatic ? 1 : 0);
        return h ^ (h >>> 16);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Iterator<MemberRef> iterator() {
        MemberRef[] snapshot = table;
        return new Iterator<>() {
            private int next = advance(0);

            private int advance(int from) {
                int i = from;
                while (i < snapshot.length && snapshot[i] == null) {
                    i++;
                }
                return i;
            }

            @Override
            public boolean hasNext() {
                return next < snapshot.length;
            }

            @Override
            public MemberRef next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                MemberRef r = snapshot[next];
                next = advance(next + 1);
                return r;
            }
        };
    }
}
