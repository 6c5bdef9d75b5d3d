package org.jphantom.discover;

import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.jphantom.model.Origin;
import org.jphantom.world.MemberKeys;

/**
 * Every member the program uses, each with its first use, in the order they were first used:
 * what {@link MemberRef#key()} identifies (owner, name, descriptor, field or method, static or
 * not), found through {@link MemberKeys}, so a use of a member already kept builds nothing.
 */
final class MemberUses extends AbstractCollection<MemberRef> {
    private final MemberKeys keys = new MemberKeys();
    private final List<MemberRef> refs = new ArrayList<>();

    /**
     * Keeps the member unless it is already kept; its origin is asked for only then.
     *
     * @return whether the member was new
     */
    boolean add(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                Supplier<Origin> origin) {
        if (keys.find(owner, name, desc, MemberRef.kind(field, isStatic)) >= 0) {
            return false;
        }
        keys.add(owner, name, desc, MemberRef.kind(field, isStatic));
        refs.add(new MemberRef(owner, name, desc, field, isStatic, itf, origin.get()));
        return true;
    }

    @Override
    public int size() {
        return refs.size();
    }

    @Override
    public Iterator<MemberRef> iterator() {
        return refs.iterator();
    }
}
