package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.contact.ContactManifoldFinder;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ConvexClipper;
import dev.sepax.contact.IntersectionPolygon;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.query.OneVsMany;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.TestScenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * A reused broad phase, one-vs-many query, every scalar kernel, the find queries and the pose
 * transform allocate nothing once their buffers and scratch have grown.
 */
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

    @Test
    void scalarKernelsFindQueriesAndPosesAllocateNothingPerFrame() {
        ConvexPolygons local = TestScenes.mixed(12, 1000, 60);
        ConvexPolygons world = local.newWorldStore();
        Poses poses = new Poses(local.size());
        Velocities v = new Velocities(local.size());
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        for (int i = 0; i < local.size(); i++) {
            poses.set(i, (float) rnd.nextDouble(-2, 2), (float) rnd.nextDouble(-2, 2), rnd.nextDouble(6.3));
            v.set(i, (float) rnd.nextDouble(-3, 3), (float) rnd.nextDouble(-3, 3));
        }
        poses.transform(local, world);
        PairBatch pairs = new PairBatch(world, 0);
        new SweepAndPrune().findPairs(world, 0.5f, pairs);
        int n = pairs.size();
        OverlapBits bits = new OverlapBits(n);
        int[] cache = new int[n];
        Penetrations pen = new Penetrations(n);
        SweepResults sweeps = new SweepResults(n);
        ContactManifolds manifolds = new ContactManifolds(n);
        IntersectionPolygon clip = new IntersectionPolygon(world);
        Runnable frame = () -> {
            poses.transform(local, world);
            ScalarSat.INSTANCE.test(world, pairs, 0f, bits);
            ScalarSat.INSTANCE.test(world, pairs, 0, n, 0.01f, bits, cache);
            ScalarPenetration.INSTANCE.penetrations(world, pairs, pen);
            ScalarSweep.INSTANCE.sweep(world, v, pairs, 1f, sweeps);
            ContactManifoldFinder.find(world, pairs, 0, n, 0.05f, manifolds);
            for (int p = 0; p < Math.min(n, 200); p++) {
                ConvexClipper.INSTANCE.intersect(world, pairs.arrays().a[p], pairs.arrays().b[p], clip);
            }
        };
        for (int warm = 0; warm < 20; warm++) {
            frame.run();
        }
        com.sun.management.ThreadMXBean counter = counter();
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            frame.run();
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state frame of " + n + " pairs");
    }
}
