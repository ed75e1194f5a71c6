package dev.sepax.narrow;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.Polygons;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/**
 * The batch form of the kernels: same verdicts as the single-pair form, bits outside the range
 * left alone, axis hints never change a verdict, and every misuse rejected with its reason.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class KernelBatchTest {
    static final SatKernel[] KERNELS = {ScalarSat.INSTANCE, TextbookSat.INSTANCE};

    /** A store of up to 24 shapes, near pairs laid side by side. */
    @Provide
    Arbitrary<List<float[][]>> scenes() {
        return Polygons.nearPairs().list().ofMinSize(1).ofMaxSize(12);
    }

    static ConvexPolygons store(List<float[][]> scene) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (float[][] pair : scene) {
            b.add(pair[0]);
            b.add(pair[1]);
        }
        return b.build();
    }

    /** Mostly the near pairs (2i, 2i+1), plus random ones, {@code n} in all. */
    static PairBatch pairs(int shapes, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        PairBatch p = new PairBatch(shapes, 0);
        for (int i = 0; i < n; i++) {
            if (r.nextBoolean()) {
                int s = r.nextInt(shapes / 2) * 2;
                p.add(s, s + 1);
            } else {
                p.add(r.nextInt(shapes), r.nextInt(shapes));
            }
        }
        return p;
    }

    @Property(tries = 300)
    void batchVerdictsEqualSinglePairVerdictsAndLeaveOtherBitsAlone(@ForAll("scenes") List<float[][]> scene,
            @ForAll @IntRange(min = 1, max = 300) int n, @ForAll long seed,
            @ForAll @DoubleRange(min = -0.1, max = 0.1) double tolerance) {
        ConvexPolygons s = store(scene);
        PairBatch pairs = pairs(s.size(), n, seed);
        float tol = (float) tolerance;
        SplittableRandom r = new SplittableRandom(seed ^ 0x5eed);
        int from = r.nextInt(n / 64 + 1) * 64;
        int to = from + r.nextInt(n - from + 1);
        for (SatKernel k : KERNELS) {
            OverlapBits out = new OverlapBits(n + r.nextInt(100));
            long[] before = out.words().clone();
            for (int w = 0; w < before.length; w++) {
                before[w] = r.nextLong();
            }
            System.arraycopy(before, 0, out.words(), 0, before.length);
            int hits = k.test(s, pairs, from, to, tol, out, null);
            int expectedHits = 0;
            for (int p = 0; p < out.capacity(); p++) {
                boolean bit = out.get(p);
                if (p >= from && p < to) {
                    boolean single = k.intersects(s, pairs.shapeA(p), pairs.shapeB(p), tol);
                    assertEquals(single, bit, k.name() + ": pair " + p);
                    expectedHits += single ? 1 : 0;
                } else {
                    assertEquals((before[p >>> 6] & (1L << p)) != 0, bit, k.name() + ": bit " + p + " outside the range changed");
                }
            }
            assertEquals(expectedHits, hits, k.name() + ": returned count");
        }
    }

    @Property(tries = 300)
    void axisHintsNeverChangeAVerdictAndRecordARealSeparatingAxis(@ForAll("scenes") List<float[][]> scene,
            @ForAll @IntRange(min = 1, max = 300) int n, @ForAll long seed) {
        ConvexPolygons s = store(scene);
        PairBatch pairs = pairs(s.size(), n, seed);
        OverlapBits plain = new OverlapBits(n);
        ScalarSat.INSTANCE.test(s, pairs, 0, n, 0f, plain, null);
        // Garbage hints, in range and out of it.
        SplittableRandom r = new SplittableRandom(seed);
        int[] cache = new int[n];
        for (int p = 0; p < n; p++) {
            cache[p] = r.nextInt(-80, 81);
        }
        OverlapBits hinted = new OverlapBits(n);
        ScalarSat.INSTANCE.test(s, pairs, 0, n, 0f, hinted, cache);
        assertEquals(-1, plain.firstDifference(hinted, n), "garbage hints changed a verdict");
        // Clean cache: what it records must be an axis that really separates.
        int[] clean = new int[n];
        OverlapBits first = new OverlapBits(n);
        ScalarSat.INSTANCE.test(s, pairs, 0, n, 0f, first, clean);
        for (int p = 0; p < n; p++) {
            int hint = clean[p];
            if (hint > 0) {
                assertFalse(first.get(p));
                assertTrue(ScalarSat.edgeSeparates(s, s.start(pairs.shapeA(p)) + hint - 1, pairs.shapeB(p), 0f), "pair " + p);
            } else if (hint < 0) {
                assertFalse(first.get(p));
                assertTrue(ScalarSat.edgeSeparates(s, s.start(pairs.shapeB(p)) - hint - 1, pairs.shapeA(p), 0f), "pair " + p);
            }
        }
        OverlapBits second = new OverlapBits(n);
        ScalarSat.INSTANCE.test(s, pairs, 0, n, 0f, second, clean);
        assertEquals(-1, plain.firstDifference(first, n));
        assertEquals(-1, plain.firstDifference(second, n));
    }

    @Property(tries = 100)
    void splittingABatchIntoWordAlignedRangesGivesTheSameBits(@ForAll("scenes") List<float[][]> scene,
            @ForAll @IntRange(min = 1, max = 400) int n, @ForAll long seed) {
        ConvexPolygons s = store(scene);
        PairBatch pairs = pairs(s.size(), n, seed);
        OverlapBits whole = new OverlapBits(n);
        int total = ScalarSat.INSTANCE.test(s, pairs, 0f, whole);
        OverlapBits pieces = new OverlapBits(n);
        int sum = 0;
        for (int from = 0; from < n; from += 64) {
            sum += ScalarSat.INSTANCE.test(s, pairs, from, Math.min(n, from + 64), 0f, pieces, null);
        }
        assertEquals(total, sum);
        assertEquals(-1, whole.firstDifference(pieces, n));
        assertEquals(total, whole.count(n));
    }

    // ---- Misuse ------------------------------------------------------------------------------

    static final ConvexPolygons TWO = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1}, new float[] {2, 2, 3, 2, 2, 3});

    static void rejected(String message, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertEquals(message, e.getMessage());
    }

    static void outOfRange(String message, Executable call) {
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, call);
        assertEquals(message, e.getMessage());
    }

    static PairBatch pairsOfTwo(int n) {
        PairBatch p = new PairBatch(2, n);
        for (int i = 0; i < n; i++) {
            p.add(i & 1, 1);
        }
        return p;
    }

    @Example
    void rangeStartingOffAWordBoundaryIsRejected() {
        for (SatKernel k : KERNELS) {
            rejected("from=10: must be a multiple of 64",
                    () -> k.test(TWO, pairsOfTwo(100), 10, 100, 0f, new OverlapBits(100), null));
        }
    }

    @Example
    void rangeBeyondTheBatchIsRejected() {
        for (SatKernel k : KERNELS) {
            outOfRange("range [0, 101) is not within [0, 100)",
                    () -> k.test(TWO, pairsOfTwo(100), 0, 101, 0f, new OverlapBits(101), null));
            outOfRange("range [64, 32) is not within [0, 100)",
                    () -> k.test(TWO, pairsOfTwo(100), 64, 32, 0f, new OverlapBits(100), null));
        }
    }

    @Example
    void resultBufferTooSmallIsRejected() {
        for (SatKernel k : KERNELS) {
            rejected("out.capacity=99 < to=100",
                    () -> k.test(TWO, pairsOfTwo(100), 0, 100, 0f, new OverlapBits(99), null));
            rejected("out is null", () -> k.test(TWO, pairsOfTwo(100), 0, 100, 0f, null, null));
        }
    }

    /**
     * A convex {@code n}-gon whose right edge is exactly {@code x = 1, 0 <= y <= 1} (or, mirrored,
     * whose left edge is exactly {@code x = 1}); its other vertices lie on a half-ellipse.
     */
    static float[] dShape(int n, boolean mirrored) {
        float[] pts = new float[2 * n];
        pts[0] = 1f;
        pts[1] = 0f;
        pts[2] = 1f;
        pts[3] = 1f;
        for (int i = 2; i < n; i++) {
            double t = Math.PI * (i - 1) / (n - 1);
            float dx = (float) (0.75 * Math.sin(t));
            pts[2 * i] = mirrored ? 1f + dx : 1f - dx;
            pts[2 * i + 1] = (float) (0.5 + 0.5 * Math.cos(t));
        }
        return ConvexPolygons.hull(pts);
    }

    /** A convex {@code n}-gon ({@code n} even) on an ellipse whose leftmost vertex is exactly (1, 0.5). */
    static float[] ellipseTouchingAtOnePoint(int n) {
        float[] pts = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = Math.PI + 2 * Math.PI * i / n;
            pts[2 * i] = i == 0 ? 1f : (float) (1.75 + 0.75 * Math.cos(t));
            pts[2 * i + 1] = i == 0 ? 0.5f : (float) (0.5 + 0.5 * Math.sin(t));
        }
        return ConvexPolygons.hull(pts);
    }

    @Example
    void aCachedAxisThatExactlyTouchesNeverSeparatesAtToleranceZero() {
        // The cached axis is tested before the others, by its own compare: touching must count
        // as intersecting there too. Garbage hints on random near pairs almost never hit an
        // exact touch, so every hint (0: none) is tried on pairs that share an edge or a corner,
        // in both orders, on the small path and on the O(log k) path for large shapes, whose
        // checked-support compare is shared by the cached axis and the search.
        ConvexPolygons small = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1, 0, 2, 0, 2, 1, 1, 1},       // shares A's right edge
                new float[] {1, 1, 2, 1, 2, 2, 1, 2},       // shares A's top-right corner
                new float[] {1, 0.5f, 2, 0, 2, 1});         // its tip on A's right edge
        // Large: an edge shared (the support towards it is a tie) and a single vertex on it.
        ConvexPolygons large = ConvexPolygons.of(dShape(70, false), dShape(70, true), ellipseTouchingAtOnePoint(70));
        for (int i = 0; i < large.size(); i++) {
            assertTrue(large.capacity(i) >= 64, "the O(log k) path needs large capacities: shape " + i);
        }
        for (ConvexPolygons s : new ConvexPolygons[] {small, large}) {
            PairBatch pairs = new PairBatch(s.size(), 0);
            int[] hints = new int[4 * (2 * s.maxCount() + 1) * s.size()];
            for (int b = 1; b < s.size(); b++) {
                int maxCount = Math.max(s.count(0), s.count(b));
                for (int hint = -maxCount; hint <= maxCount; hint++) {
                    hints[pairs.size()] = hint;
                    pairs.add(0, b);
                    hints[pairs.size()] = hint;
                    pairs.add(b, 0);
                }
            }
            int n = pairs.size();
            int[] cache = Arrays.copyOf(hints, n);
            OverlapBits out = new OverlapBits(n);
            int hits = ScalarSat.INSTANCE.test(s, pairs, 0, n, 0f, out, cache);
            for (int p = 0; p < n; p++) {
                assertTrue(out.get(p), "pair " + p + " (" + pairs.shapeA(p) + ", " + pairs.shapeB(p)
                        + ") with hint " + hints[p] + " must touch");
            }
            assertEquals(n, hits);
        }
    }

    @Example
    void axisCacheShorterThanTheBatchIsRejected() {
        for (SatKernel k : KERNELS) {
            rejected("axisCache.length=99 < pairs=100",
                    () -> k.test(TWO, pairsOfTwo(100), 0, 100, 0f, new OverlapBits(100), new int[99]));
        }
    }

    @Example
    void nonFiniteToleranceIsRejected() {
        for (SatKernel k : KERNELS) {
            rejected("tolerance=NaN: must be finite",
                    () -> k.test(TWO, pairsOfTwo(4), 0, 4, Float.NaN, new OverlapBits(4), null));
            rejected("tolerance=Infinity: must be finite", () -> k.intersects(TWO, 0, 1, Float.POSITIVE_INFINITY));
        }
    }

    @Example
    void batchValidatedForALargerStoreIsRejected() {
        PairBatch forThree = PairBatch.of(new int[] {2}, new int[] {0}, 3);
        for (SatKernel k : KERNELS) {
            rejected("pairs.shapeCount=3 > shapes.size=2: the batch was validated for a different store",
                    () -> k.test(TWO, forThree, 0, 1, 0f, new OverlapBits(1), null));
        }
    }

    @Example
    void nullShapesOrPairsAreRejected() {
        for (SatKernel k : KERNELS) {
            rejected("shapes is null", () -> k.test(null, pairsOfTwo(1), 0, 1, 0f, new OverlapBits(1), null));
            rejected("pairs is null", () -> k.test(TWO, null, 0, 1, 0f, new OverlapBits(1), null));
            rejected("shapes is null", () -> k.intersects(null, 0, 0, 0f));
        }
    }

    @Example
    void singlePairWithAnIndexOutOfRangeIsRejectedNamingIt() {
        for (SatKernel k : KERNELS) {
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> k.intersects(TWO, 0, 2, 0f));
            assertEquals("b=2 out of range [0, 2)", e.getMessage());
            e = assertThrows(IndexOutOfBoundsException.class, () -> k.intersects(TWO, -1, 0, 0f));
            assertEquals("a=-1 out of range [0, 2)", e.getMessage());
        }
    }

    @Example
    void emptyRangeWritesNothingAndCountsZero() {
        OverlapBits out = new OverlapBits(64);
        out.words()[0] = -1L;
        for (SatKernel k : KERNELS) {
            assertEquals(0, k.test(TWO, pairsOfTwo(64), 64, 64, 0f, out, null));
            assertEquals(-1L, out.words()[0]);
        }
    }
}
