package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.testing.FindFixtures;
import dev.sepax.testing.WorldStoreTolerances;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests: the SIMD pose transform writes the scalar reference's bits into every
 * array of the world store (padding and tail slots included).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VectorTransformTest {

    private static void assertSameBits(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++) {
            int e = Float.floatToRawIntBits(expected[i]);
            int a = Float.floatToRawIntBits(actual[i]);
            if (e != a) {
                assertEquals(expected[i] + " (" + Integer.toHexString(e) + ")", actual[i] + " (" + Integer.toHexString(a) + ")",
                        what + "[" + i + "]");
            }
        }
    }

    /** Transforms {@code local} with both kernels into fresh world stores; compares every array. */
    private static void assertSameWorld(ConvexPolygons local, Poses poses, String what) {
        ConvexPolygons scalar = local.newWorldStore();
        ConvexPolygons simd = local.newWorldStore();
        ScalarTransform.INSTANCE.transform(poses, local, scalar);
        VectorTransform.INSTANCE.transform(poses, local, simd);
        PolygonArrays e = scalar.arrays();
        PolygonArrays a = simd.arrays();
        assertSameBits(e.x, a.x, what + " x");
        assertSameBits(e.y, a.y, what + " y");
        assertSameBits(e.enx, a.enx, what + " enx");
        assertSameBits(e.eny, a.eny, what + " eny");
        assertSameBits(e.nx, a.nx, what + " nx");
        assertSameBits(e.ny, a.ny, what + " ny");
        assertSameBits(e.len, a.len, what + " len");
        assertSameBits(e.minX, a.minX, what + " minX");
        assertSameBits(e.minY, a.minY, what + " minY");
        assertSameBits(e.maxX, a.maxX, what + " maxX");
        assertSameBits(e.maxY, a.maxY, what + " maxY");
        assertSameBits(e.bounds, a.bounds, what + " bounds");
        assertSameBits(e.centroidX, a.centroidX, what + " centroidX");
        assertSameBits(e.centroidY, a.centroidY, what + " centroidY");
        assertSameBits(e.area, a.area, what + " area");
        assertSameBits(e.magnitude, a.magnitude, what + " magnitude");
        assertSameBits(e.span, a.span, what + " span");
    }

    private static Poses randomPoses(SplittableRandom rnd, int n, double reach) {
        Poses poses = new Poses(n);
        for (int i = 0; i < n; i++) {
            poses.set(i, (float) ((2 * rnd.nextDouble() - 1) * reach), (float) ((2 * rnd.nextDouble() - 1) * reach),
                    rnd.nextDouble() * 2 * Math.PI);
        }
        return poses;
    }

    @Test
    void randomStoresAndPosesGiveTheScalarBits() {
        SplittableRandom seeds = new SplittableRandom(31);
        for (int trial = 0; trial < 200; trial++) {
            SplittableRandom rnd = new SplittableRandom(seeds.nextLong());
            // Every capacity class up to 64 and around it (3..70 vertices), near and far poses.
            ConvexPolygons local = FindFixtures.mixedStore(rnd, 1 + rnd.nextInt(40), 3 + rnd.nextInt(68));
            double reach = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 1e3 : 1e7;
            assertSameWorld(local, randomPoses(rnd, local.size(), reach), "trial " + trial);
        }
    }

    @Test
    void exactAnglesAndZeroesGiveTheScalarBits() {
        // Right angles and the identity give -0 and exact zeros in the products: the minima
        // and maxima must order -0 and +0 as the reference does.
        ConvexPolygons local = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {-1, -1, 1, -1, 0, 1},
                new float[] {-0f, 0, 2, 0, 2, 2, 1, 3, -0f, 2});
        double[] angles = {0, Math.PI / 2, Math.PI, -Math.PI / 2, Math.PI / 4};
        for (double angle : angles) {
            Poses poses = new Poses(local.size());
            for (int i = 0; i < local.size(); i++) {
                poses.set(i, i == 0 ? 0f : -0f, i == 1 ? -0f : 3f, angle);
            }
            assertSameWorld(local, poses, "angle " + angle);
        }
    }

    @Test
    void aWorldStoreRewrittenFrameAfterFrameStaysEqual() {
        SplittableRandom rnd = new SplittableRandom(32);
        ConvexPolygons local = FindFixtures.mixedStore(rnd, 200, 12);
        ConvexPolygons scalar = local.newWorldStore();
        ConvexPolygons simd = local.newWorldStore();
        for (int frame = 0; frame < 20; frame++) {
            Poses poses = randomPoses(rnd, local.size(), 50);
            ScalarTransform.INSTANCE.transform(poses, local, scalar);
            VectorTransform.INSTANCE.transform(poses, local, simd);
            assertSameBits(scalar.arrays().x, simd.arrays().x, "frame " + frame + " x");
            assertSameBits(scalar.arrays().enx, simd.arrays().enx, "frame " + frame + " enx");
            assertSameBits(scalar.arrays().bounds, simd.arrays().bounds, "frame " + frame + " bounds");
            assertSameBits(scalar.arrays().span, simd.arrays().span, "frame " + frame + " span");
        }
    }

    /**
     * World stores hold their world edges' lengths: the SIMD verdict kernels at a nonzero
     * tolerance on stores the SIMD transform wrote are exact outside the documented world band
     * (PosesTest runs the scalar kernels on the reference's stores).
     */
    @Test
    void simdVerdictsOnSimdWorldStoresAtNonzeroTolerancesAreExactOutsideTheBand() {
        WorldStoreTolerances.assertExactOutsideTheBand(VectorTransform.INSTANCE, VectorSat.INSTANCE, VectorSat.LINEAR,
                VectorExactSat.INSTANCE);
    }

    @Test
    void badArgumentsAreRejectedAsTheReferenceRejectsThem() {
        ConvexPolygons local = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1});
        Poses poses = new Poses(1);
        IllegalArgumentException notWorld = assertThrows(IllegalArgumentException.class,
                () -> VectorTransform.INSTANCE.transform(poses, local, local));
        assertTrue(notWorld.getMessage().contains("newWorldStore"), notWorld.getMessage());
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> VectorTransform.INSTANCE.transform(new Poses(2), local, local.newWorldStore()));
        assertTrue(size.getMessage().contains("poses=2 != shapes=1"), size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> VectorTransform.INSTANCE.transform(null, local, local.newWorldStore()));
        assertEquals("simd", VectorTransform.INSTANCE.name());
    }
}
