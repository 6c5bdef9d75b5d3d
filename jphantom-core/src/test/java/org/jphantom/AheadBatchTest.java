package org.jphantom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * AheadBatch: every item computed once, taken in order with its own result, whoever computed it;
 * a failure comes out at its own item; the consumer does the work the pool does not.
 */
class AheadBatchTest {
    @Test
    void everyItemOnceInOrderWithWorkers() throws InterruptedException {
        int size = 5_000;
        AtomicIntegerArray computed = new AtomicIntegerArray(size);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            AheadBatch<String> batch = AheadBatch.start(size, i -> {
                computed.incrementAndGet(i);
                return "item " + i;
            }, pool, 3);
            List<String> taken = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                taken.add(batch.take(i));
            }
            for (int i = 0; i < size; i++) {
                assertEquals("item " + i, taken.get(i));
                assertEquals(1, computed.get(i), "item " + i + " computed once");
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theConsumerComputesWhatNoWorkerTakes() {
        String consumer = Thread.currentThread().getName();
        // a pool that never runs anything: the consumer must compute every item itself
        AheadBatch<String> batch = AheadBatch.start(10, i -> Thread.currentThread().getName() + " " + i, task -> { }, 2);
        for (int i = 0; i < 10; i++) {
            assertEquals(consumer + " " + i, batch.take(i));
        }
    }

    @Test
    void aFailureIsThrownAtItsItem() {
        IllegalStateException boom = new IllegalStateException("item 3");
        AheadBatch<Integer> batch = AheadBatch.start(6, i -> {
            if (i == 3) {
                throw boom;
            }
            return i * 10;
        }, Runnable::run, 1);
        assertEquals(0, batch.take(0));
        assertEquals(10, batch.take(1));
        assertEquals(20, batch.take(2));
        assertSame(boom, assertThrows(IllegalStateException.class, () -> batch.take(3)));
        assertEquals(40, batch.take(4));
        assertEquals(50, batch.take(5));
    }

    @Test
    void anErrorToo() {
        AheadBatch<Integer> batch = AheadBatch.start(1, i -> {
            throw new StackOverflowError("deep");
        }, task -> { }, 1);
        assertEquals("deep", assertThrows(StackOverflowError.class, () -> batch.take(0)).getMessage());
    }

    @Test
    void anEmptyBatchStartsNothing() {
        AheadBatch.start(0, i -> {
            throw new AssertionError("nothing to compute");
        }, task -> {
            throw new AssertionError("no task for an empty batch");
        }, 4);
    }
}
