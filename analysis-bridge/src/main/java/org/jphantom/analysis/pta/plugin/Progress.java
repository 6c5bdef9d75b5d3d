package org.jphantom.analysis.pta.plugin;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Reports progress on a stream every few seconds: reachable methods, context-sensitive methods,
 * pointers, and (when {@code detail}) the methods analysed in the most contexts, which is where a
 * context-sensitive analysis spends its time. On a terminal ({@link #onTerminal}) it keeps one line
 * up to date instead, rewritten in place (carriage return) every {@value #TERMINAL_INTERVAL_MS} ms
 * and erased when the analysis ends, so the summary follows on a clean line.
 */
public final class Progress implements Plugin {
    private final PrintStream out;
    private final boolean detail;
    private final long intervalNanos;
    private Solver solver;
    private long start;
    private long next;
    private int calls;
    private int methods;
    private int[] contextsPerMethod = new int[1024];

    /** How often the terminal line is rewritten. */
    public static final long TERMINAL_INTERVAL_MS = 500;
    private final boolean terminal;
    private int shown;

    public Progress(PrintStream out, boolean detail, long intervalMillis) {
        this(out, detail, intervalMillis, false);
    }

    private Progress(PrintStream out, boolean detail, long intervalMillis, boolean terminal) {
        this.out = out;
        this.detail = detail;
        this.intervalNanos = intervalMillis * 1_000_000L;
        this.terminal = terminal;
    }

    /** Progress as one line kept up to date on {@code terminal} (a stream that is a terminal). */
    public static Progress onTerminal(PrintStream terminal) {
        return new Progress(terminal, false, TERMINAL_INTERVAL_MS, true);
    }

    @Override
    public void onFinish() {
        if (terminal && shown > 0) {
            out.print("\r" + " ".repeat(shown) + "\r");
            out.flush();
            shown = 0;
        }
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        start = System.nanoTime();
        next = start + intervalNanos;
    }

    @Override
    public void onNewMethod(JMethod method) {
        methods++;
    }

    @Override
    public void onNewCSMethod(int csMethod) {
        int m = solver.methodOf(csMethod).id();
        if (m >= contextsPerMethod.length) {
            contextsPerMethod = java.util.Arrays.copyOf(contextsPerMethod, Math.max(m + 1, contextsPerMethod.length * 2));
        }
        contextsPerMethod[m]++;
        if ((++calls & 1023) == 0 && System.nanoTime() >= next) {
            report();
        }
    }

    private void report() {
        long now = System.nanoTime();
        next = now + intervalNanos;
        Runtime rt = Runtime.getRuntime();
        String line = String.format("analyze: %.0f s: %d methods, %d in context, %d pointers, %d objects, %d MB heap",
                (now - start) / 1e9, methods, solver.cs().csMethodCount(), solver.cs().pointerCount(), solver.cs().csObjectCount(),
                (rt.totalMemory() - rt.freeMemory()) >> 20);
        if (terminal) {
            out.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())));
            out.flush();
            shown = line.length();
            return;
        }
        out.println(line);
        if (detail) {
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < contextsPerMethod.length; i++) {
                if (contextsPerMethod[i] > 1) {
                    ids.add(i);
                }
            }
            ids.sort(Comparator.comparingInt((Integer i) -> -contextsPerMethod[i]));
            for (int i = 0; i < Math.min(8, ids.size()); i++) {
                out.printf("  %8d contexts  %s%n", contextsPerMethod[ids.get(i)],
                        solver.program().method(ids.get(i)).signature(solver.program()));
            }
        }
    }
}
