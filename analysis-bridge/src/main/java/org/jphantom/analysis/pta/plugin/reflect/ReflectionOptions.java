package org.jphantom.analysis.pta.plugin.reflect;

import java.util.Locale;
import org.jphantom.JphantomException;

/**
 * The techniques of thesis chapter 3 and seed 000 on top of a {@link ReflectionMode}
 * ({@code --reflection-strings}, {@code --reflection-use-based}, {@code --string-colouring}).
 *
 * @param substrings substring flow (thesis Section 3.4.1, Figure 3.5): string constants that are part
 *                   of a name stay apart, flow through {@code StringBuilder}/{@code StringBuffer}
 *                   {@code append}/{@code toString}, {@code String.concat} and {@code invokedynamic}
 *                   concatenation as pieces, and a {@code forName}/{@code loadClass} matches a piece
 *                   against class names
 * @param memberSubstrings with {@code substrings}, a member lookup ({@code getMethod}, ...) matches
 *                   pieces against member names too ({@code --reflection-strings substring}); without
 *                   it pieces only name classes ({@code --reflection-strings classes})
 * @param useBased   use-based inference (Section 3.4.2): back-propagation, invention, both, or off
 * @param colouring  string colouring (seed 000): member-name strings merged by colour
 * @param limits     the precision thresholds of lazy typing and use-based inference
 */
public record ReflectionOptions(boolean substrings, boolean memberSubstrings, UseBased useBased, boolean colouring,
                                ReflectionLimits limits) {
    /**
     * The defaults: string colouring on (same call graph, fewer string facts); substring flow and
     * use-based inference off: they recovered no executed method on sablecc and the antlr tool
     * (SOLAR alone misses none there) and substring flow grew antlr's call graph 2.6 times (see
     * the analysis-bridge README).
     */
    public static final ReflectionOptions DEFAULT = new ReflectionOptions(false, UseBased.OFF, true);
    /** Only the mode's own rules (with the default limits). */
    public static final ReflectionOptions OFF = new ReflectionOptions(false, UseBased.OFF, false);

    public ReflectionOptions {
        java.util.Objects.requireNonNull(useBased, "useBased");
        java.util.Objects.requireNonNull(limits, "limits");
    }

    /** With the default limits ({@link ReflectionLimits#DEFAULT}); substring flow, if on, for classes and members. */
    public ReflectionOptions(boolean substrings, UseBased useBased, boolean colouring) {
        this(substrings, useBased, colouring, ReflectionLimits.DEFAULT);
    }

    /** Substring flow, if on, for classes and members. */
    public ReflectionOptions(boolean substrings, UseBased useBased, boolean colouring, ReflectionLimits limits) {
        this(substrings, substrings, useBased, colouring, limits);
    }

    /** Use-based reflection analysis (thesis Section 3.4.2). */
    public enum UseBased {
        OFF,
        /** Figure 3.7: an object of the cast's type invented at a cast of an unresolved result. */
        INVENT,
        /** Figure 3.6: a cast, or a member name, tells the class an unresolved {@code forName} returned. */
        PROPAGATE,
        /** Both. */
        BOTH;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean propagates() {
            return this == PROPAGATE || this == BOTH;
        }

        boolean invents() {
            return this == INVENT || this == BOTH;
        }

        /** @throws JphantomException if {@code name} is none of off, invent, propagate, both */
        public static UseBased named(String name) {
            for (UseBased u : values()) {
                if (u.label().equals(name)) {
                    return u;
                }
            }
            throw JphantomException.input("unknown use-based inference '" + name
                    + "': use off, invent, propagate or both");
        }
    }

    /** Substring flow for classes and members ({@code on}), or off. */
    public ReflectionOptions withSubstrings(boolean on) {
        return new ReflectionOptions(on, on, useBased, colouring, limits);
    }

    /** Substring flow for class names only ({@code --reflection-strings classes}). */
    public ReflectionOptions withClassSubstrings() {
        return new ReflectionOptions(true, false, useBased, colouring, limits);
    }

    public ReflectionOptions withUseBased(UseBased u) {
        return new ReflectionOptions(substrings, memberSubstrings, u, colouring, limits);
    }

    public ReflectionOptions withColouring(boolean on) {
        return new ReflectionOptions(substrings, memberSubstrings, useBased, on, limits);
    }

    public ReflectionOptions withLimits(ReflectionLimits l) {
        return new ReflectionOptions(substrings, memberSubstrings, useBased, colouring, l);
    }

    /** {@code substring}, {@code classes} or {@code off}: the value of {@code --reflection-strings}. */
    public String substringsLabel() {
        return !substrings ? "off" : memberSubstrings ? "substring" : "classes";
    }
}
