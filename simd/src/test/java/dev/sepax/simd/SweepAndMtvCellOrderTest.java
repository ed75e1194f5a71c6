package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.FindFixtures;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SIMD penetration and swept-test kernels run a batch's merge-class pairs in the order of
 * their A's cell on the plane, in chunks of {@link KernelScratch#MERGE_ORDER_CHUNK} pairs: every
 * entry must still be the scalar result, and the hit count the scalar count, with small-class
 * pairs mixed in, across a chunk boundary, on sub-ranges, and when every
 * A sits at one point (a zero extent puts every pair in one cell).
 *
 * <p>Named to run after {@code SimdSteadyStateAllocationTest} in the suite's alphabetical
 * order: its merge-class sweeps change how C2 compiles the shared small-class sweep code in
 * this JVM (a W4 sweep batch then boxed vectors in a probe of the kernel before the cell order
 * too; see {@code docs/decisions.md}).
 */
@Timeout(300)
class SweepAndMtvCellOrderTest {

    private static void assertScalarBits(ConvexPolygons s, PairBatch pairs, int from, int to, String where) {
        int n = pairs.size();
        Penetrations scalar = new Penetrations(n);
        Penetrations simd = new Penetrations(n);
        assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, from, to, scalar),
                VectorPenetration.INSTANCE.penetrations(s, pairs, from, to, simd), where + ": hits");
        MergeRangesSimdTest.assertSameMtv(scalar, simd, n, where);
    }

    @Test
    void mixedBatchAcrossAChunkBoundaryGivesTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(15);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        int shapes = 400;
        for (int i = 0; i < shapes; i++) {
            int k = rnd.nextInt(3) == 0 ? 3 + rnd.nextInt(6) : 33 + rnd.nextInt(60);
            b.add(FindFixtures.convex(rnd, k, rnd.nextDouble(30), rnd.nextDouble(30), rnd.nextDouble(0.5, 2)));
        }
        ConvexPolygons s = b.build();
        // More merge-class pairs than one chunk holds, so a full chunk is flushed mid-batch.
        int n = KernelScratch.MERGE_ORDER_CHUNK + KernelScratch.MERGE_ORDER_CHUNK / 2;
        PairBatch pairs = new PairBatch(s, n);
        while (pairs.size() < n) {
            int a = rnd.nextInt(shapes);
            int c = rnd.nextInt(shapes);
            if (a != c) {
                pairs.add(a, c);
            }
        }
        assertScalarBits(s, pairs, 0, n, "whole batch");
        assertScalarBits(s, pairs, 7, n - 5, "sub-range");
        assertScalarBits(s, pairs, 100, 101, "one pair");
        Velocities v = new Velocities(shapes);
        for (int i = 0; i < shapes; i++) {
            v.set(i, (float) rnd.nextDouble(-8, 8), rnd.nextInt(5) == 0 ? 0f : (float) rnd.nextDouble(-8, 8));
        }
        assertSweepBits(s, v, pairs, 0, n, "sweep whole batch");
        assertSweepBits(s, v, pairs, 64, n - 3, "sweep sub-range");
        assertSweepBits(s, v, pairs, 192, 192 + KernelScratch.MERGE_ORDER_CHUNK + 70, "sweep across a chunk");
    }

    private static void assertSweepBits(ConvexPolygons s, Velocities v, PairBatch pairs, int from, int to,
                                        String where) {
        int n = pairs.size();
        SweepResults scalar = new SweepResults(n);
        SweepResults simd = new SweepResults(n);
        assertEquals(ScalarSweep.INSTANCE.sweep(s, v, pairs, from, to, 1f, scalar),
                VectorSweep.INSTANCE.sweep(s, v, pairs, from, to, 1f, simd), where + ": hits");
        SweepSimdMatchesScalarTest.assertSame(scalar, simd, n, where);
    }

    @Test
    void allPairsInOneCellGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(16);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 40; i++) {
            // Regular-ish shapes round one centre: every A's box centre is nearly the same point.
            b.add(FindFixtures.convex(rnd, 33 + rnd.nextInt(40), 5, 5, 1 + (i % 2) * 1e-7));
        }
        ConvexPolygons s = b.build();
        PairBatch pairs = new PairBatch(s, 400);
        for (int a = 0; a < 40; a++) {
            for (int c = 0; c < 40; c += 3) {
                if (a != c) {
                    pairs.add(a, c);
                }
            }
        }
        assertScalarBits(s, pairs, 0, pairs.size(), "one point");
        // One A only: a zero extent on both axes.
        PairBatch single = new PairBatch(s, 64);
        for (int c = 1; c < 40; c++) {
            single.add(0, c);
        }
        assertScalarBits(s, single, 0, single.size(), "one A");
        Velocities v = new Velocities(40);
        for (int i = 0; i < 40; i++) {
            v.set(i, (i % 3) - 1, (i % 5) - 2);
        }
        assertSweepBits(s, v, pairs, 0, pairs.size(), "sweep one point");
        assertSweepBits(s, v, single, 0, single.size(), "sweep one A");
    }
}
