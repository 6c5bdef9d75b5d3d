package org.jphantom.analysis.missing;

import java.util.Locale;
import org.jphantom.JphantomException;

/** What the analysis does with classes the program references but nothing provides ({@code --missing}). */
public enum MissingMode {
    /**
     * Complement the program in memory first (jphantom's in-memory API) and analyse the completed
     * program; calls into the generated classes return abstract objects.
     */
    COMPLEMENT,
    /** Analyse the program as it is: calls into missing classes have no target. */
    IGNORE,
    /** Doop's treatment: methods whose signature or body references a missing type are not analysed. */
    SKIP;

    /** The names the command line takes. */
    public static final String NAMES = "complement, ignore, skip";

    /** The mode's name on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The mode called {@code name} (case-insensitive).
     *
     * @throws JphantomException (exit code 2) if there is none
     */
    public static MissingMode named(String name) {
        for (MissingMode m : values()) {
            if (m.label().equals(name.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw JphantomException.input("--missing takes " + NAMES + ", not '" + name + "'");
    }
}
