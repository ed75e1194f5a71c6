package dev.sepax.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link ParallelSat} shared by two callers fails fast instead of hanging or mixing their
 * chunks; an interrupted caller waits parked; the chunk arithmetic holds near {@code 2^31}.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ParallelSatMisuseTest {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    /** ScalarSat, except that the chunk starting at {@code blockFrom} waits for a latch. */
    private static final class GatedKernel implements SatKernel {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final int blockFrom;

        GatedKernel(int blockFrom) {
            this.blockFrom = blockFrom;
        }

        @Override
        public String name() {
            return "gated";
        }

        @Override
        public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
            return ScalarSat.INSTANCE.intersects(shapes, a, b, tolerance);
        }

        @Override
        public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                        OverlapBits out, int[] axisCache) {
            if (from == blockFrom) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return ScalarSat.INSTANCE.test(shapes, pairs, from, to, tolerance, out, axisCache);
        }
    }

    private static PairBatch pairsOf(ConvexPolygons s) {
        PairBatch pairs = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.25f, pairs);
        return pairs;
    }

    @Test
    void aSecondCallerWhileOneIsRunningGetsIllegalStateAndTheFirstStaysRight() throws Exception {
        ConvexPolygons s = TestScenes.mixed(7, 3000, 80);
        PairBatch pairs = pairsOf(s);
        assertTrue(pairs.size() >= 4 * ParallelSat.MIN_CHUNK, "pairs=" + pairs.size());
        OverlapBits expected = new OverlapBits(pairs.size());
        int expectedHits = ScalarSat.INSTANCE.test(s, pairs, 0f, expected);

        GatedKernel kernel = new GatedKernel(0); // the first caller's own chunk blocks
        ParallelSat shared = new ParallelSat(kernel, POOL, 2);
        OverlapBits first = new OverlapBits(pairs.size());
        AtomicReference<Object> firstResult = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                firstResult.set(shared.test(s, pairs, 0f, first));
            } catch (Throwable e) {
                firstResult.set(e);
            }
        }, "first-caller");
        t.start();
        assertTrue(kernel.entered.await(60, TimeUnit.SECONDS));
        OverlapBits second = new OverlapBits(pairs.size());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> shared.test(s, pairs, 0f, second));
        assertTrue(e.getMessage().startsWith("ParallelSat: one caller at a time"), e.getMessage());
        assertTrue(e.getMessage().contains("first-caller"), e.getMessage());
        kernel.release.countDown();
        t.join(60_000);
        assertEquals(expectedHits, firstResult.get());
        assertEquals(-1, expected.firstDifference(first, pairs.size()));
        // Released: the instance serves the next caller, here the test thread.
        assertEquals(expectedHits, shared.test(s, pairs, 0f, second));
        assertEquals(-1, expected.firstDifference(second, pairs.size()));
    }

    @Test
    void anInterruptedCallerWaitsParkedAndKeepsItsInterruptStatus() throws Exception {
        ConvexPolygons s = TestScenes.mixed(8, 3000, 80);
        PairBatch pairs = pairsOf(s);
        OverlapBits expected = new OverlapBits(pairs.size());
        int expectedHits = ScalarSat.INSTANCE.test(s, pairs, 0f, expected);
        int step = ParallelSat.chunkStep(pairs.size(), 2);
        GatedKernel kernel = new GatedKernel(step); // chunk 1, run by the pool, blocks
        ParallelSat par = new ParallelSat(kernel, POOL, 2);
        OverlapBits got = new OverlapBits(pairs.size());
        AtomicReference<Object> result = new AtomicReference<>();
        AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                result.set(par.test(s, pairs, 0f, got));
            } catch (Throwable e) {
                result.set(e);
            }
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        }, "interrupted-caller");
        caller.start();
        assertTrue(kernel.entered.await(60, TimeUnit.SECONDS));
        caller.interrupt();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Thread.sleep(50);
        long cpu0 = mx.getThreadCpuTime(caller.threadId());
        Thread.sleep(500);
        long cpu1 = mx.getThreadCpuTime(caller.threadId());
        kernel.release.countDown();
        caller.join(60_000);
        // Parked, the caller uses next to no CPU; spinning on park() would use most of the 500 ms.
        if (cpu0 >= 0 && cpu1 >= 0) {
            assertTrue(cpu1 - cpu0 < 100_000_000L, "the interrupted caller used " + (cpu1 - cpu0) / 1e6
                    + " ms of CPU in 500 ms of waiting");
        }
        assertEquals(expectedHits, result.get());
        assertEquals(-1, expected.firstDifference(got, pairs.size()));
        assertEquals(Boolean.TRUE, interruptedAfter.get());
    }

    @Test
    void chunksTileTheBatchOnWordBoundariesNearTwoToThe31() {
        for (int n : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 63, 2_000_000_000,
                1 << 30, 4096, 4097, 65}) {
            for (int parts : new int[] {2, 3, 7, 8, 64, 1000}) {
                int step = ParallelSat.chunkStep(n, parts);
                assertTrue(step > 0 && (step & 63) == 0, "n=" + n + " parts=" + parts + " step=" + step);
                assertTrue((long) step * parts >= n, "n=" + n + " parts=" + parts + ": chunks do not cover");
                assertEquals(0, ParallelSat.chunkBound(n, step, 0));
                assertEquals(n, ParallelSat.chunkBound(n, step, parts), "n=" + n + " parts=" + parts);
                for (int c = 0; c < parts; c++) {
                    int from = ParallelSat.chunkBound(n, step, c);
                    int to = ParallelSat.chunkBound(n, step, c + 1);
                    assertTrue(from <= to && (from == n || (from & 63) == 0), "n=" + n + " c=" + c + " from=" + from);
                }
            }
        }
    }
}
