package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.testing.FindFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Differential tests: the SIMD manifold kernel writes the scalar reference's bits. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VectorManifoldsTest {
    private static final float[] MARGINS = {0f, 0.05f, 0.5f};

    /** Every output array, bit for bit, over the whole buffer (untouched entries included). */
    private static void assertSameBits(ContactManifolds scalar, ContactManifolds simd, PairBatch pairs, String what) {
        for (int p = 0; p < scalar.capacity(); p++) {
            String where = what + " pair=" + p + (p < pairs.size() ? " (" + pairs.shapeA(p) + ", " + pairs.shapeB(p) + ")" : "");
            assertEquals(scalar.pointCounts()[p], simd.pointCounts()[p], where + ": point count");
            assertEquals(Float.floatToRawIntBits(scalar.normalXs()[p]), Float.floatToRawIntBits(simd.normalXs()[p]), where + ": nx");
            assertEquals(Float.floatToRawIntBits(scalar.normalYs()[p]), Float.floatToRawIntBits(simd.normalYs()[p]), where + ": ny");
            for (int c = 2 * p; c < 2 * p + 2; c++) {
                assertEquals(Float.floatToRawIntBits(scalar.pointXs()[c]), Float.floatToRawIntBits(simd.pointXs()[c]), where + ": x");
                assertEquals(Float.floatToRawIntBits(scalar.pointYs()[c]), Float.floatToRawIntBits(simd.pointYs()[c]), where + ": y");
                assertEquals(Float.floatToRawIntBits(scalar.separations()[c]), Float.floatToRawIntBits(simd.separations()[c]),
                        where + ": separation");
                assertEquals(scalar.ids()[c], simd.ids()[c], where + ": id");
            }
        }
    }

    private static void assertSameBits(ConvexPolygons s, PairBatch pairs) {
        for (float margin : MARGINS) {
            ContactManifolds scalar = new ContactManifolds(pairs.size());
            ContactManifolds simd = new ContactManifolds(pairs.size());
            int ns = ScalarManifolds.INSTANCE.manifolds(s, pairs, margin, scalar);
            int nv = VectorManifolds.INSTANCE.manifolds(s, pairs, margin, simd);
            assertEquals(ns, nv, "pairs with points at margin " + margin);
            assertSameBits(scalar, simd, pairs, "margin=" + margin);
        }
    }

    @Test
    void randomStoresOfMixedSizesGiveTheScalarBits() {
        SplittableRandom seeds = new SplittableRandom(21);
        int withPoints = 0;
        for (int trial = 0; trial < 30; trial++) {
            SplittableRandom rnd = new SplittableRandom(seeds.nextLong());
            ConvexPolygons s = FindFixtures.mixedStore(rnd, 40, 4 + rnd.nextInt(60));
            PairBatch pairs = FindFixtures.nearbyPairs(s, 0.6f);
            assertSameBits(s, pairs);
            withPoints += ScalarManifolds.INSTANCE.manifolds(s, pairs, 0f, new ContactManifolds(pairs.size()));
        }
        assertTrue(withPoints > 500, "too few contacts exercised: " + withPoints);
    }

    @Test
    void randomPairsGiveTheScalarBits() {
        SplittableRandom seeds = new SplittableRandom(22);
        for (int trial = 0; trial < 1500; trial++) {
            ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seeds.nextLong()), 40);
            assertSameBits(s, PairBatch.of(new int[] {0, 1, 0}, new int[] {1, 0, 0}, s));
        }
    }

    @Test
    void everyCapacityBoundaryGivesTheScalarBits() {
        // Around the half-vector packing limit and the lane counts (4, 8, 16, 32, 48).
        int[] ks = {3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49};
        SplittableRandom rnd = new SplittableRandom(23);
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
        // Integer boxes and triangles: shared edges and vertices, identical shapes, containment,
        // and many exactly tied edges, so the first-edge tie-breaking decides.
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

    @Test
    void theSelectedFormWritesTheScalarBitsAndZeroesTheRest() {
        SplittableRandom rnd = new SplittableRandom(24);
        ConvexPolygons s = FindFixtures.mixedStore(rnd, 60, 12);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.6f);
        OverlapBits sel = new OverlapBits(pairs.size());
        for (int p = 0; p < pairs.size(); p++) {
            sel.set(p, rnd.nextBoolean());
        }
        ContactManifolds scalar = new ContactManifolds(pairs.size());
        ContactManifolds simd = new ContactManifolds(pairs.size());
        // Fill both with every pair first: the unselected entries must then read 0 points.
        ScalarManifolds.INSTANCE.manifolds(s, pairs, 0.1f, scalar);
        VectorManifolds.INSTANCE.manifolds(s, pairs, 0.1f, simd);
        int from = 64;
        int to = pairs.size() - 3;
        int ns = ScalarManifolds.INSTANCE.manifolds(s, pairs, sel, from, to, 0.1f, scalar);
        int nv = VectorManifolds.INSTANCE.manifolds(s, pairs, sel, from, to, 0.1f, simd);
        assertEquals(ns, nv);
        assertSameBits(scalar, simd, pairs, "selected");
        int outside = 0;
        for (int p = 0; p < pairs.size(); p++) {
            if (p >= from && p < to && !sel.get(p)) {
                assertEquals(0, simd.pointCount(p), "unselected pair " + p);
            }
            outside += (p < from || p >= to) && simd.pointCount(p) > 0 ? 1 : 0;
        }
        assertTrue(outside > 0, "entries outside the range were cleared");
        assertTrue(ns > 0);
        assertThrows(IllegalArgumentException.class,
                () -> VectorManifolds.INSTANCE.manifolds(s, pairs, new OverlapBits(3), 0, 10, 0f, simd));
        assertThrows(IllegalArgumentException.class,
                () -> VectorManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(), -1f, simd));
        assertThrows(IllegalArgumentException.class,
                () -> VectorManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(), 0f, new ContactManifolds(1)));
    }

    @Test
    void movingWorldStoresGiveTheScalarBitsFrameAfterFrame() {
        SplittableRandom rnd = new SplittableRandom(25);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 80; i++) {
            b.add(FindFixtures.convex(rnd, 3 + rnd.nextInt(6), 0, 0, rnd.nextDouble(0.4, 1.0)));
        }
        ConvexPolygons local = b.build();
        ConvexPolygons world = local.newWorldStore();
        Poses poses = new Poses(local.size());
        for (int frame = 0; frame < 20; frame++) {
            for (int i = 0; i < local.size(); i++) {
                poses.set(i, (float) (i % 9 + 0.02 * frame * (i % 3)), (float) (i / 9 + 0.01 * frame), 0.03 * frame * (i % 5));
            }
            poses.transform(local, world);
            assertSameBits(world, FindFixtures.nearbyPairs(world, 0.1f));
        }
    }

    @Test
    void theFacadeSelectsThisKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.manifolds().name());
    }
}
