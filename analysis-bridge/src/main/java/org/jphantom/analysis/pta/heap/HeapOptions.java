package org.jphantom.analysis.pta.heap;

/**
 * Which objects the allocation-site heap merges.
 *
 * @param mergeStringConstants all string constants are one object (else one object per value, as
 *                             the JVM interns them). Under context sensitivity each distinct
 *                             constant would otherwise be a receiver context of its own; reflection
 *                             needs them apart, to read class and member names.
 * @param mergeStringObjects   the objects {@code new} makes of {@code String},
 *                             {@code StringBuilder} and {@code StringBuffer}: one object per type
 * @param mergeThrowables      the objects {@code new} makes of each {@code Throwable} type: one
 *                             object per type
 * @param keepNames            when string constants are merged, those that name a class of the
 *                             closed world or a member of a class of the program or its class path
 *                             stay apart, for the reflection analysis to read ({@link NameIndex})
 * @param keepPartialNames     with {@code keepNames}: so do the constants that are a partial name
 *                             (substring flow, thesis Section 3.4.1)
 * @param colourNames          string colouring (seed 000, {@link StringColouring}): the constants of
 *                             the program's code that could select a member are merged by colour;
 *                             of the others, those that cannot be a name (no Java identifier, no
 *                             class name, no part of a name) are one object that selects nothing,
 *                             unless all constants are merged anyway. The reflection analysis
 *                             finds which strings of a colour reach a lookup ({@code StringOrigins})
 */
public record HeapOptions(boolean mergeStringConstants, boolean mergeStringObjects, boolean mergeThrowables,
                          boolean keepNames, boolean keepPartialNames, boolean colourNames) {
    public HeapOptions(boolean mergeStringConstants, boolean mergeStringObjects, boolean mergeThrowables) {
        this(mergeStringConstants, mergeStringObjects, mergeThrowables, true, false, false);
    }

    /** Context-insensitive analyses: string constants apart, strings and throwables merged per type. */
    public static HeapOptions insensitive() {
        return new HeapOptions(false, true, true);
    }

    /** Context-sensitive analyses: string constants merged as well. */
    public static HeapOptions sensitive() {
        return new HeapOptions(true, true, true);
    }

    public HeapOptions withMergeStringConstants(boolean merge) {
        return new HeapOptions(merge, mergeStringObjects, mergeThrowables, keepNames, keepPartialNames, colourNames);
    }

    public HeapOptions withKeepNames(boolean keep) {
        return new HeapOptions(mergeStringConstants, mergeStringObjects, mergeThrowables, keep, keepPartialNames,
                colourNames);
    }

    /** How string constants that could be (part of) a name are kept: see the components. */
    public HeapOptions withStringNames(boolean partial, boolean colour) {
        return new HeapOptions(mergeStringConstants, mergeStringObjects, mergeThrowables, keepNames, partial, colour);
    }
}
