package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.Sepax;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Differential tests: the SIMD penetration kernel returns the scalar reference's bits. */
class VectorPenetrationTest {
    private static void assertSameBits(ConvexPolygons s, PairBatch pairs) {
        Penetrations scalar = new Penetrations(pairs.size());
        Penetrations simd = new Penetrations(pairs.size());
        int hs = ScalarPenetration.INSTANCE.penetrations(s, pairs, scalar);
        int hv = VectorPenetration.INSTANCE.penetrations(s, pairs, simd);
        assertEquals(hs, hv, "intersecting count");
        for (int i = 0; i < pairs.size(); i++) {
            String where = "pair=" + i + " (" + pairs.shapeA(i) + ", " + pairs.shapeB(i) + ") counts "
                    + s.count(pairs.shapeA(i)) + "/" + s.count(pairs.shapeB(i));
            assertEquals(Float.floatToRawIntBits(scalar.depth(i)), Float.floatToRawIntBits(simd.depth(i)),
                    where + ": depth " + scalar.depth(i) + " vs " + simd.depth(i));
            assertEquals(scalar.axis(i), simd.axis(i), where + ": axis");
            assertEquals(Float.floatToRawIntBits(scalar.normalX(i)), Float.floatToRawIntBits(simd.normalX(i)), where);
            assertEquals(Float.floatToRawIntBits(scalar.normalY(i)), Float.floatToRawIntBits(simd.normalY(i)), where);
        }
    }

    @Property(tries = 40)
    void randomStoresOfMixedSizesGiveTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 4, max = 70) int kMax) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = FindFixtures.mixedStore(rnd, 40, kMax);
        assertSameBits(s, FindFixtures.nearbyPairs(s, 0.6f));
    }

    @Property(tries = 2000)
    void randomPairsGiveTheScalarBits(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 40);
        assertSameBits(s, PairBatch.of(new int[] {0, 1, 0}, new int[] {1, 0, 0}, s));
    }

    @Test
    void everyCapacityBoundaryGivesTheScalarBits() {
        // Vertex counts around the lane count and the half-vector packing limit (4, 8, 16, 32, 48).
        int[] ks = {3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49};
        SplittableRandom rnd = new SplittableRandom(11);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int k : ks) {
            for (int copy = 0; copy < 3; copy++) {
                b.add(FindFixtures.convex(rnd, k, rnd.nextDouble(0, 2), rnd.nextDouble(0, 2), rnd.nextDouble(0.5, 1.5)));
            }
        }
        ConvexPolygons s = b.build();
        assertSameBits(s, FindFixtures.nearbyPairs(s, 10f));
    }

    @Test
    void exactTiesAndTouchingGiveTheScalarBits() {
        // Integer boxes and triangles: shared edges, shared vertices, identical shapes,
        // containment, and many exactly tied axes, so the tie-breaking is exercised.
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                b.add(i, j, i + 1 + (i & 1), j, i + 1 + (i & 1), j + 1, i, j + 1);
            }
        }
        b.add(0, 0, 6, 0, 6, 6, 0, 6).add(2, 2, 3, 2, 2, 3).add(3, 3, 4, 4, 3, 5).add(1, 1, 2, 1, 2, 2, 1, 2);
        ConvexPolygons s = b.build();
        assertSameBits(s, FindFixtures.nearbyPairs(s, 1f));
    }

    /**
     * Shapes of 5..8 vertices (capacity 8) and, with probability {@code smallShare}, of 3..4
     * (capacity 4): groups of one capacity take the lanes-across-pairs path.
     */
    private static ConvexPolygons capacityEightStore(SplittableRandom rnd, int n, double smallShare) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        double side = Math.sqrt(n) * 1.4;
        for (int i = 0; i < n; i++) {
            int k = rnd.nextDouble() < smallShare ? 3 + rnd.nextInt(2) : 5 + rnd.nextInt(4);
            b.add(FindFixtures.convex(rnd, k, rnd.nextDouble(side), rnd.nextDouble(side), rnd.nextDouble(0.3, 1.2)));
        }
        return b.build();
    }

    @Property(tries = 30)
    void pairsOfCapacityFourOrEightShapesGiveTheScalarBitsForAnyBatchLength(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 77) int length, @ForAll boolean small) {
        // Batch lengths that are not multiples of the pairs-per-step, so the lanes-across-pairs
        // groups end with a per-pair tail; pairs are random (not sorted by shape).
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = capacityEightStore(rnd, 24, small ? 1 : 0);
        int[] as = new int[length];
        int[] bs = new int[length];
        for (int i = 0; i < length; i++) {
            as[i] = rnd.nextInt(s.size());
            bs[i] = rnd.nextInt(s.size());
        }
        assertSameBits(s, PairBatch.of(as, bs, s));
    }

    @Property(tries = 20)
    void groupsMixingCapacityFourAndEightGiveTheScalarBits(@ForAll long seed) {
        // A third of the shapes have capacity 4: most groups fall back to the per-pair path,
        // some run across pairs, and the two interleave in one batch.
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = capacityEightStore(rnd, 30, 0.1);
        assertSameBits(s, FindFixtures.nearbyPairs(s, 0.8f));
    }

    @Test
    void exactTiesBetweenOctagonsGiveTheScalarBits() {
        // Integer octagons (capacity 8) on a grid: shared edges, shared vertices, identical
        // shapes and many exactly tied axes in the lanes-across-pairs path.
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                float x = 2 * i;
                float y = 2 * j;
                b.add(x + 1, y, x + 2, y, x + 3, y + 1, x + 3, y + 2, x + 2, y + 3, x + 1, y + 3, x, y + 2, x, y + 1);
            }
        }
        ConvexPolygons s = b.build();
        assertSameBits(s, FindFixtures.nearbyPairs(s, 1f));
    }

    @Test
    void aSubRangeOfCapacityEightPairsWritesOnlyItsOwnEntries() {
        // The across-pairs path borrows out.axes() as its gather index map: never outside [from, to).
        ConvexPolygons s = capacityEightStore(new SplittableRandom(9), 40, 0);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.5f);
        Penetrations simd = new Penetrations(pairs.size());
        Penetrations scalar = new Penetrations(pairs.size());
        int from = 3;
        int to = pairs.size() - 5;
        assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, from, to, scalar),
                VectorPenetration.INSTANCE.penetrations(s, pairs, from, to, simd));
        for (int i = 0; i < pairs.size(); i++) {
            boolean inside = i >= from && i < to;
            assertEquals(inside ? scalar.axis(i) : 0, simd.axis(i), "pair=" + i);
            assertEquals(Float.floatToRawIntBits(inside ? scalar.depth(i) : 0f), Float.floatToRawIntBits(simd.depth(i)));
            assertEquals(Float.floatToRawIntBits(inside ? scalar.normalX(i) : 0f), Float.floatToRawIntBits(simd.normalX(i)));
        }
    }

    @Test
    void singlePairCallsAgreeWithTheBatch() {
        ConvexPolygons s = FindFixtures.mixedStore(new SplittableRandom(2), 20, 24);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.5f);
        Penetrations batch = new Penetrations(pairs.size());
        VectorPenetration.INSTANCE.penetrations(s, pairs, 0, pairs.size(), batch);
        Penetrations one = new Penetrations(2);
        for (int i = 0; i < pairs.size(); i++) {
            boolean hit = VectorPenetration.INSTANCE.penetration(s, pairs.shapeA(i), pairs.shapeB(i), one, 1);
            assertEquals(batch.intersects(i), hit);
            assertEquals(Float.floatToRawIntBits(batch.depth(i)), Float.floatToRawIntBits(one.depth(1)));
            assertEquals(batch.axis(i), one.axis(1));
        }
    }

    @Test
    void aSubRangeWritesOnlyItsOwnEntries() {
        ConvexPolygons s = FindFixtures.mixedStore(new SplittableRandom(4), 30, 12);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.5f);
        Penetrations simd = new Penetrations(pairs.size());
        Penetrations scalar = new Penetrations(pairs.size());
        int from = 5;
        int to = pairs.size() - 7;
        assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, from, to, scalar),
                VectorPenetration.INSTANCE.penetrations(s, pairs, from, to, simd));
        for (int i = 0; i < pairs.size(); i++) {
            boolean inside = i >= from && i < to;
            assertEquals(inside ? scalar.axis(i) : 0, simd.axis(i), "pair=" + i);
            assertEquals(Float.floatToRawIntBits(inside ? scalar.depth(i) : 0f), Float.floatToRawIntBits(simd.depth(i)));
        }
    }

    @Test
    void providerChoosesThisKernelWhenTheModuleIsPresent() {
        if (Sepax.simdUnavailableReason() == null) {
            assertSame(VectorPenetration.INSTANCE, Sepax.penetration());
        } else {
            assertSame(ScalarPenetration.INSTANCE, Sepax.penetration());
        }
        assertEquals("simd", VectorPenetration.INSTANCE.name());
    }

    @Test
    void badRangesAreRejectedAsByTheScalarKernel() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1});
        PairBatch pairs = PairBatch.of(new int[] {0}, new int[] {0}, s);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VectorPenetration.INSTANCE.penetrations(s, pairs, 0, 1, new Penetrations(0)));
        assertTrue(e.getMessage().contains("out.capacity=0"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class,
                () -> VectorPenetration.INSTANCE.penetration(s, 0, 1, new Penetrations(1), 0));
    }
}
