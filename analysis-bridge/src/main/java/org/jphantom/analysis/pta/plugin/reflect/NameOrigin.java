package org.jphantom.analysis.pta.plugin.reflect;

/**
 * Where an unknown class or member name came from, as the report names it, and what kind of origin
 * it is. The kinds are in the order a person acts on them ({@link #compareTo}): the command line
 * (give it with {@code --arg}), then values the analysis does not compute (a native or body-less
 * method's result, merged strings: a hint's place), then strings that name nothing (most often
 * strings that reach the site only through context-insensitive merging).
 *
 * @param description how the report names it
 * @param kind        what kind of origin it is
 */
record NameOrigin(String description, Kind kind) implements Comparable<NameOrigin> {
    /** The kinds, the most telling first. */
    enum Kind { COMMAND_LINE, UNKNOWN_VALUE, NAMES_NOTHING }

    /** How the report names the strings of {@code main}'s array when no command line is given. */
    static final String COMMAND_LINE = "the command line (main's arguments; --arg gives them)";

    static NameOrigin commandLine() {
        return new NameOrigin(COMMAND_LINE, Kind.COMMAND_LINE);
    }

    static NameOrigin value(String description) {
        return new NameOrigin(description, Kind.UNKNOWN_VALUE);
    }

    static NameOrigin namesNothing(String description) {
        return new NameOrigin(description, Kind.NAMES_NOTHING);
    }

    @Override
    public int compareTo(NameOrigin o) {
        int k = kind.compareTo(o.kind);
        return k != 0 ? k : description.compareTo(o.description);
    }
}
