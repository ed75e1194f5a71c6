package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.FindFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The merge class in the SIMD kernels: the ranges in lanes across the normals of one pair give
 * the scalar kernel's bits (stores of merge-class sizes from W64 to W256 and shapes of more than
 * 16 groups, mixes with the small class, regular polygons whose projections tie, near-touching
 * pairs with exactly antiparallel edges, the one-pair method), also when the scratch pool is
 * empty, and the output arrays are never scratch: two threads writing the same range of one
 * buffer at once leave exactly the scalar results.
 */
@Timeout(300)
class MergeRangesSimdTest {
    private static final int L = VectorSupport.F.length();

    /** A store of {@code n} shapes with kMin..kMax vertices and about 6 nearby pairs per shape. */
    static Object[] scene(long seed, int n, int kMin, int kMax) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        double side = Math.sqrt(n) * 1.6;
        for (int s = 0; s < n; s++) {
            b.add(FindFixtures.convex(rnd, kMin + rnd.nextInt(kMax - kMin + 1), rnd.nextDouble(side),
                    rnd.nextDouble(side), rnd.nextDouble(0.5, 1.5)));
        }
        ConvexPolygons shapes = b.build();
        PairBatch pairs = FindFixtures.nearbyPairs(shapes, 0.3f);
        Velocities v = new Velocities(n);
        for (int s = 0; s < n; s++) {
            v.set(s, (float) rnd.nextDouble(-3, 3), rnd.nextInt(5) == 0 ? 0f : (float) rnd.nextDouble(-3, 3));
        }
        return new Object[] {shapes, pairs, v};
    }

    static void assertSameMtv(Penetrations expected, Penetrations actual, int n, String where) {
        for (int i = 0; i < n; i++) {
            int p = i;
            assertEquals(Float.floatToRawIntBits(expected.depth(i)), Float.floatToRawIntBits(actual.depth(i)),
                    () -> where + " pair=" + p + ": depth " + expected.depth(p) + " vs " + actual.depth(p));
            assertEquals(expected.axis(i), actual.axis(i), () -> where + " pair=" + p + ": axis");
            assertEquals(Float.floatToRawIntBits(expected.normalX(i)), Float.floatToRawIntBits(actual.normalX(i)),
                    () -> where + " pair=" + p + ": normalX");
            assertEquals(Float.floatToRawIntBits(expected.normalY(i)), Float.floatToRawIntBits(actual.normalY(i)),
                    () -> where + " pair=" + p + ": normalY");
        }
    }

    @Test
    void mergeClassStoresGiveTheScalarBits() {
        // 33..80 vertices (every pair in the merge class); the standard sizes W64, W128, W256;
        // 17..600 (shapes of more than 16 groups, so more than one vector of group starts, and
        // shapes of one group against large ones); 3..40 mixes the classes.
        int[][] ranges = {{33, 40}, {33, 80}, {60, 70}, {64, 64}, {128, 128}, {256, 256}, {200, 300}, {17, 600},
            {3, 40}};
        for (int r = 0; r < ranges.length; r++) {
            Object[] sc = scene(1000 + r, ranges[r][1] >= 200 ? 150 : 900, ranges[r][0], ranges[r][1]);
            ConvexPolygons s = (ConvexPolygons) sc[0];
            PairBatch pairs = (PairBatch) sc[1];
            assertTrue(pairs.size() > 8 * L, "pairs " + pairs.size());
            Penetrations scalar = new Penetrations(pairs.size());
            Penetrations simd = new Penetrations(pairs.size());
            assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, scalar),
                    VectorPenetration.INSTANCE.penetrations(s, pairs, simd));
            assertSameMtv(scalar, simd, pairs.size(), "range " + r);
            // The one-pair method.
            Penetrations one = new Penetrations(1);
            for (int i = 0; i < pairs.size(); i += 7) {
                VectorPenetration.INSTANCE.penetration(s, pairs.shapeA(i), pairs.shapeB(i), one, 0);
                int at = i;
                assertEquals(Float.floatToRawIntBits(scalar.depth(i)), Float.floatToRawIntBits(one.depth(0)),
                        () -> "pair " + at + " one pair");
                assertEquals(scalar.axis(i), one.axis(0));
            }
            // Ranges that start inside a group.
            Penetrations part = new Penetrations(pairs.size());
            VectorPenetration.INSTANCE.penetrations(s, pairs, 3, pairs.size() - 5, part);
            for (int i = 3; i < pairs.size() - 5; i++) {
                assertEquals(Float.floatToRawIntBits(scalar.depth(i)), Float.floatToRawIntBits(part.depth(i)));
            }
            SweepResults ss = new SweepResults(pairs.size());
            SweepResults vs = new SweepResults(pairs.size());
            Velocities v = (Velocities) sc[2];
            assertEquals(ScalarSweep.INSTANCE.sweep(s, v, pairs, 1f, ss), VectorSweep.INSTANCE.sweep(s, v, pairs, 1f, vs));
            SweepSimdMatchesScalarTest.assertSame(ss, vs, pairs.size(), "sweep range " + r);
        }
    }

    @Test
    void nearTouchingPairsWithTiesGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(77);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        int n = 64 * L;
        for (int c = 0; c < n / 2; c++) {
            ConvexPolygons pair = FindFixtures.nearTouching(rnd, c % 2 == 0);
            b.add(pair.vertices(0));
            b.add(pair.vertices(1));
        }
        ConvexPolygons s = b.build();
        int[] as = new int[n];
        int[] bs = new int[n];
        for (int c = 0; c < n / 2; c++) {
            as[2 * c] = 2 * c;
            bs[2 * c] = 2 * c + 1;
            as[2 * c + 1] = 2 * c + 1; // and swapped
            bs[2 * c + 1] = 2 * c;
        }
        PairBatch pairs = PairBatch.of(as, bs, s);
        Penetrations scalar = new Penetrations(n);
        Penetrations simd = new Penetrations(n);
        ScalarPenetration.INSTANCE.penetrations(s, pairs, scalar);
        VectorPenetration.INSTANCE.penetrations(s, pairs, simd);
        assertSameMtv(scalar, simd, n, "near touching");
    }

    /**
     * Centrally symmetric lattice polygons (40 to 80 vertices, so the merge class) against
     * translated copies of themselves: every edge of one shape is exactly parallel to an edge of
     * the other, and the edge separations tie exactly across chunks (A's edge against B's, and
     * edges on opposite sides of one shape). The SIMD kernel runs the chunk of the largest bound
     * first and skips chunks that cannot win; ties must still go to the first axis, as in the
     * scalar kernel. The test checks that such cross-chunk ties at the maximum do occur.
     */
    @Test
    void latticeCopiesWithTiesAcrossChunksGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(2024);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        int n = 0;
        List<int[]> pairList = new ArrayList<>();
        for (int shape = 0; shape < 40; shape++) {
            float[] xy = latticeSymmetric(rnd, 20 + rnd.nextInt(21));
            b.add(xy);
            int a = n++;
            for (int copy = 0; copy < 6; copy++) {
                float[] moved = xy.clone();
                int tx = rnd.nextInt(-60, 61);
                int ty = rnd.nextInt(-60, 61);
                for (int i = 0; i < moved.length; i += 2) {
                    moved[i] += tx;
                    moved[i + 1] += ty;
                }
                b.add(moved);
                pairList.add(new int[] {a, n});
                pairList.add(new int[] {n, a});
                n++;
            }
        }
        ConvexPolygons s = b.build();
        int[] as = new int[pairList.size()];
        int[] bs = new int[pairList.size()];
        for (int i = 0; i < as.length; i++) {
            as[i] = pairList.get(i)[0];
            bs[i] = pairList.get(i)[1];
        }
        PairBatch pairs = PairBatch.of(as, bs, s);
        Penetrations scalar = new Penetrations(as.length);
        Penetrations simd = new Penetrations(as.length);
        assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, scalar),
                VectorPenetration.INSTANCE.penetrations(s, pairs, simd));
        assertSameMtv(scalar, simd, as.length, "lattice copies");
        int tied = 0;
        for (int i = 0; i < as.length; i++) {
            tied += tiesAcrossChunks(s, as[i], bs[i]) ? 1 : 0;
        }
        assertTrue(tied >= 20, "pairs whose maximum ties across chunks: " + tied);
    }

    /**
     * A convex polygon of {@code 2 h} vertices whose edges are distinct primitive lattice
     * directions, sorted by angle, then the same edges negated: centrally symmetric, integer
     * vertices.
     */
    private static float[] latticeSymmetric(SplittableRandom rnd, int h) {
        List<int[]> dirs = new ArrayList<>();
        for (int dx = -7; dx <= 7; dx++) {
            for (int dy = 0; dy <= 7; dy++) {
                if ((dy > 0 || dx > 0) && gcd(Math.abs(dx), dy) == 1) {
                    dirs.add(new int[] {dx, dy});
                }
            }
        }
        dirs.sort((p, q) -> Double.compare(Math.atan2(p[1], p[0]), Math.atan2(q[1], q[0])));
        boolean[] take = new boolean[dirs.size()];
        int taken = 0;
        while (taken < h) {
            int i = rnd.nextInt(dirs.size());
            if (!take[i]) {
                take[i] = true;
                taken++;
            }
        }
        float[] xy = new float[4 * h];
        int x = 0;
        int y = 0;
        int v = 0;
        for (int sign = 1; sign >= -1; sign -= 2) {
            for (int i = 0; i < dirs.size(); i++) {
                if (take[i]) {
                    xy[2 * v] = x;
                    xy[2 * v + 1] = y;
                    v++;
                    x += sign * dirs.get(i)[0];
                    y += sign * dirs.get(i)[1];
                }
            }
        }
        return xy;
    }

    private static int gcd(int p, int q) {
        return q == 0 ? p : gcd(q, p % q);
    }

    /**
     * Whether the largest edge separation of pair (a, b) (the support form over all vertices,
     * A's edges then B's) is held by edges in two different chunks of
     * {@link ScalarPenetration#MERGE_GROUP} edges.
     */
    private static boolean tiesAcrossChunks(ConvexPolygons s, int a, int b) {
        float best = Float.NEGATIVE_INFINITY;
        int firstChunk = -1;
        boolean tie = false;
        for (int side = 0; side < 2; side++) {
            int ref = side == 0 ? a : b;
            int other = side == 0 ? b : a;
            int or = s.arrays().start[ref];
            int oo = s.arrays().start[other];
            for (int i = 0; i < s.arrays().count[ref]; i++) {
                float nx = s.arrays().nx[or + i];
                float ny = s.arrays().ny[or + i];
                float min = Float.POSITIVE_INFINITY;
                for (int j = 0; j < s.arrays().count[other]; j++) {
                    min = Math.min(min, Math.fma(nx, s.arrays().x[oo + j], ny * s.arrays().y[oo + j]));
                }
                float sep = min - Math.fma(nx, s.arrays().x[or + i], ny * s.arrays().y[or + i]) + 0f;
                int chunk = side * 1000 + i / ScalarPenetration.MERGE_GROUP;
                if (sep > best) {
                    best = sep;
                    firstChunk = chunk;
                    tie = false;
                } else if (sep == best && chunk != firstChunk) {
                    tie = true;
                }
            }
        }
        return tie;
    }

    /**
     * Regular polygons in one orientation: edges of the two shapes exactly parallel or nearly
     * so, so that projections tie and a group start's support index is decided by the first-index
     * rule (and a range may turn backwards and wrap round).
     */
    @Test
    void regularPolygonsWithTiedProjectionsGiveTheScalarBits() {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        int[] sizes = {4, 8, 33, 64, 64, 96, 128, 256};
        int n = 0;
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 24; col++) {
                int k = sizes[(row * 5 + col) % sizes.length];
                float[] xy = new float[2 * k];
                for (int i = 0; i < k; i++) {
                    double t = 2 * Math.PI * i / k;
                    xy[2 * i] = (float) (col * 1.7 + Math.cos(t));
                    xy[2 * i + 1] = (float) (row * 1.7 + Math.sin(t));
                }
                b.add(xy);
                n++;
            }
        }
        ConvexPolygons s = b.build();
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.5f);
        assertTrue(pairs.size() > 4 * L, "pairs " + pairs.size());
        Penetrations scalar = new Penetrations(pairs.size());
        Penetrations simd = new Penetrations(pairs.size());
        assertEquals(ScalarPenetration.INSTANCE.penetrations(s, pairs, scalar),
                VectorPenetration.INSTANCE.penetrations(s, pairs, simd));
        assertSameMtv(scalar, simd, pairs.size(), "regular");
        Velocities v = new Velocities(n);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < n; i++) {
            v.set(i, rnd.nextInt(3) - 1, rnd.nextInt(3) - 1);
        }
        SweepResults ss = new SweepResults(pairs.size());
        SweepResults vs = new SweepResults(pairs.size());
        assertEquals(ScalarSweep.INSTANCE.sweep(s, v, pairs, 1f, ss), VectorSweep.INSTANCE.sweep(s, v, pairs, 1f, vs));
        SweepSimdMatchesScalarTest.assertSame(ss, vs, pairs.size(), "regular sweep");
    }

    @Test
    void anEmptyScratchPoolGivesTheSameBits() {
        Object[] sc = scene(5, 600, 3, 80);
        ConvexPolygons s = (ConvexPolygons) sc[0];
        PairBatch pairs = (PairBatch) sc[1];
        Velocities v = (Velocities) sc[2];
        Penetrations expected = new Penetrations(pairs.size());
        ScalarPenetration.INSTANCE.penetrations(s, pairs, expected);
        SweepResults expectedSweep = new SweepResults(pairs.size());
        ScalarSweep.INSTANCE.sweep(s, v, pairs, 1f, expectedSweep);
        List<KernelScratch> taken = new ArrayList<>();
        try {
            for (KernelScratch k = KernelScratch.take(); k != null; k = KernelScratch.take()) {
                taken.add(k);
            }
            assertNull(KernelScratch.take());
            Penetrations simd = new Penetrations(pairs.size());
            VectorPenetration.INSTANCE.penetrations(s, pairs, simd);
            assertSameMtv(expected, simd, pairs.size(), "no scratch");
            SweepResults sweep = new SweepResults(pairs.size());
            VectorSweep.INSTANCE.sweep(s, v, pairs, 1f, sweep);
            SweepSimdMatchesScalarTest.assertSame(expectedSweep, sweep, pairs.size(), "no scratch");
        } finally {
            taken.forEach(KernelScratch::give);
        }
    }

    /**
     * Two threads compute the same range into one shared buffer at the same time, round after
     * round, and every round's buffer is compared with the scalar results. Each kernel writes
     * only final values, so whichever write lands last, every entry is the scalar result; a
     * kernel that parked intermediate values in the output (and read them back) would let one
     * thread finish from the other's entries. Shapes of 3..8 vertices: the capacity-4/8 mixes
     * take the per-pair paths, where such parking would sit.
     */
    @Test
    void twoThreadsWritingTheSameRangeLeaveTheScalarResults() throws Exception {
        Object[] sc = scene(9, 700, 3, 8);
        ConvexPolygons s = (ConvexPolygons) sc[0];
        PairBatch pairs = (PairBatch) sc[1];
        Velocities v = (Velocities) sc[2];
        int n = pairs.size();
        Penetrations expected = new Penetrations(n);
        ScalarPenetration.INSTANCE.penetrations(s, pairs, expected);
        SweepResults expectedSweep = new SweepResults(n);
        ScalarSweep.INSTANCE.sweep(s, v, pairs, 1f, expectedSweep);
        Penetrations shared = new Penetrations(n);
        SweepResults sharedSweep = new SweepResults(n);
        int rounds = 200;
        CyclicBarrier start = new CyclicBarrier(2);
        CyclicBarrier done = new CyclicBarrier(2);
        Throwable[] failure = new Throwable[2];
        int[] badRounds = new int[1];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        start.await(30, TimeUnit.SECONDS);
                        VectorPenetration.INSTANCE.penetrations(s, pairs, shared);
                        VectorSweep.INSTANCE.sweep(s, v, pairs, 1f, sharedSweep);
                        done.await(30, TimeUnit.SECONDS);
                        // Thread 0 checks while thread 1 waits at the next start.
                        if (id == 0 && !same(expected, shared, expectedSweep, sharedSweep, n)) {
                            badRounds[0]++;
                        }
                    }
                } catch (Throwable e) {
                    // The other thread then times out at its next barrier (or breaks it) and stops too.
                    failure[id] = e;
                    start.reset();
                    done.reset();
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertNull(failure[0], () -> "thread 0: " + failure[0]);
        assertNull(failure[1], () -> "thread 1: " + failure[1]);
        assertEquals(0, badRounds[0], "rounds whose shared buffer differed from the scalar results");
        assertSameMtv(expected, shared, n, "shared buffer");
        SweepSimdMatchesScalarTest.assertSame(expectedSweep, sharedSweep, n, "shared buffer");
    }

    private static boolean same(Penetrations e, Penetrations a, SweepResults es, SweepResults as, int n) {
        for (int i = 0; i < n; i++) {
            if (Float.floatToRawIntBits(e.depth(i)) != Float.floatToRawIntBits(a.depth(i)) || e.axis(i) != a.axis(i)
                    || Float.floatToRawIntBits(e.normalX(i)) != Float.floatToRawIntBits(a.normalX(i))
                    || Float.floatToRawIntBits(es.tFirst(i)) != Float.floatToRawIntBits(as.tFirst(i))
                    || Float.floatToRawIntBits(es.tLast(i)) != Float.floatToRawIntBits(as.tLast(i))
                    || Float.floatToRawIntBits(es.normalX(i)) != Float.floatToRawIntBits(as.normalX(i))
                    || es.hit(i) != as.hit(i)) {
                return false;
            }
        }
        return true;
    }
}
