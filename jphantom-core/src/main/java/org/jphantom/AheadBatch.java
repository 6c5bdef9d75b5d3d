package org.jphantom;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The results of a function over the items {@code 0 .. size-1} of a batch, computed ahead of one
 * consumer that takes them in order. Workers of a pool claim the items one at a time; when the
 * result the consumer needs next is not there yet, the consumer claims and computes the next
 * unclaimed item itself rather than wait, and waits only while a worker is still computing the one
 * it needs. Each item is computed exactly once, by whoever claims it; the results do not depend on
 * who that is. What the function throws for an item is thrown to the consumer when it takes that
 * item.
 *
 * @param <T> the result type
 */
final class AheadBatch<T> {
    private final IntFunction<T> compute;
    private final int size;
    private final AtomicInteger next = new AtomicInteger();
    /** Guarded by {@code this}: each item's result, failure and whether it is done. */
    private final Object[] results;
    private final Throwable[] failures;
    private final boolean[] done;

    private AheadBatch(int size, IntFunction<T> compute) {
        this.size = size;
        this.compute = compute;
        this.results = new Object[size];
        this.failures = new Throwable[size];
        this.done = new boolean[size];
    }

    /**
     * Starts computing {@code compute} over {@code 0 .. size-1} on {@code workers} tasks of
     * {@code pool} (none for an empty batch).
     */
    static <T> AheadBatch<T> start(int size, IntFunction<T> compute, Executor pool, int workers) {
        AheadBatch<T> batch = new AheadBatch<>(size, compute);
        for (int w = 0; w < workers && w < size; w++) {
            pool.execute(batch::work);
        }
        return batch;
    }

    /** A worker's loop: claims and computes items until none is left. */
    private void work() {
        for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
            compute(i);
        }
    }

    private void compute(int i) {
        T result = null;
        Throwable failure = null;
        try {
            result = compute.apply(i);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        synchronized (this) {
            results[i] = result;
            failures[i] = failure;
            done[i] = true;
            notifyAll();
        }
    }

    /**
     * The result for item {@code i} (taken once, in order: the batch forgets it then), computing
     * unclaimed items meanwhile if it is not there yet.
     *
     * @throws RuntimeException or Error: what the function threw for item {@code i}
     */
    @SuppressWarnings("unchecked")
    T take(int i) {
        while (!isDone(i)) {
            int k = next.getAndIncrement();
            if (k < size) {
                compute(k);
            } else {
                awaitDone(i);
            }
        }
        synchronized (this) {
            Throwable failure = failures[i];
            T result = (T) results[i];
            results[i] = null;
            if (failure instanceof RuntimeException e) {
                throw e;
            } else if (failure instanceof Error e) {
                throw e;
            }
            return result;
        }
    }

    private synchronized boolean isDone(int i) {
        return done[i];
    }

    /** Waits until a worker has finished item {@code i}; an interrupt is kept for the caller. */
    private synchronized void awaitDone(int i) {
        boolean interrupted = false;
        while (!done[i]) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true; // the item is being computed: finish waiting, then restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
