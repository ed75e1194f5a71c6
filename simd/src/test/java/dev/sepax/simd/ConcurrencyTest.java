package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.OverlapBits;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** One kernel instance, many threads: identical results, and disjoint ranges share one buffer. */
class ConcurrencyTest {
    @Test
    void manyThreadsOnOneKernelGiveTheSingleThreadedBits() throws Exception {
        Scenes.Scene sc = Scenes.mixed(99L, 60, 64, 200_000, 0.0);
        int n = sc.pairs().size();
        OverlapBits reference = VectorSatDifferentialTest.run(VectorSat.INSTANCE, sc, 0f, null);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            // Whole batches, each into its own buffer, all at once.
            List<Future<OverlapBits>> whole = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                whole.add(pool.submit(() -> VectorSatDifferentialTest.run(VectorSat.INSTANCE, sc, 0f, null)));
            }
            for (Future<OverlapBits> f : whole) {
                assertEquals(-1, reference.firstDifference(f.get(), n));
            }
            // Disjoint 64-aligned ranges into one shared buffer.
            OverlapBits shared = new OverlapBits(n);
            int chunk = 64 * 97;
            List<Future<Integer>> parts = new ArrayList<>();
            for (int from = 0; from < n; from += chunk) {
                int f0 = from;
                int t0 = Math.min(n, from + chunk);
                parts.add(pool.submit(() -> VectorSat.INSTANCE.test(sc.shapes(), sc.pairs(), f0, t0, 0f, shared, null)));
            }
            int hits = 0;
            for (Future<Integer> f : parts) {
                hits += f.get();
            }
            assertEquals(-1, reference.firstDifference(shared, n));
            assertEquals(reference.count(n), hits);
        } finally {
            pool.shutdownNow();
        }
    }
}
