package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.testing.AdversarialPairs;
import dev.sepax.testing.RationalSat;

import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link VectorExactSat} and {@link ExactSat} return the same bits (both claim exact arithmetic),
 * on adversarial pairs in local and world stores, on the seeded random scenes of the float
 * differential test, at several tolerances, with and without an axis cache; and a sample agrees
 * with the {@link RationalSat} oracle directly.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class VectorExactSatTest {
    private static final SatKernel SIMD = VectorExactSat.INSTANCE;
    private static final SatKernel SCALAR = ExactSat.INSTANCE;
    private static final float[] TOLERANCES = {0f, 1e-6f, -1e-6f, 0.25f, -0.25f};
    /**
     * Shape pairs per adversarial scene (each tested in both orders). Stress run, 10^6 batch pairs
     * per scene: {@code mvn -B -q -pl core,simd verify -Dtest=VectorExactSatTest
     * -Dsurefire.failIfNoSpecifiedTests=false -Dsepax.exact.pairs=500000}.
     */
    private static final int PAIRS = Integer.getInteger("sepax.exact.pairs", 20_000);

    @Test
    void adversarialPairsGiveTheScalarExactBits() {
        AdversarialPairs.Scene local = AdversarialPairs.scene(0xAD5L, PAIRS);
        AdversarialPairs.Scene world = AdversarialPairs.world(0xAD6L, PAIRS);
        for (float t : TOLERANCES) {
            same(local.shapes(), local.pairs(), t, local);
            same(world.shapes(), world.pairs(), t, world);
        }
    }

    @Test
    void randomScenesGiveTheScalarExactBitsWithAndWithoutAxisCache() {
        Scenes.Scene mixed = Scenes.mixed(0x5e9a8L, 100, 64, 300_000, 0.0);
        Scenes.Scene big = Scenes.mixed(0xb17L, 24, 16, 4_000, 0.35);
        for (float t : TOLERANCES) {
            same(mixed.shapes(), mixed.pairs(), t, null);
            same(big.shapes(), big.pairs(), t, null);
        }
        int n = mixed.pairs().size();
        int[] cacheScalar = new int[n];
        int[] cacheSimd = new int[n];
        for (int frame = 0; frame < 2; frame++) {
            OverlapBits s = new OverlapBits(n);
            OverlapBits v = new OverlapBits(n);
            SCALAR.test(mixed.shapes(), mixed.pairs(), 0, n, 0f, s, cacheScalar);
            SIMD.test(mixed.shapes(), mixed.pairs(), 0, n, 0f, v, cacheSimd);
            assertEquals(-1, s.firstDifference(v, n), "frame " + frame + " with axis cache");
        }
    }

    @Test
    void aSampleMatchesTheRationalOracle() {
        AdversarialPairs.Scene scene = AdversarialPairs.scene(0x0AC1EL, 20_000);
        ConvexPolygons shapes = scene.shapes();
        PairBatch pairs = scene.pairs();
        OverlapBits v = new OverlapBits(pairs.size());
        SIMD.test(shapes, pairs, 0f, v);
        boolean[] oracle = new boolean[pairs.size()];
        IntStream.range(0, pairs.size()).parallel()
                .forEach(p -> oracle[p] = RationalSat.intersects(shapes, pairs.shapeA(p), pairs.shapeB(p), 0f));
        for (int p = 0; p < pairs.size(); p++) {
            assertEquals(oracle[p], v.get(p), AdversarialPairs.describe(scene, p));
        }
    }

    @Test
    void theFacadeSelectsAnExactKernel() {
        String name = Sepax.overlap(Precision.EXACT).name();
        assertTrue(name.equals("simd-exact") || name.equals("scalar-exact"), name);
        assertEquals(Sepax.overlap().name(), Sepax.overlap(Precision.FLOAT).name());
    }

    private static void same(ConvexPolygons shapes, PairBatch pairs, float t, AdversarialPairs.Scene scene) {
        int n = pairs.size();
        OverlapBits s = new OverlapBits(n);
        OverlapBits v = new OverlapBits(n);
        int hs = SCALAR.test(shapes, pairs, t, s);
        int hv = SIMD.test(shapes, pairs, t, v);
        int diff = s.firstDifference(v, n);
        assertEquals(-1, diff, () -> "tolerance=" + t + ": first difference at "
                + (scene == null ? "pair=" + diff : AdversarialPairs.describe(scene, diff)));
        assertEquals(hs, hv);
    }
}
