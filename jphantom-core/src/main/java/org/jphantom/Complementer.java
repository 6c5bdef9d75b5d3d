package org.jphantom;

/**
 * The library entry point: reads the program, finds its phantom types and members, extracts the
 * constraints the bytecode places on them, solves the hierarchy, generates the phantom classes
 * and writes the completed jar. No global state: two calls in one JVM never interfere.
 */
public final class Complementer {
    private Complementer() {
    }

    /**
     * Runs the whole pipeline.
     *
     * @throws JphantomException for bad input ({@linkplain JphantomException#exitCode() exit code} 2)
     *         and unsatisfiable constraints (exit code 1); nothing is written then
     */
    public static Result complement(Request request) {
        throw new UnsupportedOperationException("pipeline not yet assembled");
    }
}
