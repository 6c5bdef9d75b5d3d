package org.jphantom.analysis.pta.entry;

import java.util.Locale;
import org.jphantom.JphantomException;

/** The kinds of entry points of {@code --entry-points}. */
public enum EntryPointMode {
    /** The {@code main(String[])} methods: an application. */
    MAIN,
    /** What a client can call or override: a library. */
    LIBRARY,
    /** Every method with a body. */
    ALL;

    /** The names the command line takes. */
    public static final String NAMES = "main, library, all";

    /** The mode's name on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The mode called {@code name} (case-insensitive).
     *
     * @throws JphantomException (exit code 2) if there is none
     */
    public static EntryPointMode named(String name) {
        for (EntryPointMode m : values()) {
            if (m.label().equals(name.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw JphantomException.input("unknown entry points '" + name + "'; choose one of " + NAMES);
    }
}
