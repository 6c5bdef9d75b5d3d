package org.jphantom.analysis.output;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes several outputs of one result at once (the {@code --out} files and the HTML report, say):
 * the first on the calling thread, each other on a thread of its own, so that a second core does
 * not sit idle while they are written. All or nothing: if one fails, the others stop at their next
 * file, every file any of them wrote is removed, and the first failure in the list's order is
 * thrown, with the others' added to it as suppressed.
 *
 * <p>The outputs run concurrently, so what they read must be safe to read from two threads: at
 * most one of them may use the analysis' program (not thread-safe), the others reading only what
 * was gathered from it before ({@link Dumps#prepare}, a {@link org.jphantom.analysis.graph.MethodGraph}).
 */
public final class ConcurrentOutputs {
    private ConcurrentOutputs() {
    }

    /** One output: writes its files, recording each in {@code files} before it writes it. */
    @FunctionalInterface
    public interface Output {
        void write(WrittenFiles files);
    }

    /**
     * Runs {@code outputs} at once and waits for all of them.
     *
     * @throws RuntimeException or Error: the first output's failure, nothing of any output left
     */
    public static void run(List<Output> outputs) {
        AtomicBoolean stop = new AtomicBoolean();
        List<WrittenFiles> files = new ArrayList<>();
        Throwable[] failures = new Throwable[outputs.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            files.add(new WrittenFiles(stop));
        }
        for (int i = 1; i < outputs.size(); i++) {
            int k = i;
            Thread t = new Thread(() -> failures[k] = attempt(outputs.get(k), files.get(k), stop), "jphantom-output-" + k);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        if (!outputs.isEmpty()) {
            failures[0] = attempt(outputs.get(0), files.get(0), stop);
        }
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the outputs take seconds: finish them, then pass the interrupt on
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable first = null;
        for (Throwable f : failures) {
            if (f != null && !(f instanceof WrittenFiles.Stopped)) {
                if (first == null) {
                    first = f;
                } else {
                    first.addSuppressed(f);
                }
            }
        }
        if (first == null) {
            return;
        }
        for (WrittenFiles f : files) {
            f.removeAll();
        }
        if (first instanceof Error e) {
            throw e;
        }
        throw (RuntimeException) first;
    }

    /** Runs one output; its failure (after which the others stop), or null. */
    private static Throwable attempt(Output output, WrittenFiles files, AtomicBoolean stop) {
        try {
            output.write(files);
            return null;
        } catch (RuntimeException | Error e) {
            stop.set(true);
            return e;
        }
    }
}
