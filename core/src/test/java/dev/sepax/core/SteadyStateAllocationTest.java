package dev.sepax.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** A reused broad phase and one-vs-many query allocate nothing once their scratch has grown. */
class SteadyStateAllocationTest {
    private static com.sun.management.ThreadMXBean counter() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean b = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(b.isThreadAllocatedMemorySupported() && b.isThreadAllocatedMemoryEnabled(), "counter disabled");
        return b;
    }

    @Test
    void aSecondFrameOfTheSameSceneAllocatesNothing() {
        ConvexPolygons s = TestScenes.mixed(11, 2000, 80);
        SweepAndPrune sap = new SweepAndPrune();
        PairBatch pairs = new PairBatch(s, 0);
        OneVsMany ovm = new OneVsMany(ScalarSat.INSTANCE);
        int[] hits = new int[s.size()];
        for (int warm = 0; warm < 3; warm++) {
            sap.findPairs(s, 0.5f, pairs);
            ovm.query(s, 7, 0f, hits);
        }
        com.sun.management.ThreadMXBean counter = counter();
        counter.getCurrentThreadAllocatedBytes(); // the first call may allocate lazily itself
        // The least over a few frames: an allocation in the code shows on every frame, while the
        // VM itself occasionally charges a few hundred bytes to the thread (deoptimisation).
        long least = Long.MAX_VALUE;
        int n = 0;
        int h = 0;
        for (int frame = 0; frame < 5; frame++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            n = sap.findPairs(s, 0.5f, pairs);
            h = ovm.query(s, 7, 0f, hits);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state frame (" + n + " pairs, " + h + " hits)");
    }
}
