package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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

    /**
     * A world store keeps its local shapes' edge lengths, which rounding the world vertices can
     * change far beyond a rounding (unit squares posed near 9e6, ulp 1, become diamonds of side
     * sqrt 2): at a nonzero tolerance the verdicts still match the oracle on the world floats.
     */
    @Test
    void worldStoresWithRoundedEdgeLengthsMatchTheOracleAtNonZeroTolerances() {
        SplittableRandom rnd = new SplittableRandom(0x5D1AL);
        int n = 2_000;
        float[] square = {-0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f};
        float[][] shapes = new float[2 * n][];
        java.util.Arrays.fill(shapes, square);
        ConvexPolygons local = ConvexPolygons.of(shapes);
        ConvexPolygons world = local.newWorldStore();
        dev.sepax.shape.Poses poses = new dev.sepax.shape.Poses(2 * n);
        int[] as = new int[n];
        int[] bs = new int[n];
        float t = 300f;
        for (int i = 0; i < n; i++) {
            double angle = rnd.nextDouble(2 * Math.PI);
            float at = (float) Math.pow(10, rnd.nextDouble(4, 7));
            double dist = t + Math.sqrt(0.5) + rnd.nextDouble(-0.2, 0.2) * t;
            double dir = angle + Math.PI / 4 + rnd.nextInt(4) * Math.PI / 2;
            poses.set(2 * i, at, at, angle);
            poses.set(2 * i + 1, (float) (at + dist * Math.cos(dir)), (float) (at + dist * Math.sin(dir)), angle + Math.PI);
            as[i] = 2 * i;
            bs[i] = 2 * i + 1;
        }
        poses.transform(local, world);
        PairBatch pairs = PairBatch.of(as, bs, world);
        OverlapBits v = new OverlapBits(n);
        SIMD.test(world, pairs, 0, n, t, v, null);
        int hits = 0;
        for (int p = 0; p < n; p++) {
            boolean oracle = RationalSat.intersects(world, as[p], bs[p], t);
            hits += oracle ? 1 : 0;
            assertEquals(oracle, v.get(p), "pair " + p);
        }
        assertTrue(hits > n / 10 && hits < n - n / 10, "hits=" + hits);
    }

    /**
     * The cache is the caller's and may hold any int: the extreme hints, read for separated
     * pairs past the AABB (an edge-separated pair behind overlapping boxes), change no verdict.
     */
    @Test
    void extremeAxisHintsChangeNoVerdict() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 2, 0, 0, 2}, new float[] {1.5f, 1.5f, 3, 1.5f, 1.5f, 3});
        PairBatch pairs = PairBatch.of(new int[] {0, 1}, new int[] {1, 0}, s);
        for (int hint : new int[] {Integer.MIN_VALUE, -4, Integer.MAX_VALUE}) {
            int[] cache = {hint, hint};
            OverlapBits out = new OverlapBits(2);
            assertEquals(0, SIMD.test(s, pairs, 0, 2, 0f, out, cache), "hint=" + hint);
            assertTrue(cache[0] != 0 && cache[1] != 0, "hint=" + hint + ": no axis recorded");
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

    /**
     * Touching and nearly touching pairs in every capacity class, since the kernel has a path per
     * class (4 x 4 quads, one 256-bit vector, one wide vector, two wide vectors, chunks) and
     * each decides its band edges itself: a regular k-gon and its point reflection through one of
     * its vertices (a shared vertex) or through the midpoint of one of its edges (a shared edge,
     * up to the rounding of the midpoint), then moved by -2..2 ulps of the largest coordinate, at
     * three scales, at the origin and 1000 radii away. Every pair lies within the float band.
     */
    @Test
    void touchingPairsInEveryCapacityClassGiveTheOracleBits() {
        int[] ks = {3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65};
        float[] radii = {1e-3f, 1f, 1e4f};
        SplittableRandom rnd = new SplittableRandom(0x70C4L);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        List<int[]> list = new ArrayList<>();
        int shapes = 0;
        for (int k : ks) {
            for (float r : radii) {
                for (int far = 0; far < 2; far++) {
                    double cx = far * 1000.0 * r;
                    double cy = far * -700.0 * r;
                    double turn = rnd.nextDouble(2 * Math.PI);
                    float[] a = new float[2 * k];
                    for (int i = 0; i < k; i++) {
                        a[2 * i] = (float) (cx + r * Math.cos(turn + 2 * Math.PI * i / k));
                        a[2 * i + 1] = (float) (cy + r * Math.sin(turn + 2 * Math.PI * i / k));
                    }
                    builder.add(a);
                    int ia = shapes++;
                    float ulp = Math.ulp((float) (Math.max(Math.abs(cx), Math.abs(cy)) + r));
                    for (int edge = 0; edge < 2; edge++) {
                        int i = rnd.nextInt(k);
                        int i1 = (i + 1) % k;
                        // Centre of the point reflection, doubled: a vertex, or an edge's midpoint.
                        float sx = edge == 0 ? 2 * a[2 * i] : a[2 * i] + a[2 * i1];
                        float sy = edge == 0 ? 2 * a[2 * i + 1] : a[2 * i + 1] + a[2 * i1 + 1];
                        for (int d = -2; d <= 2; d++) {
                            float[] b = new float[2 * k];
                            for (int j = 0; j < k; j++) {
                                b[2 * j] = sx - a[2 * j] + d * ulp;
                                b[2 * j + 1] = sy - a[2 * j + 1];
                            }
                            builder.add(b);
                            int ib = shapes++;
                            list.add(new int[] {ia, ib});
                            list.add(new int[] {ib, ia});
                        }
                    }
                }
            }
        }
        ConvexPolygons store = builder.build();
        int n = list.size();
        int[] pa = new int[n];
        int[] pb = new int[n];
        for (int p = 0; p < n; p++) {
            pa[p] = list.get(p)[0];
            pb[p] = list.get(p)[1];
        }
        PairBatch pairs = PairBatch.of(pa, pb, store);
        int touching = 0;
        for (float t : new float[] {0f, 1e-6f, -1e-6f}) {
            same(store, pairs, t, null);
            OverlapBits v = new OverlapBits(n);
            SIMD.test(store, pairs, t, v);
            boolean[] oracle = new boolean[n];
            IntStream.range(0, n).parallel().forEach(p -> oracle[p] = RationalSat.intersects(store, pa[p], pb[p], t));
            for (int p = 0; p < n; p++) {
                assertEquals(oracle[p], v.get(p), "t=" + t + " pair=" + p + " a=" + java.util.Arrays.toString(store.vertices(pa[p]))
                        + " b=" + java.util.Arrays.toString(store.vertices(pb[p])));
                touching += t == 0 && oracle[p] ? 1 : 0;
            }
        }
        // Both verdicts occur: the shifts move some pairs apart and some into overlap.
        assertTrue(touching > n / 4 && touching < n, "intersecting at t=0: " + touching + " of " + n);
    }

    @Test
    void theFacadeSelectsTheSimdExactKernel() {
        // Every execution that runs this class puts the vector module in the boot layer (the
        // surefire argLine's --add-modules; the run without it runs only the fallback tag), so
        // the facade must choose SIMD. The automatic facade's switch answers the name of the
        // kernel it settles on; FacadeServesSimdTest checks the kernel it serves.
        assertTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "run without the vector module");
        assertNull(Sepax.simdUnavailableReason());
        assertEquals("simd-exact", Sepax.overlap(Precision.EXACT).name());
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
