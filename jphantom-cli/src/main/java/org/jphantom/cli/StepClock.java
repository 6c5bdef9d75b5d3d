package org.jphantom.cli;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Wall and process CPU time (all threads: the collector's and the compilers' too) of the steps of
 * a command, for {@code -v}: what the analysis took and what each output added to it. Process CPU
 * is read where the JVM offers it ({@code com.sun.management}); elsewhere only wall time is shown.
 */
final class StepClock {
    private final com.sun.management.OperatingSystemMXBean os =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean o ? o : null;
    private final List<String> steps = new ArrayList<>();
    private long wall = System.nanoTime();
    private long cpu = cpu();

    private long cpu() {
        return os == null ? -1 : os.getProcessCpuTime();
    }

    /** Ends the step {@code name}, begun when the previous one ended (or at construction). */
    void lap(String name) {
        long w = System.nanoTime();
        long c = cpu();
        steps.add(String.format(Locale.ROOT, "%s %.1f s", name, (w - wall) / 1e9)
                + (c < 0 || cpu < 0 ? "" : String.format(Locale.ROOT, " (cpu %.1f s)", (c - cpu) / 1e9)));
        wall = w;
        cpu = c;
    }

    /** The steps so far, as one line. */
    String line() {
        return "time: " + String.join(", ", steps);
    }
}
