package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.PersistentBroadPhase;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A whole collision frame of a moving scene (pose transform, SIMD or scalar, persistent broad phase, boolean
 * test with the slots' axis cache, free slots dropped, manifolds of the hits, hits compacted)
 * allocates nothing once its buffers have grown, with the SIMD kernels and with the scalar ones;
 * and both give the same manifolds every frame.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FrameAllocationTest {
    /** One engine's collision state: everything a frame reuses. */
    private static final class Frame {
        final ConvexPolygons local;
        final ConvexPolygons world;
        final Poses poses;
        final PersistentBroadPhase broad;
        final SatKernel sat;
        final ManifoldKernel manifolds;
        final TransformKernel transform;
        OverlapBits hits = new OverlapBits(0);
        int[] axisCache = new int[0];
        ContactManifolds out = new ContactManifolds(0);
        final PairBatch hitPairs;
        int[] origin = new int[0];
        int touching;
        /** Bytes allocated by each stage of the last frame: transform, broad, test, manifolds, compact. */
        final long[] stageBytes = new long[5];
        com.sun.management.ThreadMXBean counter;

        Frame(ConvexPolygons local, TransformKernel transform, SatKernel sat, ManifoldKernel manifolds) {
            this.transform = transform;
            this.local = local;
            this.world = local.newWorldStore();
            this.poses = new Poses(local.size());
            this.broad = new PersistentBroadPhase(local.size(), 0f, 0.1f);
            this.sat = sat;
            this.manifolds = manifolds;
            this.hitPairs = new PairBatch(local.size(), 0);
        }

        void run(int frame) {
            for (int i = 0; i < local.size(); i++) {
                poses.set(i, (float) (i % 40 * 1.5 + 0.01 * frame * (i % 3)), (float) (i / 40 * 1.5 - 0.01 * frame * (i % 2)),
                        0.002 * frame * (i % 7));
            }
            long t0 = counter.getCurrentThreadAllocatedBytes();
            transform.transform(poses, local, world);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            broad.update(world);
            long t2 = counter.getCurrentThreadAllocatedBytes();
            PairBatch pairs = broad.pairs();
            int n = pairs.size();
            if (hits.capacity() < n) {
                // Buffers grow with headroom, as an engine's would; steady frames then reuse them.
                int cap = n + n / 2;
                hits = new OverlapBits(cap);
                axisCache = java.util.Arrays.copyOf(axisCache, cap);
                out = new ContactManifolds(cap);
                origin = new int[cap];
            }
            for (int i = 0; i < broad.addedCount(); i++) {
                axisCache[broad.addedSlot(i)] = 0;
            }
            long t3 = counter.getCurrentThreadAllocatedBytes();
            sat.test(world, pairs, 0, n, 0f, hits, axisCache);
            broad.retainLive(hits);
            long t4 = counter.getCurrentThreadAllocatedBytes();
            touching = manifolds.manifolds(world, pairs, hits, 0, n, 0f, out);
            long t5 = counter.getCurrentThreadAllocatedBytes();
            pairs.compactInto(hits, hitPairs, origin);
            long t6 = counter.getCurrentThreadAllocatedBytes();
            stageBytes[0] = t1 - t0;
            stageBytes[1] = t2 - t1 + t3 - t2;
            stageBytes[2] = t4 - t3;
            stageBytes[3] = t5 - t4;
            stageBytes[4] = t6 - t5;
        }
    }

    /** Most frames one run takes (see the loop). */
    private static final int MAX_FRAMES = 30_000;

    @Test
    void aSteadyFrameAllocatesNothingAndSimdMatchesScalar() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(counter.isThreadAllocatedMemorySupported() && counter.isThreadAllocatedMemoryEnabled());
        SplittableRandom rnd = new SplittableRandom(31);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 1200; i++) {
            b.add(Scenes.convex(rnd, 3 + rnd.nextInt(6), 0, 0, rnd.nextDouble(0.5, 1.0)));
        }
        ConvexPolygons local = b.build();
        Frame simd = new Frame(local, VectorTransform.INSTANCE, VectorSat.INSTANCE, VectorManifolds.INSTANCE);
        Frame scalar = new Frame(local, ScalarTransform.INSTANCE, ScalarSat.INSTANCE, ScalarManifolds.INSTANCE);
        simd.counter = counter;
        scalar.counter = counter;
        long leastSimd = Long.MAX_VALUE;
        long leastScalar = Long.MAX_VALUE;
        int frames = 2000;
        // Past the fixed frames the loop goes on until both engines have had a frame that
        // allocates nothing, at most MAX_FRAMES: C2 may still be compiling a kernel (later with
        // a capped species, whose profiles other tests in the JVM share, or on a loaded host),
        // and compiled code that keeps allocating fails at the cap.
        for (int f = 0; f < MAX_FRAMES && (f < frames || leastSimd != 0 || leastScalar != 0); f++) {
            // The motion reverses every 100 frames, so pairs keep appearing and disappearing.
            int t = f % 200 < 100 ? f % 200 : 200 - f % 200;
            long t0 = counter.getCurrentThreadAllocatedBytes();
            simd.run(t);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            scalar.run(t);
            long t2 = counter.getCurrentThreadAllocatedBytes();
            if (f >= frames - 20) {
                leastSimd = Math.min(leastSimd, t1 - t0);
                leastScalar = Math.min(leastScalar, t2 - t1);
            }
            assertEquals(scalar.touching, simd.touching, "frame " + f);
            assertEquals(scalar.hitPairs.size(), simd.hitPairs.size(), "frame " + f);
            int n = scalar.broad.pairs().size();
            for (int p = 0; p < n; p++) {
                assertEquals(scalar.out.pointCounts()[p], simd.out.pointCounts()[p], "frame " + f + " slot " + p);
                if (scalar.out.pointCounts()[p] > 0) {
                    assertEquals(scalar.out.ids()[2 * p], simd.out.ids()[2 * p], "frame " + f + " slot " + p);
                    assertEquals(Float.floatToRawIntBits(scalar.out.pointXs()[2 * p]),
                            Float.floatToRawIntBits(simd.out.pointXs()[2 * p]), "frame " + f + " slot " + p);
                }
            }
        }
        assertTrue(scalar.touching > 100, "the scene has too few contacts: " + scalar.touching);
        assertEquals(0, leastSimd, "bytes per SIMD frame (last frame by stage: transform, broad, test, manifolds,"
                + " compact: " + java.util.Arrays.toString(simd.stageBytes) + ")");
        assertEquals(0, leastScalar, "bytes per scalar frame (last frame by stage: "
                + java.util.Arrays.toString(scalar.stageBytes) + ")");
    }
}
