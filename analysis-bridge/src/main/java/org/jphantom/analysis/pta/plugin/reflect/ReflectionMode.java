package org.jphantom.analysis.pta.plugin.reflect;

import java.util.Locale;
import org.jphantom.JphantomException;

/** How much of the reflection API the analysis resolves ({@code --reflection}). */
public enum ReflectionMode {
    /** Reflective calls reach nothing beyond the JDK's own code for them. */
    NONE,
    /**
     * Livshits et al.: names from string constants, and at a {@code newInstance} of an unknown class
     * the subtypes of the type its result is cast to in the same method.
     */
    CONSTANTS,
    /**
     * SOLAR (Li, Tan, Xue): the above, plus unknown-class and unknown-member meta-objects, lazy heap
     * modelling at casts and {@code invoke} calls, collective inference at {@code invoke},
     * {@code get} and {@code set}, and the soundness criterion for the report.
     */
    SOLAR,
    /**
     * SOLAR's PROBE (Section 3.8 of the paper): SOLAR without lazy heap modelling's typing (a
     * {@code newInstance} of an unknown class still makes its marker, [L-UKWTP], but casts and
     * {@code invoke} calls never type it: [L-CAST] and [L-INV] off), without [I-INVS2T] (a known
     * member name never tells the class), and with target search only for meta-objects whose
     * signature is at least partly known (a name, or argument types). Lighter and always smaller
     * than SOLAR; its report ranks the sites a user should annotate (Section 4.4).
     */
    PROBE;

    /** Whether the mode infers from unknown meta-objects (SOLAR's rules, all or PROBE's part). */
    public boolean infers() {
        return this == SOLAR || this == PROBE;
    }

    /** The lower-case name the command line uses. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws JphantomException if {@code name} is none of {@code none}, {@code constants}, {@code solar}
     */
    public static ReflectionMode named(String name) {
        for (ReflectionMode m : values()) {
            if (m.label().equals(name)) {
                return m;
            }
        }
        throw JphantomException.input("unknown reflection mode '" + name + "': use none, constants, probe or solar");
    }
}
