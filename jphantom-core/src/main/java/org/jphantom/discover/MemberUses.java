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
    private MemberRef[] table = new MemberRef[1 << 12];
    private int size;

    /**
     * Keeps the member unless it is already kept; its origin is asked for only then.
     *
     * @return whether the member was new
     */
    boolean add(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                Supplier<Origin> origin) {
        int mask = table.length - 1;
        int i = hash(owner, name, desc, field, isStatic) & mask;
        for (MemberRef r = table[i]; r != null; r = table[i]) {
            if (r.field() == field && r.isStatic() == isStatic && r.name().equals(name) && r.desc().equals(desc)
                    && r.owner().equals(owner)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = new MemberRef(owner, name, desc, field, isStatic, itf, origin.get());
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    private void grow() {
        MemberRef[] old = table;
        table = new MemberRef[old.length * 2];
        int mask = table.length - 1;
        for (MemberRef r : old) {
            if (r != null) {
                int i = hash(r.owner(), r.name(), r.desc(), r.field(), r.isStatic()) & mask;
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = r;
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
