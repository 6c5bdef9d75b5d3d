package org.jphantom.analysis.output;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jphantom.JphantomException;

/** The call-graph formats {@code --out} writes ({@code --format}); stats and the reflection report come with each. */
public enum OutputFormat {
    /** {@value Dumps#REACHABLE} and {@value Dumps#EDGES}: sorted lines. */
    TEXT,
    /** {@value Dumps#JCG}: the JCG serialized call graph ({@link JcgWriter}). */
    JCG,
    /** {@value Dumps#DOT}: the application's call graph in Graphviz DOT ({@link CallGraphDot}). */
    DOT;

    /** The names the command line takes. */
    public static final String NAMES = "text, jcg, dot";

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The formats a list of values names, each value one name or a comma-separated list.
     *
     * @throws JphantomException (exit code 2) for an unknown or empty name
     */
    public static Set<OutputFormat> parse(List<String> values) {
        Set<OutputFormat> out = EnumSet.noneOf(OutputFormat.class);
        for (String v : values) {
            for (String name : v.split(",", -1)) {
                out.add(named(name.trim()));
            }
        }
        return out;
    }

    private static OutputFormat named(String name) {
        for (OutputFormat f : values()) {
            if (f.label().equals(name.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw JphantomException.input("unknown format '" + name + "'; --format takes " + NAMES
                + " (repeatable, or a comma-separated list)");
    }
}
