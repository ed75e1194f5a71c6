package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SIMD and scalar verdicts agree bit for bit, and both agree with the plain definition
 * ({@link PlainSat}), on seeded random, touching, nudged, sliver and large polygons.
 */
class VectorSatDifferentialTest {
    private static final SatKernel SIMD = VectorSat.INSTANCE;
    private static final SatKernel SCALAR = Sepax.scalar();
    /** Absolute tolerances: zero, tiny and large, both signs. Scenes span scales 1e-3..1e6. */
    private static final float[] TOLERANCES = {0f, 1e-6f, -1e-6f, 0.25f, -0.25f};

    private static Scenes.Scene mixed;
    private static Scenes.Scene big;

    @BeforeAll
    static void build() {
        // 400 clusters x 64 shapes; 2.1 M pairs x 5 tolerances = 10.5 M pair verdicts per kernel.
        mixed = Scenes.mixed(0x5e9a7L, 400, 64, 2_100_000, 0.0);
        // 200..1024-gons mixed with small ones.
        big = Scenes.mixed(0xb16L, 24, 16, 6_000, 0.35);
    }

    @Test
    void tenMillionSeededPairsGiveIdenticalBitsWithAndWithoutAxisCache() {
        int n = mixed.pairs().size();
        long verdicts = 0;
        for (float tol : TOLERANCES) {
            OverlapBits scalar = run(SCALAR, mixed, tol, null);
            OverlapBits simd = run(SIMD, mixed, tol, null);
            assertSame(mixed, scalar, simd, tol, "no cache");
            verdicts += n;
            if (tol == 0f || tol == -0.25f) {
                // Two frames with a cache: the second frame starts from the hints of the first.
                int[] cacheScalar = new int[n];
                int[] cacheSimd = new int[n];
                for (int frame = 0; frame < 2; frame++) {
                    assertSame(mixed, scalar, run(SCALAR, mixed, tol, cacheScalar), tol, "scalar with cache, frame " + frame);
                    assertSame(mixed, scalar, run(SIMD, mixed, tol, cacheSimd), tol, "simd with cache, frame " + frame);
                }
                assertTrue(Arrays.stream(cacheSimd).anyMatch(h -> h != 0), "the cache was never written");
            }
        }
        assertTrue(verdicts >= 10_000_000, "verdicts=" + verdicts);
        // The scene is not trivial: both verdicts occur plenty.
        OverlapBits zero = run(SIMD, mixed, 0f, null);
        int hits = zero.count(n);
        assertTrue(hits > n / 10 && hits < n - n / 10, "hits=" + hits + " of " + n);
    }

    @Test
    void largePolygonsOf200To1024VerticesGiveIdenticalBits() {
        for (float tol : TOLERANCES) {
            OverlapBits scalar = run(SCALAR, big, tol, null);
            assertSame(big, scalar, run(SIMD, big, tol, null), tol, "big, no cache");
            int[] cache = new int[big.pairs().size()];
            run(SIMD, big, tol, cache);
            assertSame(big, scalar, run(SIMD, big, tol, cache), tol, "big, second frame with cache");
        }
        assertTrue(big.shapes().maxCount() >= 200, "maxCount=" + big.shapes().maxCount());
    }

    @Test
    void bothKernelsMatchThePlainDefinition() {
        for (float tol : TOLERANCES) {
            checkPlain(mixed, 0, 200_000, tol);
            checkPlain(big, 0, 1_500, tol);
        }
    }

    @Test
    void singlePairEntryAgreesWithTheBatch() {
        OverlapBits simd = run(SIMD, mixed, 0f, null);
        for (int p = 0; p < 50_000; p++) {
            int a = mixed.pairs().shapeA(p);
            int b = mixed.pairs().shapeB(p);
            assertEquals(simd.get(p), SIMD.intersects(mixed.shapes(), a, b, 0f), "pair=" + p);
        }
    }

    @Test
    void sharedVertexAndSharedEdgeTouchAtToleranceZero() {
        // Two unit squares sharing the edge x = 1, a third touching only at the corner (1, 1).
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1, 0, 2, 0, 2, 1, 1, 1},
                new float[] {1, 1, 2, 1, 2, 2, 1, 2},
                new float[] {0.1f, 1.1f, 1, 1, 0.2f, 2});
        for (int b = 1; b < 4; b++) {
            assertTrue(SIMD.intersects(s, 0, b, 0f), "0-" + b);
            assertTrue(SIMD.intersects(s, b, 0, 0f), b + "-0");
            assertFalse(SIMD.intersects(s, 0, b, -1e-3f), "negative tolerance lets contact count as apart: 0-" + b);
        }
    }

    @Test
    void boxesNudgedApartByOneUlpAreSeparatedAndNudgedTogetherIntersect() {
        float x0 = 1000.5f;
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {x0 - 1, 0, x0, 0, x0, 1, x0 - 1, 1},
                new float[] {Math.nextUp(x0), 0.5f, x0 + 1, 0.5f, x0 + 1, 2, Math.nextUp(x0), 2},
                new float[] {Math.nextDown(x0), 0.5f, x0 + 1, 0.5f, x0 + 1, 2, Math.nextDown(x0), 2});
        assertFalse(SIMD.intersects(s, 0, 1, 0f));
        assertTrue(SIMD.intersects(s, 0, 1, Math.ulp(x0)));
        assertTrue(SIMD.intersects(s, 0, 2, 0f));
    }

    @Test
    void triangleInsideALargeHexagonIntersectsFromBothSides() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {-10, -5, 10, -5, 15, 0, 10, 5, -10, 5, -15, 0},
                new float[] {0, 0, 1, 0, 0, 1});
        assertTrue(SIMD.intersects(s, 0, 1, 0f));
        assertTrue(SIMD.intersects(s, 1, 0, 0f));
    }

    /**
     * Every capacity combination of the small-shape pass (4, 8, 16 and 32 slots, mixed) with every
     * shape of the store on both sides, including the last one, whose wide loads reach into the
     * store's tail slack, and shapes whose lanes past their count belong to a neighbour.
     * Shapes sit on a small grid, so that many pairs touch, overlap or just miss.
     */
    @Test
    void smallShapePassAgreesForEveryCapacityMixAndTheLastShape() {
        float[][] shapes = new float[14][];
        for (int s = 0; s < shapes.length; s++) {
            int k = new int[] {3, 4, 5, 8, 7, 12, 16, 6, 20, 32}[s % 10];
            float cx = (s % 4) * 1.5f;
            float cy = (s / 4) * 1.5f;
            float r = 1f + 0.1f * (s % 3);
            float[] v = new float[2 * k];
            for (int i = 0; i < k; i++) {
                double t = 2 * Math.PI * i / k + 0.3 * s;
                v[2 * i] = cx + (float) (r * Math.cos(t));
                v[2 * i + 1] = cy + (float) (r * Math.sin(t));
            }
            shapes[s] = v;
        }
        ConvexPolygons store = ConvexPolygons.of(shapes);
        int n = store.size();
        int[] a = new int[n * n];
        int[] b = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i * n + j] = i;
                b[i * n + j] = j;
            }
        }
        PairBatch pairs = PairBatch.of(a, b, store);
        for (float tol : TOLERANCES) {
            for (int[] cache : new int[][] {null, new int[n * n]}) {
                OverlapBits want = new OverlapBits(n * n);
                OverlapBits got = new OverlapBits(n * n);
                SCALAR.test(store, pairs, 0, n * n, tol, want, null);
                SIMD.test(store, pairs, 0, n * n, tol, got, cache);
                for (int p = 0; p < n * n; p++) {
                    assertEquals(want.get(p), got.get(p), "pair " + a[p] + "-" + b[p] + " tol=" + tol + " cache=" + (cache != null));
                }
            }
        }
    }

    private static void checkPlain(Scenes.Scene sc, int from, int to, float tol) {
        OverlapBits scalar = run(SCALAR, sc, tol, null);
        OverlapBits simd = run(SIMD, sc, tol, null);
        for (int p = from; p < Math.min(to, sc.pairs().size()); p++) {
            boolean want = PlainSat.intersects(sc.shapes(), sc.pairs().shapeA(p), sc.pairs().shapeB(p), tol);
            if (scalar.get(p) != want || simd.get(p) != want) {
                throw new AssertionError("pair=" + p + " tol=" + tol + " plain=" + want + " scalar=" + scalar.get(p)
                        + " simd=" + simd.get(p) + describe(sc, p));
            }
        }
    }

    static OverlapBits run(SatKernel k, Scenes.Scene sc, float tol, int[] cache) {
        OverlapBits out = new OverlapBits(sc.pairs().size());
        int hits = k.test(sc.shapes(), sc.pairs(), 0, sc.pairs().size(), tol, out, cache);
        assertEquals(out.count(sc.pairs().size()), hits, k.name() + ": returned hit count");
        return out;
    }

    static void assertSame(Scenes.Scene sc, OverlapBits want, OverlapBits got, float tol, String what) {
        int d = want.firstDifference(got, sc.pairs().size());
        if (d >= 0) {
            throw new AssertionError(what + ": tol=" + tol + " first difference at pair=" + d + " expected="
                    + want.get(d) + describe(sc, d));
        }
    }

    static String describe(Scenes.Scene sc, int p) {
        PairBatch pairs = sc.pairs();
        ConvexPolygons s = sc.shapes();
        return " a=" + pairs.shapeA(p) + " " + Arrays.toString(s.vertices(pairs.shapeA(p))) + " b=" + pairs.shapeB(p) + " "
                + Arrays.toString(s.vertices(pairs.shapeB(p))) + " plain(0)=" + PlainSat.intersects(s, pairs.shapeA(p), pairs.shapeB(p), 0f);
    }
}
