package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SIMD sweep of the small class allocates nothing per batch in a JVM that has first run large
 * merge-class sweeps (40-100 vertices). That history changes C2's compile of the lanes-across-pairs
 * stage (16 float lanes); a form that carried vectors round a loop kept them boxed in about one
 * such JVM in twelve, about 1.7 MB per W4 batch (docs/decisions.md, "The sweep's
 * history-dependent boxing"). Tagged {@code sweep-history}: it runs in a surefire execution and
 * JVM of its own, since the history is the point. With fewer than 16 lanes the stage is not used
 * and the check still holds.
 */
@Tag("sweep-history")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SweepHistoryAllocationTest {
    /** Cap on the small-class rounds per k. */
    private static final int MAX_ROUNDS = 30_000;

    private record Scene(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, SweepResults out) {}

    private static Scene scene(SplittableRandom rnd, int kMin, int kMax, int shapes, int pairCount) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < shapes; i++) {
            int k = kMin + rnd.nextInt(kMax - kMin + 1);
            b.add(Scenes.convex(rnd, k, rnd.nextDouble(0, 60), rnd.nextDouble(0, 60), rnd.nextDouble(1, 4)));
        }
        ConvexPolygons s = b.build();
        PairBatch pairs = new PairBatch(s, 0);
        for (int p = 0; p < pairCount; p++) {
            pairs.add(rnd.nextInt(shapes), rnd.nextInt(shapes));
        }
        Velocities v = new Velocities(shapes);
        for (int i = 0; i < shapes; i++) {
            v.set(i, (float) rnd.nextDouble(-8, 8), (float) rnd.nextDouble(-8, 8));
        }
        return new Scene(s, v, pairs, new SweepResults(pairs.size()));
    }

    @Test
    void smallClassSweepAllocatesNothingAfterMergeClassSweeps() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(counter.isThreadAllocatedMemorySupported() && counter.isThreadAllocatedMemoryEnabled());
        // The history: large merge-class sweeps, long enough for C2 to compile their path.
        Scene big = scene(new SplittableRandom(7), 40, 100, 1024, 49_152);
        for (int r = 0; r < 300; r++) {
            VectorSweep.INSTANCE.sweep(big.shapes, big.velocities, big.pairs, 1f, big.out);
        }
        for (int k : new int[] {4, 8}) {
            // k vertices exactly, so every shape has capacity k: the lanes-across-pairs path.
            Scene small = scene(new SplittableRandom(k), k, k, 512, 4096);
            // Rounds until an allocation-free round after the first 1000 (C2 compiles within
            // those on a free core, later on a loaded host; the VM itself occasionally charges a
            // few hundred bytes to the thread). A compile that boxes vectors never has one.
            long least = Long.MAX_VALUE;
            for (int round = 0; round < MAX_ROUNDS && (round < 1000 || least != 0); round++) {
                long t0 = counter.getCurrentThreadAllocatedBytes();
                VectorSweep.INSTANCE.sweep(small.shapes, small.velocities, small.pairs, 1f, small.out);
                long t1 = counter.getCurrentThreadAllocatedBytes();
                if (round >= 1000) {
                    least = Math.min(least, t1 - t0);
                }
            }
            assertEquals(0, least, "W" + k + " after merge-class sweeps: bytes per sweep batch");
        }
    }
}
