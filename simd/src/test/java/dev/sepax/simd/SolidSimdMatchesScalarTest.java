package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.PairOrder;
import dev.sepax.internal.HullArrays;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;
import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 3D SIMD kernels equal their scalar references bit for bit: {@link VectorHullSat} (verdicts
 * and axis caches) and {@link VectorHullPenetration} (depths, normals, axis codes) on posed
 * random hulls of 4 to 64 points, {@link VectorObbSat} on random boxes,
 * boxes with shared rotations (the guard's case) and touching ones, at several tolerances, over
 * whole batches and word-aligned ranges whose ends are not multiples of the lane count. Also: the
 * facade picks them.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SolidSimdMatchesScalarTest {
    private static final float[] TOLERANCES = {0f, 1e-6f, -1e-6f, 0.05f, -0.05f};

    @Test
    void hullVerdictsAndCachesAreBitIdentical() {
        int[] ks = {4, 8, 16, 32, 64};
        for (int ki = 0; ki < ks.length; ki++) {
            SolidFixtures.Scene sc = SolidFixtures.scene(40 + ki, 96, ks[ki], 7, 4000 + 37 * ki);
            ConvexPolyhedra w = sc.world();
            PairBatch pairs = sc.pairs();
            int n = pairs.size();
            for (float tol : TOLERANCES) {
                OverlapBits scalar = new OverlapBits(n);
                OverlapBits simd = new OverlapBits(n);
                int hs = ScalarHullSat.INSTANCE.test(w, pairs, tol, scalar);
                int hv = VectorHullSat.INSTANCE.test(w, pairs, tol, simd);
                assertEquals(hs, hv);
                assertEquals(-1, scalar.firstDifference(simd, n), "k=" + ks[ki] + ", tol=" + tol);
                int[] cs = new int[n];
                int[] cv = new int[n];
                for (int frame = 0; frame < 2; frame++) {
                    ScalarHullSat.INSTANCE.test(w, pairs, 0, n, tol, scalar, cs);
                    VectorHullSat.INSTANCE.test(w, pairs, 0, n, tol, simd, cv);
                    assertEquals(-1, scalar.firstDifference(simd, n));
                    assertArrayEquals(cs, cv, "axis caches, k=" + ks[ki]);
                }
            }
            for (int p = 0; p < Math.min(n, 300); p++) {
                assertEquals(ScalarHullSat.INSTANCE.intersects(w, pairs.shapeA(p), pairs.shapeB(p), 0f),
                        VectorHullSat.INSTANCE.intersects(w, pairs.shapeA(p), pairs.shapeB(p), 0f));
            }
        }
    }

    /**
     * The lane forms of the edge phase and of the vertex-inside certificate, on every pair, not
     * only on those the face phase and the certificate leave to them (few, since the certificate
     * settles most intersecting pairs): dense and sparse posed scenes, plus hulls against
     * slightly rotated shrunken copies of themselves, whose nearly parallel crossing edges take
     * the full-projection path inside a vector.
     */
    @Test
    void hullEdgePhaseAndCertificateAreBitIdenticalOnEveryPair() {
        int[] ks = {4, 8, 16, 32, 64};
        int separatingEdges = 0;
        int certified = 0;
        int parallelPairs = 0;
        for (int ki = 0; ki < ks.length; ki++) {
            for (double side : new double[] {2.5, 7}) {
                SolidFixtures.Scene sc = SolidFixtures.scene(90 + ki, 64, ks[ki], side, 600);
                HullArrays r = sc.world().arrays();
                PairBatch pairs = sc.pairs();
                for (int p = 0; p < pairs.size(); p++) {
                    int a = pairs.shapeA(p);
                    int b = pairs.shapeB(p);
                    for (float tol : TOLERANCES) {
                        int s = ScalarHullSat.edgeAxes(r, a, b, tol);
                        assertEquals(s, VectorHullSat.edgeAxes(r, a, b, tol), "k=" + ks[ki] + ", pair " + p + ", tol=" + tol);
                        separatingEdges += s != 0 ? 1 : 0;
                        float lim = Math.min(tol, 0f);
                        boolean in = ScalarHullSat.vertexInside(r, a, b, lim);
                        assertEquals(in, VectorHullSat.vertexInside(r, a, b, lim), "certificate, pair " + p);
                        certified += in ? 1 : 0;
                    }
                }
            }
            // A hull against a copy shrunk about its centroid and turned by about 1e-3 rad.
            SplittableRandom rnd = new SplittableRandom(700 + ki);
            ConvexPolyhedra.Builder builder = new ConvexPolyhedra.Builder();
            for (int i = 0; i < 20; i++) {
                float[] c = SolidFixtures.cloud(rnd, ks[ki], 1.0);
                float[] copy = new float[c.length];
                double t = 1e-3 * (i % 5);
                for (int v = 0; v < c.length; v += 3) {
                    double x = c[v] * Math.cos(t) - c[v + 1] * Math.sin(t);
                    double y = c[v] * Math.sin(t) + c[v + 1] * Math.cos(t);
                    copy[v] = (float) (0.9 * x + 0.05 * (i % 3));
                    copy[v + 1] = (float) (0.9 * y);
                    copy[v + 2] = (float) (0.9 * c[v + 2] + 0.2 * (i % 4));
                }
                builder.addHull(c);
                builder.addHull(copy);
            }
            HullArrays r = builder.build().arrays();
            for (int i = 0; i < 40; i += 2) {
                for (float tol : TOLERANCES) {
                    for (int[] ab : new int[][] {{i, i + 1}, {i + 1, i}}) {
                        int s = ScalarHullSat.edgeAxes(r, ab[0], ab[1], tol);
                        assertEquals(s, VectorHullSat.edgeAxes(r, ab[0], ab[1], tol), "copy " + i + ", tol=" + tol);
                        separatingEdges += s != 0 ? 1 : 0;
                        assertEquals(ScalarHullSat.vertexInside(r, ab[0], ab[1], Math.min(tol, 0f)),
                                VectorHullSat.vertexInside(r, ab[0], ab[1], Math.min(tol, 0f)));
                    }
                }
                parallelPairs += countParallelCrossings(r, i, i + 1);
            }
        }
        assertTrue(separatingEdges > 100, "edge-pair axes exercised: " + separatingEdges);
        assertTrue(certified > 100, "certificates exercised: " + certified);
        assertTrue(parallelPairs > 0, "nearly parallel crossing edges exercised: " + parallelPairs);
    }

    /**
     * Knife-edge pairs ({@link SolidFixtures#knifeEdgePairs}), where crossing lanes whose Gauss
     * arcs are too short for the arc axis ({@link ScalarHullSat#shortArcs}) take the scalar edge
     * axis inside a vector, some of them with its full projections (an orientation too close to
     * zero): the edge phase, the batch verdicts and caches, and the penetrations agree bit for
     * bit, from both sides.
     */
    @Test
    void knifeEdgeOrientationFallbackIsBitIdentical() {
        ConvexPolyhedra s = SolidFixtures.knifeEdgePairs(12, 200, 300, 1e-3);
        HullArrays r = s.arrays();
        PairBatch pairs = new PairBatch(s.size(), 400);
        int shortArcs = 0;
        for (int i = 0; i < 400; i += 2) {
            pairs.add(i, i + 1);
            pairs.add(i + 1, i);
            shortArcs += countShortArcCrossings(r, i, i + 1);
            for (float tol : TOLERANCES) {
                assertEquals(ScalarHullSat.edgeAxes(r, i, i + 1, tol), VectorHullSat.edgeAxes(r, i, i + 1, tol), "pair " + i);
                assertEquals(ScalarHullSat.edgeAxes(r, i + 1, i, tol), VectorHullSat.edgeAxes(r, i + 1, i, tol), "pair " + i);
            }
        }
        assertTrue(shortArcs > 1000, "short-arc crossings exercised: " + shortArcs);
        int n = pairs.size();
        for (float tol : TOLERANCES) {
            OverlapBits scalar = new OverlapBits(n);
            OverlapBits simd = new OverlapBits(n);
            int[] cs = new int[n];
            int[] cv = new int[n];
            assertEquals(ScalarHullSat.INSTANCE.test(s, pairs, 0, n, tol, scalar, cs),
                    VectorHullSat.INSTANCE.test(s, pairs, 0, n, tol, simd, cv));
            assertEquals(-1, scalar.firstDifference(simd, n), "tol=" + tol);
            assertArrayEquals(cs, cv, "tol=" + tol);
        }
        HullPenetrations scalar = new HullPenetrations(n);
        HullPenetrations simd = new HullPenetrations(n);
        assertEquals(ScalarHullPenetration.INSTANCE.penetrations(s, pairs, scalar),
                VectorHullPenetration.INSTANCE.penetrations(s, pairs, simd));
        assertHullPenetrationsEqual(scalar, simd, 0, n, "knife edges");
    }

    /** Crossing, not nearly parallel edge pairs of (a, b) whose arcs are too short for the arc axis. */
    private static int countShortArcCrossings(HullArrays r, int a, int b) {
        return countCrossings(r, a, b, true);
    }

    /** Crossing edge pairs of (a, b) closer to parallel than {@link ScalarHullSat#PARALLEL}. */
    private static int countParallelCrossings(HullArrays r, int a, int b) {
        return countCrossings(r, a, b, false);
    }

    /**
     * Edge pairs of (a, b) whose arcs cross on the Gauss map (the kernels' three sign tests):
     * with {@code shortArcs}, those not nearly parallel whose arcs are too short for the arc
     * axis; otherwise those closer to parallel than {@link ScalarHullSat#PARALLEL}.
     */
    private static int countCrossings(HullArrays r, int a, int b, boolean shortArcs) {
        int n = 0;
        for (int sa = r.eStart[a]; sa < r.eStart[a] + r.eCount[a]; sa++) {
            for (int sb = r.eStart[b]; sb < r.eStart[b] + r.eCount[b]; sb++) {
                float cga = r.n0x[sb] * r.gx[sa] + r.n0y[sb] * r.gy[sa] + r.n0z[sb] * r.gz[sa];
                float dga = r.n1x[sb] * r.gx[sa] + r.n1y[sb] * r.gy[sa] + r.n1z[sb] * r.gz[sa];
                float agb = r.n0x[sa] * r.gx[sb] + r.n0y[sa] * r.gy[sb] + r.n0z[sa] * r.gz[sb];
                float bgb = r.n1x[sa] * r.gx[sb] + r.n1y[sa] * r.gy[sb] + r.n1z[sa] * r.gz[sb];
                if (cga * dga < 0 && agb * bgb < 0 && cga * bgb < 0) {
                    float lx = r.gy[sa] * r.gz[sb] - r.gz[sa] * r.gy[sb];
                    float ly = r.gz[sa] * r.gx[sb] - r.gx[sa] * r.gz[sb];
                    float lz = r.gx[sa] * r.gy[sb] - r.gy[sa] * r.gx[sb];
                    float lenSq = lx * lx + ly * ly + lz * lz;
                    float p = ScalarHullSat.PARALLEL;
                    boolean parallel = lenSq < p * p * (r.gg[sa] * r.gg[sb]);
                    if (shortArcs) {
                        n += !parallel && ScalarHullSat.shortArcs(lenSq, r.gg[sa], r.gg[sb]) ? 1 : 0;
                    } else {
                        n += parallel ? 1 : 0;
                    }
                }
            }
        }
        return n;
    }

    @Test
    void obbVerdictsAreBitIdentical() {
        OrientedBoxes boxes = SolidFixtures.boxes(5, 4096, 20);
        PairBatch pairs = SolidFixtures.boxPairs(6, boxes, 50_003);
        int n = pairs.size();
        for (float tol : TOLERANCES) {
            OverlapBits scalar = new OverlapBits(n);
            OverlapBits simd = new OverlapBits(n);
            assertEquals(ScalarObbSat.INSTANCE.test(boxes, pairs, tol, scalar),
                    VectorObbSat.INSTANCE.test(boxes, pairs, tol, simd));
            assertEquals(-1, scalar.firstDifference(simd, n), "tol=" + tol);
            // Ranges ending at odd places: the scalar tail inside a word.
            OverlapBits parts = new OverlapBits(n);
            for (int from = 0; from < n; from += 128) {
                VectorObbSat.INSTANCE.test(boxes, pairs, from, Math.min(n, from + 128 - (from / 128) % 13), tol, parts);
                if (from + 128 - (from / 128) % 13 < Math.min(n, from + 128)) {
                    VectorObbSat.INSTANCE.test(boxes, pairs, from + 64, Math.min(n, from + 128), tol, parts);
                }
            }
            assertEquals(-1, scalar.firstDifference(parts, n), "ranges, tol=" + tol);
        }
    }

    @Test
    void obbRunsOfASharedBoxAreBitIdentical() {
        // Sorted on the first box (as PairOrder and broad phases emit pairs): vectors whose A side
        // holds one or two boxes are broadcast, others transposed; then the same with B shared.
        OrientedBoxes boxes = SolidFixtures.boxes(5, 4096, 20);
        PairBatch byFirst = SolidFixtures.boxPairs(7, boxes, 50_003);
        new PairOrder().sortByFirst(byFirst, null);
        int n = byFirst.size();
        PairBatch bySecond = new PairBatch(boxes.size(), n);
        // Long runs too (one box against 40 partners), not only the short runs of random pairs.
        PairBatch longRuns = new PairBatch(boxes.size(), n);
        SplittableRandom r = new SplittableRandom(8);
        for (int i = 0; i < n; i++) {
            bySecond.add(byFirst.shapeB(i), byFirst.shapeA(i));
            int shared = i / 40;
            int other = (shared * 97 + r.nextInt(1 + 30)) % boxes.size();
            if ((i / 40) % 2 == 0) {
                longRuns.add(shared % boxes.size(), other);
            } else {
                longRuns.add(other, shared % boxes.size());
            }
        }
        for (PairBatch pairs : new PairBatch[] {byFirst, bySecond, longRuns}) {
            for (float tol : TOLERANCES) {
                OverlapBits scalar = new OverlapBits(n);
                OverlapBits simd = new OverlapBits(n);
                assertEquals(ScalarObbSat.INSTANCE.test(boxes, pairs, tol, scalar),
                        VectorObbSat.INSTANCE.test(boxes, pairs, tol, simd));
                assertEquals(-1, scalar.firstDifference(simd, n), "tol=" + tol);
                OverlapBits parts = new OverlapBits(n);
                for (int from = 0; from < n; from += 64) {
                    // Ranges ending inside a vector: its tail runs the scalar kernel.
                    int to = Math.min(n, from + 64 - (from / 64) % 17);
                    int hits = VectorObbSat.INSTANCE.test(boxes, pairs, from, to, tol, parts);
                    assertEquals(scalar.count(to) - scalar.count(from), hits, "from=" + from + ", to=" + to);
                    if (to < Math.min(n, from + 64)) {
                        VectorObbSat.INSTANCE.test(boxes, pairs, from, Math.min(n, from + 64), tol, parts);
                    }
                }
                assertEquals(-1, scalar.firstDifference(parts, n), "ranges, tol=" + tol);
            }
        }
    }

    @Test
    void obbEdgeContactsAreBitIdentical() {
        // Most pairs reach the queued cross axes; ranges of every length exercise the queue's
        // flushes at word ends and its scalar remainder.
        OrientedBoxes boxes = SolidFixtures.edgeContactBoxes(8, 6000);
        PairBatch pairs = new PairBatch(boxes.size(), boxes.size());
        for (int i = 0; i < boxes.size(); i += 2) {
            pairs.add(i, i + 1);
            pairs.add(i + 1, i);
        }
        int n = pairs.size();
        for (float tol : TOLERANCES) {
            OverlapBits scalar = new OverlapBits(n);
            OverlapBits simd = new OverlapBits(n);
            assertEquals(ScalarObbSat.INSTANCE.test(boxes, pairs, tol, scalar),
                    VectorObbSat.INSTANCE.test(boxes, pairs, tol, simd));
            assertEquals(-1, scalar.firstDifference(simd, n), "tol=" + tol);
            OverlapBits parts = new OverlapBits(n);
            int from = 0;
            for (int len = 1; from < n; len += 37) {
                int to = Math.min(n, from + len);
                int hits = VectorObbSat.INSTANCE.test(boxes, pairs, from, to, tol, parts);
                assertEquals(scalar.count(to) - scalar.count(from), hits, "from=" + from + ", to=" + to);
                from = (to + 63) & -64;
                if (from > to) {
                    VectorObbSat.INSTANCE.test(boxes, pairs, to & -64, Math.min(n, from), tol, parts);
                }
            }
            assertEquals(-1, scalar.firstDifference(parts, n), "ranges, tol=" + tol);
        }
    }

    @Test
    void obbWithSharedAndTouchingRotationsIsBitIdentical() {
        SplittableRandom r = new SplittableRandom(9);
        int n = 3000;
        OrientedBoxes boxes = new OrientedBoxes(n);
        PairBatch pairs = new PairBatch(n, n);
        for (int i = 0; i < n; i += 2) {
            float[] q = SolidFixtures.quaternion(r);
            float h = (float) r.nextDouble(0.1, 10);
            boxes.setRotated(i, 0, 0, 0, q[0], q[1], q[2], q[3], h, h * 2, h / 2);
            float off = 2 * h * (float) r.nextDouble(0.98, 1.02);
            boxes.setRotated(i + 1, off * boxes.get(i, 3), off * boxes.get(i, 4), off * boxes.get(i, 5),
                    q[0], q[1], q[2], q[3], h, h, h);
            pairs.add(i, i + 1);
            pairs.add(i + 1, i);
        }
        for (float tol : TOLERANCES) {
            OverlapBits scalar = new OverlapBits(pairs.size());
            OverlapBits simd = new OverlapBits(pairs.size());
            ScalarObbSat.INSTANCE.test(boxes, pairs, tol, scalar);
            VectorObbSat.INSTANCE.test(boxes, pairs, tol, simd);
            assertEquals(-1, scalar.firstDifference(simd, pairs.size()));
        }
    }

    @Test
    void theFacadeChoosesTheSimdKernels() {
        assertEquals("simd-hull", Sepax.hullOverlap().name());
        assertEquals("simd-obb", Sepax.boxOverlap().name());
        assertEquals("simd-hull-mtv", Sepax.hullPenetration().name());
    }

    @Test
    void hullPenetrationsAreBitIdentical() {
        int[] ks = {4, 8, 16, 32, 64};
        for (int ki = 0; ki < ks.length; ki++) {
            // Dense and sparse scenes: mostly intersecting, mostly apart.
            for (double side : new double[] {2.5, 7}) {
                SolidFixtures.Scene sc = SolidFixtures.scene(70 + ki, 96, ks[ki], side, 3000 + 41 * ki);
                ConvexPolyhedra w = sc.world();
                PairBatch pairs = sc.pairs();
                int n = pairs.size();
                HullPenetrations scalar = new HullPenetrations(n);
                HullPenetrations simd = new HullPenetrations(n);
                assertEquals(ScalarHullPenetration.INSTANCE.penetrations(w, pairs, scalar),
                        VectorHullPenetration.INSTANCE.penetrations(w, pairs, simd));
                assertHullPenetrationsEqual(scalar, simd, 0, n, "k=" + ks[ki] + ", side=" + side);
                // Ranges with ragged ends, and single pairs, from both sides.
                HullPenetrations part = new HullPenetrations(n);
                VectorHullPenetration.INSTANCE.penetrations(w, pairs, 3, n - 5, part);
                assertHullPenetrationsEqual(scalar, part, 3, n - 5, "range");
                HullPenetrations one = new HullPenetrations(2);
                for (int p = 0; p < Math.min(n, 300); p++) {
                    int a = pairs.shapeA(p);
                    int b = pairs.shapeB(p);
                    ScalarHullPenetration.INSTANCE.penetration(w, b, a, one, 0);
                    VectorHullPenetration.INSTANCE.penetration(w, b, a, one, 1);
                    assertEquals(Float.floatToRawIntBits(one.depth(0)), Float.floatToRawIntBits(one.depth(1)));
                    assertEquals(one.axis(0), one.axis(1));
                    assertEquals(Float.floatToRawIntBits(one.normalX(0)), Float.floatToRawIntBits(one.normalX(1)));
                    assertEquals(Float.floatToRawIntBits(one.normalY(0)), Float.floatToRawIntBits(one.normalY(1)));
                    assertEquals(Float.floatToRawIntBits(one.normalZ(0)), Float.floatToRawIntBits(one.normalZ(1)));
                }
            }
        }
    }

    private static void assertHullPenetrationsEqual(HullPenetrations s, HullPenetrations v, int from, int to, String what) {
        for (int p = from; p < to; p++) {
            assertEquals(Float.floatToRawIntBits(s.depth(p)), Float.floatToRawIntBits(v.depth(p)), what + ", depth " + p);
            assertEquals(s.axis(p), v.axis(p), what + ", axis " + p);
            assertEquals(Float.floatToRawIntBits(s.normalX(p)), Float.floatToRawIntBits(v.normalX(p)), what + ", nx " + p);
            assertEquals(Float.floatToRawIntBits(s.normalY(p)), Float.floatToRawIntBits(v.normalY(p)), what + ", ny " + p);
            assertEquals(Float.floatToRawIntBits(s.normalZ(p)), Float.floatToRawIntBits(v.normalZ(p)), what + ", nz " + p);
        }
    }
}
