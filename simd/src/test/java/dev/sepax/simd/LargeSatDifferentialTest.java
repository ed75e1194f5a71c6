package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.SupportSearch;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The O(log k) path for large polygons: {@code VectorSat} and {@code ScalarSat} agree bit for
 * bit, verdicts and cached axes, with and without the cache; the forced linear scans
 * ({@code LINEAR}) agree with each other and with the plain definition; and where the O(log k)
 * path and the linear scan disagree, the pair lies within the documented band
 * ({@link FloatBand#ofLargePairs}). The scene mixes 3..64-gons with 200..1024-gons, exactly
 * touching pairs nudged by a few ulps, flush boxes and slivers, at scales 10^-3 to 10^6.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LargeSatDifferentialTest {
    private static final float[] TOLERANCES = {0f, 1e-6f, -1e-6f, 0.25f, -0.25f};

    private static Scenes.Scene scene;

    @BeforeAll
    static void build() {
        scene = Scenes.mixed(0x1a46eL, 80, 16, 40_000, 0.6);
    }

    @Test
    void simdAndScalarAgreeOnVerdictsAndCachedAxes() {
        int n = scene.pairs().size();
        for (float tol : TOLERANCES) {
            OverlapBits scalar = VectorSatDifferentialTest.run(ScalarSat.INSTANCE, scene, tol, null);
            VectorSatDifferentialTest.assertSame(scene, scalar, VectorSatDifferentialTest.run(VectorSat.INSTANCE, scene, tol, null),
                    tol, "no cache");
            int[] cacheScalar = new int[n];
            int[] cacheSimd = new int[n];
            for (int frame = 0; frame < 2; frame++) {
                OverlapBits s = VectorSatDifferentialTest.run(ScalarSat.INSTANCE, scene, tol, cacheScalar);
                VectorSatDifferentialTest.assertSame(scene, s, VectorSatDifferentialTest.run(VectorSat.INSTANCE, scene, tol, cacheSimd),
                        tol, "with cache, frame " + frame);
                for (int p = 0; p < n; p++) {
                    if (onLogPath(p)) {
                        assertEquals(cacheScalar[p], cacheSimd[p], "cached axis of log-path pair " + p + " tol=" + tol);
                    }
                }
            }
        }
        int large = 0;
        for (int p = 0; p < n; p++) {
            large += onLogPath(p) ? 1 : 0;
        }
        assertTrue(large > n / 10, "pairs on the O(log k) path: " + large + " of " + n);
    }

    @Test
    void linearScansAgreeWithEachOtherAndThePlainDefinition() {
        for (float tol : TOLERANCES) {
            OverlapBits scalar = VectorSatDifferentialTest.run(ScalarSat.LINEAR, scene, tol, null);
            VectorSatDifferentialTest.assertSame(scene, scalar, VectorSatDifferentialTest.run(VectorSat.LINEAR, scene, tol, null),
                    tol, "linear");
            for (int p = 0; p < scene.pairs().size(); p += 3) {
                boolean want = PlainSat.intersects(scene.shapes(), scene.pairs().shapeA(p), scene.pairs().shapeB(p), tol);
                assertEquals(want, scalar.get(p), "plain definition, pair " + p + " tol=" + tol);
            }
        }
        assertEquals("simd-linear", VectorSat.LINEAR.name());
        assertEquals("simd", VectorSat.INSTANCE.name());
    }

    @Test
    void theLogPathLeavesTheLinearVerdictOnlyInsideTheBand() {
        int differ = 0;
        for (float tol : TOLERANCES) {
            OverlapBits log = VectorSatDifferentialTest.run(VectorSat.INSTANCE, scene, tol, null);
            OverlapBits lin = VectorSatDifferentialTest.run(VectorSat.LINEAR, scene, tol, null);
            for (int p = 0; p < scene.pairs().size(); p++) {
                if (log.get(p) == lin.get(p)) {
                    continue;
                }
                differ++;
                int a = scene.pairs().shapeA(p);
                int b = scene.pairs().shapeB(p);
                assertTrue(onLogPath(p), "pair " + p + " is not on the O(log k) path, yet the verdicts differ");
                double sep = separation(scene.shapes(), a, b);
                double band = FloatBand.ofLargePairs(scene.shapes(), a, b, tol);
                assertTrue(Math.abs(sep - tol) <= band, "pair " + p + ": log " + log.get(p) + ", linear " + lin.get(p)
                        + ", separation " + sep + " tol " + tol + " band " + band);
            }
        }
        // Not a requirement, a sanity check: disagreements are rare (near-touching pairs only).
        assertTrue(differ < scene.pairs().size() / 100, "verdicts differ on " + differ + " pair-tolerances");
    }

    @Test
    void singlePairEntryAgreesWithTheBatch() {
        for (SatKernel k : new SatKernel[] {VectorSat.INSTANCE, VectorSat.LINEAR, ScalarSat.INSTANCE}) {
            OverlapBits bits = VectorSatDifferentialTest.run(k, scene, 0f, null);
            for (int p = 0; p < scene.pairs().size(); p += 7) {
                assertEquals(bits.get(p), k.intersects(scene.shapes(), scene.pairs().shapeA(p), scene.pairs().shapeB(p), 0f),
                        k.name() + " pair " + p);
            }
        }
    }

    private static boolean onLogPath(int p) {
        int[] cap = scene.shapes().arrays().capacity;
        return cap[scene.pairs().shapeA(p)] >= SupportSearch.MIN_CAPACITY && cap[scene.pairs().shapeB(p)] >= SupportSearch.MIN_CAPACITY;
    }

    /** Max over every SAT axis of the min separation, in double (brute force). */
    static double separation(ConvexPolygons s, int a, int b) {
        double best = Math.max(Math.max((double) s.minX(b) - s.maxX(a), (double) s.minX(a) - s.maxX(b)),
                Math.max((double) s.minY(b) - s.maxY(a), (double) s.minY(a) - s.maxY(b)));
        for (int[] side : new int[][] {{a, b}, {b, a}}) {
            PolygonArrays r = s.arrays();
            int o = r.start[side[0]];
            int k = r.count[side[0]];
            for (int i = 0; i < k; i++) {
                int j = i + 1 == k ? 0 : i + 1;
                double ax = r.x[o + i];
                double ay = r.y[o + i];
                double ex = r.x[o + j] - ax;
                double ey = r.y[o + j] - ay;
                double len = Math.hypot(ex, ey);
                double min = Double.POSITIVE_INFINITY;
                for (int v = r.start[side[1]]; v < r.start[side[1]] + r.count[side[1]]; v++) {
                    min = Math.min(min, (ey * (r.x[v] - ax) - ex * (r.y[v] - ay)) / len);
                }
                best = Math.max(best, min);
            }
        }
        return best;
    }
}
