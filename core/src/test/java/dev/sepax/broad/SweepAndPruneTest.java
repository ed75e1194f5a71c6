package dev.sepax.broad;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class SweepAndPruneTest {
    @Property(tries = 60)
    void findsExactlyTheBruteForceAabbPairs(@ForAll long seed, @ForAll @IntRange(min = 0, max = 120) int n,
                                            @ForAll @IntRange(min = 2, max = 40) int side,
                                            @ForAll @FloatRange(min = 0, max = 3) float margin) {
        ConvexPolygons s = TestScenes.mixed(seed, n, side);
        PairBatch got = new PairBatch(s, 0);
        int count = new SweepAndPrune().findPairs(s, margin, got);
        assertEquals(got.size(), count);
        for (int p = 0; p < got.size(); p++) {
            assertTrue(got.shapeA(p) < got.shapeB(p), "pair " + p + " not ordered smaller index first");
        }
        assertArrayEquals(TestScenes.sortedKeys(TestScenes.bruteForcePairs(s, margin)), TestScenes.sortedKeys(got));
    }

    /** Between two groups: exactly the all-pairs output's pairs across the split, in its order. */
    @Property(tries = 60)
    void pairsBetweenGroupsAreTheAllPairsAcrossTheSplitInOrder(@ForAll long seed,
                                                              @ForAll @IntRange(min = 0, max = 120) int n,
                                                              @ForAll @IntRange(min = 2, max = 40) int side,
                                                              @ForAll @FloatRange(min = 0, max = 3) float margin,
                                                              @ForAll @IntRange(min = 0, max = 130) int splitAt) {
        ConvexPolygons s = TestScenes.mixed(seed, n, side);
        int split = Math.min(splitAt, s.size());
        SweepAndPrune sap = new SweepAndPrune();
        PairBatch all = new PairBatch(s, 0);
        sap.findPairs(s, margin, all);
        PairBatch across = new PairBatch(s, 0);
        for (int p = 0; p < all.size(); p++) {
            if (all.shapeA(p) < split && all.shapeB(p) >= split) {
                across.add(all.shapeA(p), all.shapeB(p));
            }
        }
        PairBatch got = new PairBatch(s, 0);
        assertEquals(across.size(), sap.findPairsBetween(s, split, margin, got));
        assertArrayEquals(java.util.Arrays.copyOf(across.arrays().a, across.size()), java.util.Arrays.copyOf(got.arrays().a, got.size()));
        assertArrayEquals(java.util.Arrays.copyOf(across.arrays().b, across.size()), java.util.Arrays.copyOf(got.arrays().b, got.size()));
    }

    @Property(tries = 30)
    void findsTheBruteForcePairsFarFromTheOriginAndWithHugeBoxes(@ForAll long seed,
                                                                 @ForAll @IntRange(min = 0, max = 3) int huge,
                                                                 @ForAll @FloatRange(min = 0, max = 2) float margin) {
        // Far from the origin float spacing is coarse (1/64 at 1e5): strip edges and the exact
        // compares must still agree. Huge boxes span every strip and force coarsening.
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        float off = 100_000f;
        for (int i = 0; i < 150; i++) {
            float x = off + rnd.nextInt(40) / 4f;
            float y = off + rnd.nextInt(40) / 4f;
            float w = (1 + rnd.nextInt(4)) / 4f;
            b.add(x, y, x + w, y, x + w, y + w, x, y + w);
        }
        for (int i = 0; i < huge; i++) {
            b.add(off - 5, off - 5 + i, off + 20, off - 5 + i, off + 20, off + 20 + i, off - 5, off + 20 + i);
        }
        ConvexPolygons s = b.build();
        PairBatch got = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, margin, got);
        assertArrayEquals(TestScenes.sortedKeys(TestScenes.bruteForcePairs(s, margin)), TestScenes.sortedKeys(got));
    }

    @Property(tries = 20)
    void aReusedInstanceGivesTheSameBatchAsAFreshOne(@ForAll long seed) {
        SweepAndPrune sap = new SweepAndPrune();
        PairBatch out = new PairBatch(300, 0);
        sap.findPairs(TestScenes.mixed(seed, 300, 30), 0.5f, out); // grows the scratch
        ConvexPolygons small = TestScenes.mixed(seed + 1, 300, 50);
        sap.findPairs(small, 0f, out);
        PairBatch fresh = new PairBatch(small, 0);
        new SweepAndPrune().findPairs(small, 0f, fresh);
        assertArrayEquals(java.util.Arrays.copyOf(fresh.arrays().a, fresh.size()), java.util.Arrays.copyOf(out.arrays().a, out.size()));
        assertArrayEquals(java.util.Arrays.copyOf(fresh.arrays().b, fresh.size()), java.util.Arrays.copyOf(out.arrays().b, out.size()));
    }

    @Test
    void touchingBoxesAreAPairAtMarginZero() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1, 1, 2, 1, 2, 2, 1, 2}); // corner to corner
        PairBatch out = new PairBatch(s, 1);
        assertEquals(1, new SweepAndPrune().findPairs(s, 0f, out));
    }

    @Test
    void aGapIsBridgedOnlyByAMarginAtLeastAsWide() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {2, 0, 3, 0, 3, 1, 2, 1}); // gap of 1 along x
        PairBatch out = new PairBatch(s, 1);
        SweepAndPrune sap = new SweepAndPrune();
        assertEquals(0, sap.findPairs(s, 0.5f, out));
        assertEquals(1, sap.findPairs(s, 1f, out));
    }

    @Test
    void sweepsAlongYWhenShapesAreStackedVertically() {
        // A column of unit boxes 2 apart: along y they are sparse, along x all overlap.
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < 50; i++) {
            b.add(0, 2 * i, 1, 2 * i, 1, 2 * i + 1.5f, 0, 2 * i + 1.5f);
        }
        ConvexPolygons s = b.build();
        PairBatch out = new PairBatch(s, 0);
        new SweepAndPrune().findPairs(s, 0.5f, out);
        assertArrayEquals(TestScenes.sortedKeys(TestScenes.bruteForcePairs(s, 0.5f)), TestScenes.sortedKeys(out));
        assertEquals(49, out.size());
    }

    @Test
    void sortableBitsOrderMatchesFloatOrder() {
        float[] v = {Float.NEGATIVE_INFINITY, -3e38f, -1f, -Float.MIN_VALUE, -0f, 0f, Float.MIN_VALUE, 1f, 3e38f};
        for (int i = 1; i < v.length; i++) {
            assertTrue(Integer.compareUnsigned(SweepAndPrune.sortableBits(v[i - 1]), SweepAndPrune.sortableBits(v[i])) < 0,
                    v[i - 1] + " vs " + v[i]);
        }
    }

    @Test
    void rejectsBadMarginAndMismatchedBatch() {
        ConvexPolygons s = TestScenes.mixed(1, 5, 5);
        SweepAndPrune sap = new SweepAndPrune();
        assertThrows(IllegalArgumentException.class, () -> sap.findPairs(s, -1f, new PairBatch(s, 0)));
        assertThrows(IllegalArgumentException.class, () -> sap.findPairs(s, Float.NaN, new PairBatch(s, 0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sap.findPairs(s, 0f, new PairBatch(4, 0)));
        assertTrue(e.getMessage().contains("out.shapeCount=4"), e.getMessage());
        IllegalArgumentException split = assertThrows(IllegalArgumentException.class,
                () -> sap.findPairsBetween(s, 6, 0f, new PairBatch(s, 0)));
        assertTrue(split.getMessage().contains("split=6"), split.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sap.findPairsBetween(s, -1, 0f, new PairBatch(s, 0)));
    }
}
