package org.jphantom.analysis.lang;

import java.lang.management.ManagementFactory;

/**
 * The time a program spends loading on demand: reading class files and building method IR,
 * which happens lazily, inside whichever analysis first needs a class or a method. Analyses
 * subtract it from their own time so that a run that finds everything loaded (the main analysis
 * after a pre-analysis on the same input) and one that loads as it goes are timed alike. Kept as
 * wall time and as the loading thread's CPU time, which a shared machine disturbs less and which
 * is cheap to read at every load (the process' CPU time, {@link #cpuNow()}, reads {@code /proc}
 * on Linux: at each of the tens of thousands of loads it cost sablecc's analysis about 13 % of
 * its CPU). The loading thread's CPU leaves out what other threads (the garbage collector, the
 * JIT compiler) spent meanwhile; those stay in the analysis' figure.
 *
 * <p>Re-entrant: a load that triggers another (building a method's IR reads classes) is counted
 * once, from the outermost {@link #enter()} to its {@link #exit()}. One per {@link Program}; not
 * thread-safe, like the program.
 */
public final class LoadClock {
    private static final com.sun.management.OperatingSystemMXBean OS = operatingSystem();
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private int depth;
    private long since;
    private long sinceCpu;
    private long nanos;
    private long cpuNanos;

    /** Starts a load (nested loads are part of the outermost). */
    public void enter() {
        if (depth++ == 0) {
            since = System.nanoTime();
            sinceCpu = threadCpuNow();
        }
    }

    /** Ends the load {@link #enter()} started. */
    public void exit() {
        if (--depth == 0) {
            nanos += System.nanoTime() - since;
            cpuNanos += threadCpuNow() - sinceCpu;
        }
    }

    /** The wall time spent loading so far, in nanoseconds, a load under way included. */
    public long nanos() {
        return depth == 0 ? nanos : nanos + System.nanoTime() - since;
    }

    /** The loading thread's CPU time spent loading so far, in nanoseconds, a load under way included. */
    public long cpuNanos() {
        return depth == 0 ? cpuNanos : cpuNanos + threadCpuNow() - sinceCpu;
    }

    /**
     * The CPU time of the whole process so far (all threads: the analysis, the garbage collector,
     * the JIT compiler), in nanoseconds; 0 where the platform does not tell.
     */
    public static long cpuNow() {
        if (OS == null) {
            return 0;
        }
        long t = OS.getProcessCpuTime();
        return Math.max(t, 0);
    }

    /** The current thread's CPU time in nanoseconds; 0 where the JVM does not tell. */
    private static long threadCpuNow() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? Math.max(THREADS.getCurrentThreadCpuTime(), 0) : 0;
    }

    private static com.sun.management.OperatingSystemMXBean operatingSystem() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os : null;
    }
}
