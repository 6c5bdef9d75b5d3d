package org.jphantom.verify;

import java.util.List;

/**
 * The verdict on a jar.
 *
 * @param classesChecked    class entries of the jar that were loaded (or tried)
 * @param referencesChecked distinct symbolic references resolved, counted once per referring class
 * @param failures          every failure, sorted by class, kind and detail, without duplicates
 */
public record VerifyResult(int classesChecked, int referencesChecked, List<VerifyFailure> failures) {
    public VerifyResult {
        failures = List.copyOf(new java.util.TreeSet<>(failures));
    }

    /** Whether the jar is whole: every class loads, verifies, links and resolves all references. */
    public boolean ok() {
        return failures.isEmpty();
    }
}
