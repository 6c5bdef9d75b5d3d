package org.jphantom.discover;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The program's uses of phantom types as enums and exceptions beyond what the verifier checks, as
 * evidence of which JDK class a phantom class extends (never a constraint): a phantom named in a
 * {@code throws} clause or caught by a handler is a checked exception as far as the program shows;
 * a phantom thrown ({@code throw new P(..)}) by a method that neither declares nor catches it, nor a
 * class it could be a checked exception below ({@link CheckedCover}), is unchecked, or javac would
 * have refused the method. Also the enums: a phantom
 * whose {@code ordinal()} the program calls (javac's switch over an enum; a static {@code values()}
 * alone is no evidence: classes such as log4j's {@code Level} declare one).
 */
public final class SuperClassEvidence {
    private final SortedSet<String> named = new TreeSet<>();
    private final SortedSet<String> thrownUndeclared = new TreeSet<>();
    private final SortedSet<String> enums = new TreeSet<>();

    /** {@code type} appears in a {@code throws} clause or as the type of an exception handler. */
    void named(String type) {
        named.add(type);
    }

    /** {@code type} is thrown where no handler and no {@code throws} clause covers it. */
    void thrownUndeclared(String type) {
        thrownUndeclared.add(type);
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
}
