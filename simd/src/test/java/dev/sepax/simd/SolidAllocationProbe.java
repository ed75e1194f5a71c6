package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.testing.SolidFixtures;
import java.lang.management.ManagementFactory;

/**
 * Run in a JVM of its own by {@link SolidSteadyStateAllocationTest}: runs each 3D SIMD kernel
 * ({@link VectorHullSat}, {@link VectorObbSat}, {@link VectorHullPenetration}) until C2 has
 * compiled it, then prints {@code hullBytes=N} (with the axis cache), {@code uncachedHullBytes=N},
 * {@code boxBytes=N} and {@code mtvBytes=N}, the
 * least the thread allocated per batch over the last rounds. A JVM of its own, because the
 * Vector API's shared profiles let other kernels' warm-up change how C2 compiles these.
 */
public final class SolidAllocationProbe {
    private SolidAllocationProbe() {}

    public static void main(String[] args) {
        com.sun.management.ThreadMXBean counter =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SolidFixtures.Scene sc = SolidFixtures.scene(77, 128, 16, 8, 1000);
        OrientedBoxes boxes = SolidFixtures.boxes(78, 512, 10);
        PairBatch boxPairs = SolidFixtures.boxPairs(79, boxes, 4000);
        OverlapBits hullBits = new OverlapBits(sc.pairs().size());
        OverlapBits boxBits = new OverlapBits(boxPairs.size());
        HullPenetrations mtv = new HullPenetrations(sc.pairs().size());
        int[] cache = new int[sc.pairs().size()];
        int n = sc.pairs().size();
        long[] least = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < 3000; round++) {
            // Odd rounds without the axis cache: both paths must be allocation-free.
            long t0 = counter.getCurrentThreadAllocatedBytes();
            VectorHullSat.INSTANCE.test(sc.world(), sc.pairs(), 0, n, 0f, hullBits, (round & 1) == 0 ? cache : null);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            VectorObbSat.INSTANCE.test(boxes, boxPairs, 0f, boxBits);
            long t2 = counter.getCurrentThreadAllocatedBytes();
            VectorHullPenetration.INSTANCE.penetrations(sc.world(), sc.pairs(), 0, n, mtv);
            long t3 = counter.getCurrentThreadAllocatedBytes();
            if (round >= 2900) {
                int hull = (round & 1) == 0 ? 0 : 3;
                least[hull] = Math.min(least[hull], t1 - t0);
                least[1] = Math.min(least[1], t2 - t1);
                least[2] = Math.min(least[2], t3 - t2);
            }
        }
        System.out.println("hullBytes=" + least[0]);
        System.out.println("uncachedHullBytes=" + least[3]);
        System.out.println("boxBytes=" + least[1]);
        System.out.println("mtvBytes=" + least[2]);
    }
}
