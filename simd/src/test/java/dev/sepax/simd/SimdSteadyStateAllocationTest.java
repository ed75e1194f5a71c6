package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.Velocities;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;

/**
 * Once compiled, the SIMD batch kernels allocate nothing per batch, also when the batch ends at
 * the end of the output arrays (a masked store there once took the Vector API's checked path
 * and boxed a mask: 48 B per MTV batch) and when all three kernels share one JVM's profile, as
 * in an engine, and in the merge class (64 vertices).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SimdSteadyStateAllocationTest {
    /** Cap on the rounds per k: about half a minute of compiled batches. */
    private static final int MAX_ROUNDS = 30_000;

    @Test
    void compiledBatchesAllocateNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(counter.isThreadAllocatedMemorySupported() && counter.isThreadAllocatedMemoryEnabled());
        for (int k : new int[] {4, 8, 64}) {
            SplittableRandom rnd = new SplittableRandom(k);
            ConvexPolygons.Builder b = ConvexPolygons.builder();
            int shapes = 512;
            for (int i = 0; i < shapes; i++) {
                // k vertices exactly, so every shape has capacity k: the lanes-across-pairs path
                // at 4 and 8, the merge class at 64.
                b.add(Scenes.convex(rnd, k, rnd.nextDouble(0, 40), rnd.nextDouble(0, 40), rnd.nextDouble(1, 4)));
            }
            ConvexPolygons s = b.build();
            PairBatch pairs = new PairBatch(s, 0);
            for (int p = 0; p < (k > 8 ? 512 : 4096); p++) {
                pairs.add(rnd.nextInt(shapes), rnd.nextInt(shapes));
            }
            Velocities v = new Velocities(shapes);
            for (int i = 0; i < shapes; i++) {
                v.set(i, (float) rnd.nextDouble(-8, 8), (float) rnd.nextDouble(-8, 8));
            }
            // Outputs sized exactly to the batch: the last group writes up to the arrays' end.
            OverlapBits bits = new OverlapBits(pairs.size());
            Penetrations pen = new Penetrations(pairs.size());
            SweepResults sweeps = new SweepResults(pairs.size());
            long[] least = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
            // Rounds until every kernel has had an allocation-free round after the first 1000
            // (C2 compiles within those on a free core; on a loaded host it can take many more,
            // and the VM itself occasionally charges a few hundred bytes to the thread). A
            // kernel that boxes vectors in its compiled form never has such a round.
            for (int round = 0; round < MAX_ROUNDS && (round < 1000 || (least[0] | least[1] | least[2]) != 0); round++) {
                long t0 = counter.getCurrentThreadAllocatedBytes();
                VectorSat.INSTANCE.test(s, pairs, 0f, bits);
                long t1 = counter.getCurrentThreadAllocatedBytes();
                VectorPenetration.INSTANCE.penetrations(s, pairs, pen);
                long t2 = counter.getCurrentThreadAllocatedBytes();
                VectorSweep.INSTANCE.sweep(s, v, pairs, 1f, sweeps);
                long t3 = counter.getCurrentThreadAllocatedBytes();
                if (round >= 1000) {
                    least[0] = Math.min(least[0], t1 - t0);
                    least[1] = Math.min(least[1], t2 - t1);
                    least[2] = Math.min(least[2], t3 - t2);
                }
            }
            assertEquals(0, least[0], "k=" + k + ": bytes per SAT batch");
            assertEquals(0, least[1], "k=" + k + ": bytes per MTV batch");
            assertEquals(0, least[2], "k=" + k + ": bytes per sweep batch");
        }
    }
}
