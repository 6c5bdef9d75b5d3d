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
 */
public record HeapOptions(boolean mergeStringConstants, boolean mergeStringObjects, boolean mergeThrowables) {
    /** Context-insensitive analyses: string constants apart, strings and throwables merged per type. */
    public static HeapOptions insensitive() {
        return new HeapOptions(false, true, true);
    }

    /** Context-sensitive analyses: string constants merged as well. */
    public static HeapOptions sensitive() {
        return new HeapOptions(true, true, true);
    }

    public HeapOptions withMergeStringConstants(boolean merge) {
        return new HeapOptions(merge, mergeStringObjects, mergeThrowables);
    }
}
