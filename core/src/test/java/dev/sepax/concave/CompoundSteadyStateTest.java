package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A reused {@link CompoundOverlap} allocates nothing once its part-pair batch has grown. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CompoundSteadyStateTest {
    @Test
    void aSecondBatchOfTheSamePairsAllocatesNothing() {
        SplittableRandom rnd = new SplittableRandom(4);
        Compounds.Builder b = Compounds.builder();
        int n = 100;
        for (int i = 0; i < n; i++) {
            b.add(ConcaveFixtures.star(rnd, rnd.nextDouble(20), rnd.nextDouble(20), 2, 12 + rnd.nextInt(50), rnd.nextInt(3)));
        }
        Compounds c = b.build();
        PairBatch pairs = new PairBatch(n, n * n);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                pairs.add(i, j);
            }
        }
        OverlapBits out = new OverlapBits(pairs.size());
        CompoundOverlap o = new CompoundOverlap();
        for (int w = 0; w < 5; w++) {
            o.test(c, pairs, 0f, out);
        }
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        int hits = 0;
        for (int round = 0; round < 5; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            hits = o.test(c, pairs, 0f, out);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state batch (" + hits + " hits)");
    }

    @Test
    void aSecondDistanceBatchOnTheSameCompoundsAllocatesNothing() {
        SplittableRandom rnd = new SplittableRandom(5);
        Compounds.Builder b = Compounds.builder();
        int n = 40;
        for (int i = 0; i < n; i++) {
            b.add(ConcaveFixtures.star(rnd, rnd.nextDouble(20), rnd.nextDouble(20), 2, 12 + rnd.nextInt(30), rnd.nextInt(3)));
        }
        Compounds c = b.build();
        PairBatch pairs = new PairBatch(n, n * n);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                pairs.add(i, j);
            }
        }
        float[] out = new float[pairs.size()];
        CompoundDistance d = new CompoundDistance();
        for (int w = 0; w < 5; w++) {
            d.distances(c, pairs, out);
        }
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            d.distances(c, pairs, out);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state distance batch");
    }
}
