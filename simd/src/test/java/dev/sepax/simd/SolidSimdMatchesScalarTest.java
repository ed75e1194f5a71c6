package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
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
