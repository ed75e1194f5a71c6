package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.AdversarialPairs;
import dev.sepax.testing.RationalSat;

import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The exact kernel against the {@link RationalSat} oracle on adversarial pairs
 * ({@link AdversarialPairs}: shared edges and vertices, a vertex on an edge to 0-4 ulps, collinear
 * overlaps, slivers, scales 1e-6..1e6, far from the origin): 0 differences, in local stores and
 * in world stores written by {@code Poses.transform}. At tolerance 0 at least a fifth of the pairs
 * must lie within the float band (the float kernel's verdict changes between tolerances
 * {@code -FloatBand.of} and {@code +FloatBand.of}), and in local stores the float kernel must
 * disagree with the oracle somewhere, or the pairs would not be adversarial.
 *
 * <p>CI size: {@code -Dsepax.exact.pairs} shape pairs per scene (default 50 000, each tested in
 * both orders). The stress run of the issue, 10^6 batch pairs per scene:
 * {@code mvn -B -q -pl core -am verify -Dtest=ExactSatOracleTest -Dsurefire.failIfNoSpecifiedTests=false -Dsepax.exact.pairs=500000}.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class ExactSatOracleTest {
    static final int PAIRS = Integer.getInteger("sepax.exact.pairs", 50_000);

    @Test
    void exactKernelMatchesTheRationalOracleOnAdversarialPairs() {
        check(AdversarialPairs.scene(0xE8AC7L, PAIRS), 0f, true);
    }

    @Test
    void exactKernelMatchesTheRationalOracleOnWorldStores() {
        check(AdversarialPairs.world(0x3011DL, PAIRS), 0f, false);
    }

    @Test
    void exactKernelMatchesTheRationalOracleAtNonZeroTolerances() {
        AdversarialPairs.Scene scene = AdversarialPairs.scene(0x7011L, PAIRS / 10);
        for (float t : new float[] {1e-6f, -1e-6f, 0x1p-30f, 3e-3f, -0.25f}) {
            check(scene, t, false);
        }
    }

    @Test
    void singlePairCallsAgreeWithTheBatch() {
        AdversarialPairs.Scene scene = AdversarialPairs.scene(0x51L, 2_000);
        OverlapBits bits = run(ExactSat.INSTANCE, scene, 0f);
        for (int p = 0; p < scene.pairs().size(); p++) {
            assertEquals(bits.get(p), ExactSat.INSTANCE.intersects(scene.shapes(), scene.pairs().shapeA(p),
                    scene.pairs().shapeB(p), 0f), AdversarialPairs.describe(scene, p));
        }
    }

    /**
     * Rounding world vertices can change an edge's length by far more than a rounding: two unit
     * squares posed near 9e6 (ulp 1) are rounded into diamonds of side sqrt 2. The limit
     * {@code t |e|} must use the stored edge's own length, not the local shape's; placed along a
     * diagonal about {@code t} apart, the pairs straddle it.
     */
    @Test
    void worldStoresWhoseEdgeLengthsChangedByRoundingGetExactVerdictsAtNonZeroTolerances() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(0x1E5L);
        float[] square = {-0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f};
        ConvexPolygons local = ConvexPolygons.of(square, square);
        ConvexPolygons world = local.newWorldStore();
        dev.sepax.shape.Poses poses = new dev.sepax.shape.Poses(2);
        PairBatch pair = PairBatch.of(new int[] {0}, new int[] {1}, world);
        int stretched = 0;
        int hits = 0;
        for (int n = 0; n < 4_000; n++) {
            float t = dev.sepax.testing.WorldStoreTolerances.poseSquares(rnd, poses, 0, 0.2).tolerance();
            poses.transform(local, world);
            float edge = dev.sepax.internal.PolygonArrays.edgeLength(world.arrays().x, world.arrays().y, 0, 1);
            assertEquals(edge, world.arrays().len[0], "the world store's len is its world edge's");
            stretched += Math.abs(edge - local.arrays().len[0]) > 0.01f ? 1 : 0;
            boolean oracle = RationalSat.intersects(world, 0, 1, t);
            hits += oracle ? 1 : 0;
            assertEquals(oracle, ExactSat.INSTANCE.intersects(world, 0, 1, t), "pair " + n + ", tolerance " + t);
            OverlapBits bits = new OverlapBits(1);
            ExactSat.INSTANCE.test(world, pair, 0, 1, t, bits, null);
            assertEquals(oracle, bits.get(0), "batch, pair " + n + ", tolerance " + t);
        }
        assertTrue(stretched > 400 && hits > 400 && hits < 3_600, "stretched=" + stretched + ", hits=" + hits);
    }

    /**
     * A hint is the caller's int and may hold anything; the extreme values are where a range
     * check written as {@code -hint <= count} overflows ({@code -Integer.MIN_VALUE} is itself).
     * The pair is edge-separated behind overlapping AABBs, so the hint is read.
     */
    @Test
    void garbageAxisHintsIncludingTheIntExtremesNeverChangeAVerdict() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 2, 0, 0, 2}, new float[] {1.5f, 1.5f, 3, 1.5f, 1.5f, 3});
        PairBatch pairs = PairBatch.of(new int[] {0, 1}, new int[] {1, 0}, s);
        for (int hint : new int[] {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -4, -3, -1, 0, 1, 3, 4, Integer.MAX_VALUE}) {
            int[] cache = {hint, hint};
            OverlapBits out = new OverlapBits(2);
            assertEquals(0, ExactSat.INSTANCE.test(s, pairs, 0, 2, 0f, out, cache), "hint=" + hint);
            for (int p = 0; p < 2; p++) {
                int recorded = cache[p];
                int ref = recorded > 0 ? pairs.shapeA(p) : pairs.shapeB(p);
                assertTrue(recorded != 0 && Math.abs((long) recorded) <= s.count(ref),
                        "hint=" + hint + ": recorded axis " + recorded + " of pair " + p);
            }
        }
    }

    /** Exact kernel == oracle on every pair; with {@code expectFloatMisses}, the float kernel misses some. */
    static void check(AdversarialPairs.Scene scene, float t, boolean expectFloatMisses) {
        ConvexPolygons shapes = scene.shapes();
        PairBatch pairs = scene.pairs();
        int n = pairs.size();
        boolean[] oracle = new boolean[n];
        IntStream.range(0, n).parallel().forEach(p -> oracle[p] = RationalSat.intersects(shapes, pairs.shapeA(p), pairs.shapeB(p), t));
        OverlapBits exact = run(ExactSat.INSTANCE, scene, t);
        OverlapBits floats = run(ScalarSat.INSTANCE, scene, t);
        int floatMisses = 0;
        int hits = 0;
        int inBand = 0;
        for (int p = 0; p < n; p++) {
            if (exact.get(p) != oracle[p]) {
                throw new AssertionError("tolerance=" + t + ": exact=" + exact.get(p) + " oracle=" + oracle[p] + " at "
                        + AdversarialPairs.describe(scene, p));
            }
            floatMisses += floats.get(p) != oracle[p] ? 1 : 0;
            hits += oracle[p] ? 1 : 0;
            if (t == 0) {
                float band = FloatBand.of(shapes, pairs.shapeA(p), pairs.shapeB(p));
                inBand += ScalarSat.INSTANCE.intersects(shapes, pairs.shapeA(p), pairs.shapeB(p), band)
                        != ScalarSat.INSTANCE.intersects(shapes, pairs.shapeA(p), pairs.shapeB(p), -band) ? 1 : 0;
            }
        }
        // Both verdicts must occur (at tolerance 0, commonly), or the pairs would test one side only.
        assertTrue(hits > 0 && hits < n, "intersecting=" + hits + " of " + n);
        if (t == 0) {
            assertTrue(hits > n / 10 && hits < n - n / 10, "intersecting=" + hits + " of " + n);
            assertTrue(inBand > n / 5, "only " + inBand + " of " + n + " pairs lie within the float band");
        }
        if (expectFloatMisses) {
            assertTrue(floatMisses > 0, "the float kernel got all " + n + " pairs right: not adversarial");
        }
    }

    static OverlapBits run(SatKernel k, AdversarialPairs.Scene scene, float t) {
        OverlapBits out = new OverlapBits(scene.pairs().size());
        k.test(scene.shapes(), scene.pairs(), t, out);
        return out;
    }
}
