package org.jphantom.analysis.lang;

/**
 * The time a program spends loading on demand: reading class files and building method IR,
 * which happens lazily, inside whichever analysis first needs a class or a method. Analyses
 * subtract it from their own time so that a run that finds everything loaded (the main analysis
 * after a pre-analysis on the same input) and one that loads as it goes are timed alike.
 *
 * <p>Re-entrant: a load that triggers another (building a method's IR reads classes) is counted
 * once, from the outermost {@link #enter()} to its {@link #exit()}. One per {@link Program}; not
 * thread-safe, like the program.
 */
public final class LoadClock {
    private int depth;
    private long since;
    private long nanos;

    /** Starts a load (nested loads are part of the outermost). */
    public void enter() {
        if (depth++ == 0) {
            since = System.nanoTime();
        }
    }

    /** Ends the load {@link #enter()} started. */
    public void exit() {
        if (--depth == 0) {
            nanos += System.nanoTime() - since;
        }
    }

    /** The loading time so far, in nanoseconds, a load under way included. */
    public long nanos() {
        return depth == 0 ? nanos : nanos + System.nanoTime() - since;
    }
}
