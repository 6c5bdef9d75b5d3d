package org.jphantom.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Members in declaration order, the first of a duplicate pair kept, found by name and descriptor. */
class MemberTableTest {
    private static MemberInfo member(String name, String desc, int access) {
        return new MemberInfo("p/C", name, desc, access, List.of());
    }

    @Test
    void keepsDeclarationOrderAndTheFirstOfADuplicate() {
        MemberInfo a = member("a", "()V", 1), b = member("b", "()V", 1), a2 = member("a", "()V", 2), c = member("a", "(I)V", 1);
        MemberTable t = MemberTable.of(List.of(a, b, a2, c));
        assertEquals(List.of(a, b, c), t.list());
        assertSame(a, t.get("a", "()V"));
        assertSame(c, t.get("a", "(I)V"));
        assertSame(b, t.get("b", "()V"));
        assertNull(t.get("b", "(I)V"));
        assertNull(t.get("c", "()V"));
    }

    @Test
    void findsEachOfManyMembers() {
        List<MemberInfo> declared = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            declared.add(member("m" + (i % 37), "(" + "I".repeat(i / 37) + ")V", i));
        }
        MemberTable t = MemberTable.of(declared);
        assertEquals(declared, t.list());
        for (MemberInfo m : declared) {
            assertSame(m, t.get(m.name(), m.desc()));
            assertNull(t.get(m.name(), m.desc() + "x"));
        }
    }

    @Test
    void emptyFindsNothing() {
        MemberTable t = MemberTable.of(List.of());
        assertEquals(List.of(), t.list());
        assertNull(t.get("a", "()V"));
    }
}
