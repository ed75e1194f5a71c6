package dev.sepax.parallel;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class ParallelSatTest {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Property(tries = 30)
    void givesTheSingleThreadedVerdictsHitsAndAxisCache(@ForAll long seed,
                                                        @ForAll @IntRange(min = 1, max = 5) int parallelism,
                                                        @ForAll @IntRange(min = 0, max = 2) int executorKind) {
        ConvexPolygons s = TestScenes.mixed(seed, 1500, 60);
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.25f, pairs);
        SatKernel kernel = Sepax.overlap();
        OverlapBits expected = new OverlapBits(pairs.size());
        int[] expectedCache = new int[pairs.size()];
        int expectedHits = kernel.test(s, pairs, 0, pairs.size(), 0f, expected, expectedCache);

        java.util.concurrent.Executor ex = switch (executorKind) {
            case 0 -> ForkJoinPool.commonPool();
            case 1 -> POOL;
            default -> Runnable::run; // runs chunks inline at submission
        };
        ParallelSat par = new ParallelSat(kernel, ex, parallelism);
        OverlapBits got = new OverlapBits(pairs.size());
        int[] cache = new int[pairs.size()];
        for (int round = 0; round < 2; round++) { // a reused instance gives the same answer
            got.clear();
            java.util.Arrays.fill(cache, 0);
            assertEquals(expectedHits, par.test(s, pairs, 0f, got, cache));
            assertEquals(-1, expected.firstDifference(got, pairs.size()));
            assertArrayEquals(expectedCache, cache);
        }
    }

    @Test
    void splitsABatchAcrossAllThreadsOfAPool() {
        ConvexPolygons s = TestScenes.mixed(7, 3000, 80);
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.5f, pairs);
        assertEquals(true, pairs.size() >= 4 * ParallelSat.MIN_CHUNK, "scene too small: " + pairs.size());
        OverlapBits one = new OverlapBits(pairs.size());
        OverlapBits four = new OverlapBits(pairs.size());
        int h1 = ScalarSat.INSTANCE.test(s, pairs, 0f, one);
        int h4 = new ParallelSat(ScalarSat.INSTANCE, POOL, 4).test(s, pairs, 0f, four);
        assertEquals(h1, h4);
        assertEquals(-1, one.firstDifference(four, pairs.size()));
    }

    @Test
    void aRejectingExecutorLeavesEveryChunkToTheCaller() {
        ConvexPolygons s = TestScenes.mixed(5, 3000, 80);
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.5f, pairs);
        OverlapBits one = new OverlapBits(pairs.size());
        OverlapBits par = new OverlapBits(pairs.size());
        java.util.concurrent.Executor rejecting = r -> {
            throw new java.util.concurrent.RejectedExecutionException("full");
        };
        assertEquals(ScalarSat.INSTANCE.test(s, pairs, 0f, one),
                new ParallelSat(ScalarSat.INSTANCE, rejecting, 4).test(s, pairs, 0f, par));
        assertEquals(-1, one.firstDifference(par, pairs.size()));
    }

    @Test
    void anExecutorThatThrowsIsReportedOnlyAfterEveryChunkHasRun() throws Exception {
        ConvexPolygons s = TestScenes.mixed(5, 3000, 80);
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.5f, pairs);
        assertEquals(true, pairs.size() >= 4 * ParallelSat.MIN_CHUNK, "scene too small: " + pairs.size());
        OverlapBits one = new OverlapBits(pairs.size());
        int expected = ScalarSat.INSTANCE.test(s, pairs, 0f, one);
        // Takes the first chunk onto a thread that starts it only when released, then breaks
        // (not a RejectedExecutionException: an executor out of memory or off its contract).
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger submitted = new java.util.concurrent.atomic.AtomicInteger();
        Thread[] held = new Thread[1];
        java.util.concurrent.Executor breaking = r -> {
            if (submitted.getAndIncrement() > 0) {
                throw new IllegalStateException("executor broken");
            }
            held[0] = new Thread(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    return;
                }
                r.run();
            });
            held[0].start();
        };
        ParallelSat par = new ParallelSat(ScalarSat.INSTANCE, breaking, 4);
        OverlapBits got = new OverlapBits(pairs.size());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> par.test(s, pairs, 0f, got));
            assertEquals("executor broken", e.getMessage());
            // Every chunk ran before the exception: none was left to a thread still to come.
            assertEquals(-1, one.firstDifference(got, pairs.size()));
        } finally {
            release.countDown();
            held[0].join(60_000);
        }
        OverlapBits again = new OverlapBits(pairs.size());
        assertEquals(expected, new ParallelSat(ScalarSat.INSTANCE, POOL, 4).test(s, pairs, 0f, again));
        assertEquals(-1, one.firstDifference(again, pairs.size()));
    }

    @Test
    void aCallFromInsideTheCommonPoolCompletes() throws Exception {
        ConvexPolygons s = TestScenes.mixed(9, 3000, 80);
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.5f, pairs);
        int expected = ScalarSat.INSTANCE.test(s, pairs, 0f, new OverlapBits(pairs.size()));
        ParallelSat par = new ParallelSat(ScalarSat.INSTANCE, 8); // more chunks than pool threads
        int got = ForkJoinPool.commonPool().submit(() -> par.test(s, pairs, 0f, new OverlapBits(pairs.size())))
                .get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(expected, got);
    }

    @Test
    void rejectsBadArgumentsLikeTheKernel() {
        ConvexPolygons s = TestScenes.mixed(3, 10, 5);
        PairBatch pairs = PairBatch.of(new int[] {0}, new int[] {1}, s);
        ParallelSat par = new ParallelSat(ScalarSat.INSTANCE, 2);
        assertThrows(IllegalArgumentException.class, () -> par.test(s, pairs, Float.NaN, new OverlapBits(1)));
        assertThrows(IllegalArgumentException.class, () -> par.test(s, pairs, 0f, new OverlapBits(0)));
        assertThrows(IllegalArgumentException.class, () -> new ParallelSat(ScalarSat.INSTANCE, 0));
    }
}
