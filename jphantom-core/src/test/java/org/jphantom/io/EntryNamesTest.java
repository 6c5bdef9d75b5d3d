package org.jphantom.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Entry names that could escape the output directory or confuse a reader are refused. */
class EntryNamesTest {
    @Test
    void aDotDotSegmentAnywhereIsUnsafe() {
        for (String name : new String[] {"..", "../a", "a/..", "a/../b", "a/b/..", "a//../b"}) {
            assertEquals("'..' segment in entry name", EntryNames.unsafeReason(name), name);
        }
    }

    @Test
    void dotsInsideASegmentAreNot() {
        for (String name : new String[] {"a..b", "...", "a/.../b", "..a/b", "a/b..", "a/..b/c", ".", "./a", "a/./b",
            "p/C.class", "META-INF/MANIFEST.MF", "a/"}) {
            assertNull(EntryNames.unsafeReason(name), name);
        }
    }

    @Test
    void otherUnsafeNames() {
        assertEquals("empty entry name", EntryNames.unsafeReason(""));
        assertEquals("absolute entry name", EntryNames.unsafeReason("/a"));
        assertEquals("backslash in entry name", EntryNames.unsafeReason("a\\b"));
        assertEquals("NUL character in entry name", EntryNames.unsafeReason("a\0b"));
    }
}
