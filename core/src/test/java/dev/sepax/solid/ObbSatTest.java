package dev.sepax.solid;

import dev.sepax.testing.SolidFixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 15-axis OBB kernel: against a double-precision oracle (corners projected on all 15
 * axes), on random pairs and on edge-on-edge near contacts (where the cross axes decide),
 * against the hull kernel on the same boxes built as hulls, the parallel-edge guard on
 * boxes with identical and nearly identical rotations, touching faces, and input validation.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ObbSatTest {
    @Test
    void agreesWithTheDoubleOracleOutsideTheBand() {
        OrientedBoxes boxes = SolidFixtures.boxes(1, 2048, 12);
        PairBatch pairs = SolidFixtures.boxPairs(2, boxes, 20000);
        int checked = 0;
        int hits = 0;
        for (float tol : new float[] {0f, 0.1f, -0.1f}) {
            OverlapBits out = new OverlapBits(pairs.size());
            int n = ScalarObbSat.INSTANCE.test(boxes, pairs, tol, out);
            assertEquals(out.count(pairs.size()), n);
            for (int p = 0; p < pairs.size(); p++) {
                int a = pairs.shapeA(p);
                int b = pairs.shapeB(p);
                double gap = SolidFixtures.boxGap(boxes, a, b);
                if (Math.abs(gap - tol) <= SolidFixtures.boxBand(boxes, a, b)) {
                    continue;
                }
                checked++;
                hits += gap <= tol ? 1 : 0;
                if (out.get(p) != (gap <= tol)) {
                    fail("tol=" + tol + ", pair=" + p + ": gap=" + gap + ", kernel=" + out.get(p));
                }
            }
        }
        assertTrue(checked > 50000, "checked " + checked);
        assertTrue(hits > checked / 5 && hits < checked * 4 / 5, hits + " of " + checked);
    }

    @Test
    void edgeContactsAgreeWithTheDoubleOracleOutsideTheBand() {
        // Pairs the face axes and the common-point certificate leave open: the cross axes decide.
        OrientedBoxes boxes = SolidFixtures.edgeContactBoxes(7, 20000);
        PairBatch pairs = new PairBatch(boxes.size(), boxes.size());
        for (int i = 0; i < boxes.size(); i += 2) {
            pairs.add(i, i + 1);
            pairs.add(i + 1, i);
        }
        for (float tol : new float[] {0f, 0.01f, -0.01f}) {
            OverlapBits out = new OverlapBits(pairs.size());
            ScalarObbSat.INSTANCE.test(boxes, pairs, tol, out);
            int checked = 0;
            int hits = 0;
            int crossOnly = 0;
            for (int p = 0; p < pairs.size(); p++) {
                int a = pairs.shapeA(p);
                int b = pairs.shapeB(p);
                double gap = SolidFixtures.boxGap(boxes, a, b);
                double band = SolidFixtures.boxBand(boxes, a, b);
                if (Math.abs(gap - tol) <= band) {
                    continue;
                }
                checked++;
                hits += gap <= tol ? 1 : 0;
                crossOnly += gap > tol && SolidFixtures.boxFaceGap(boxes, a, b) < tol - band ? 1 : 0;
                if (out.get(p) != (gap <= tol)) {
                    fail("tol=" + tol + ", pair=" + p + ": gap=" + gap + ", kernel=" + out.get(p));
                }
            }
            assertTrue(checked > 15000, "checked " + checked);
            assertTrue(hits > checked / 10 && hits < checked * 9 / 10, "tol=" + tol + ": " + hits + " of " + checked);
            assertTrue(crossOnly > checked / 40, "tol=" + tol + ": separated by a cross axis only: " + crossOnly + " of " + checked);
        }
    }

    @Test
    void agreesWithTheHullKernelOnTheSameBoxes() {
        OrientedBoxes boxes = SolidFixtures.boxes(3, 256, 6);
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        for (int i = 0; i < boxes.size(); i++) {
            double[] c = SolidFixtures.corners(boxes, i);
            float[] f = new float[24];
            for (int k = 0; k < 24; k++) {
                f[k] = (float) c[k];
            }
            b.addHull(f);
        }
        ConvexPolyhedra hulls = b.build();
        PairBatch pairs = SolidFixtures.boxPairs(4, boxes, 5000);
        OverlapBits obb = new OverlapBits(pairs.size());
        OverlapBits hull = new OverlapBits(pairs.size());
        ScalarObbSat.INSTANCE.test(boxes, pairs, 0f, obb);
        ScalarHullSat.INSTANCE.test(hulls, pairs, 0f, hull);
        int compared = 0;
        for (int p = 0; p < pairs.size(); p++) {
            int i = pairs.shapeA(p);
            int j = pairs.shapeB(p);
            double gap = SolidFixtures.boxGap(boxes, i, j);
            if (Math.abs(gap) > SolidFixtures.boxBand(boxes, i, j) + SolidFixtures.hullBand(hulls, i, j)) {
                compared++;
                assertEquals(obb.get(p), hull.get(p), "pair " + p + " gap " + gap);
            }
        }
        assertTrue(compared > 4000, "compared " + compared);
    }

    @Test
    void boxesWithTheSameRotationAreDecidedByTheirFaceAxes() {
        // Identical rotations make A_i x B_i (nearly) zero: without the guard, rounding noise on
        // those axes could call overlapping boxes separated.
        SplittableRandom r = new SplittableRandom(11);
        OrientedBoxes boxes = new OrientedBoxes(2);
        for (int t = 0; t < 20000; t++) {
            float[] q = SolidFixtures.quaternion(r);
            float[] q2 = q.clone();
            if (t % 2 == 1) {
                q2[r.nextInt(4)] += (float) r.nextDouble(-1e-6, 1e-6); // nearly the same
            }
            float hx = (float) r.nextDouble(0.01, 100);
            float hy = (float) r.nextDouble(0.01, 100);
            float hz = (float) r.nextDouble(0.01, 100);
            boxes.setRotated(0, 0, 0, 0, q[0], q[1], q[2], q[3], hx, hy, hz);
            // B's centre along A's axes: inside the sum of extents by 1 % (overlap) or outside by 1 %.
            double f = t % 4 < 2 ? 0.99 : 1.01;
            int axis = r.nextInt(3);
            double[] h = {hx, hy, hz};
            double[] hb = {r.nextDouble(0.01, 100), r.nextDouble(0.01, 100), r.nextDouble(0.01, 100)};
            double off = f * (h[axis] + hb[axis]);
            float ax = boxes.get(0, 3 + 3 * axis);
            float ay = boxes.get(0, 4 + 3 * axis);
            float az = boxes.get(0, 5 + 3 * axis);
            boxes.setRotated(1, (float) (off * ax), (float) (off * ay), (float) (off * az), q2[0], q2[1], q2[2], q2[3],
                    (float) hb[0], (float) hb[1], (float) hb[2]);
            boolean expected = f < 1;
            assertEquals(expected, ScalarObbSat.INSTANCE.intersects(boxes, 0, 1, 0f), "t=" + t);
            assertEquals(expected, ScalarObbSat.INSTANCE.intersects(boxes, 1, 0, 0f), "t=" + t);
        }
    }

    @Test
    void touchingAxisAlignedFacesIntersectAtZeroTolerance() {
        OrientedBoxes boxes = new OrientedBoxes(2);
        boxes.setAxisAligned(0, 0, 0, 0, 1, 1, 1);
        boxes.setAxisAligned(1, 2, 0.5f, 0.25f, 1, 1, 1);
        assertTrue(ScalarObbSat.INSTANCE.intersects(boxes, 0, 1, 0f));
        assertTrue(ScalarObbSat.INSTANCE.intersects(boxes, 1, 0, 0f));
        assertFalse(ScalarObbSat.INSTANCE.intersects(boxes, 0, 1, -0x1p-20f));
        boxes.setAxisAligned(1, 2 + 0x1p-20f, 0.5f, 0.25f, 1, 1, 1);
        assertFalse(ScalarObbSat.INSTANCE.intersects(boxes, 0, 1, 0f));
        assertTrue(ScalarObbSat.INSTANCE.intersects(boxes, 0, 1, 0x1p-19f));
    }

    @Test
    void badBoxesAreRejectedNamingTheBoxAndReason() {
        OrientedBoxes boxes = new OrientedBoxes(3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> boxes.set(2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, -1, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("box=2: not a rotation"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> boxes.set(1, 0, 0, 0, 1, 0, 0, 0.1f, 1, 0, 0, 0, 1, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("box=1: axes not orthonormal"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> boxes.setAxisAligned(0, Float.NaN, 0, 0, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("box=0: centre x=NaN is not finite"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> boxes.setAxisAligned(0, 0, 0, 0, 1, -1, 1));
        assertTrue(e.getMessage().startsWith("box=0: negative half-extent"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> boxes.setRotated(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("box=0: quaternion has zero length"), e.getMessage());
    }

    @Test
    void posedBoxesMatchBoxesSetDirectly() {
        SplittableRandom r = new SplittableRandom(5);
        OrientedBoxes local = SolidFixtures.boxes(6, 100, 0x1p-30);
        OrientedBoxes world = new OrientedBoxes(100);
        SolidPoses poses = new SolidPoses(100);
        for (int i = 0; i < 100; i++) {
            float[] q = SolidFixtures.quaternion(r);
            poses.setQuaternion(i, q[0], q[1], q[2], q[3], (float) r.nextDouble(0, 10), (float) r.nextDouble(0, 10),
                    (float) r.nextDouble(0, 10));
        }
        poses.transform(local, world);
        for (int i = 0; i < 100; i++) {
            for (int k = 12; k < 15; k++) {
                assertEquals(local.get(i, k), world.get(i, k));
            }
            assertEquals(poses.translation(i, 0), world.get(i, 0), 1e-5); // local centres are within 2^-30 of 0
            float ux = world.get(i, 3);
            float uy = world.get(i, 4);
            float uz = world.get(i, 5);
            assertEquals(1, ux * ux + uy * uy + uz * uz, 1e-5);
        }
    }

    /** The packed rows the kernels read equal the component arrays, after set and after a pose transform. */
    @Test
    void packedRowsFollowEveryWrite() {
        OrientedBoxes local = SolidFixtures.boxes(3, 200, 10);
        SolidPoses poses = new SolidPoses(200);
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 200; i++) {
            float[] q = SolidFixtures.quaternion(r);
            poses.setQuaternion(i, q[0], q[1], q[2], q[3], (float) r.nextDouble(-5, 5), 1, 2);
        }
        OrientedBoxes world = new OrientedBoxes(200);
        poses.transform(local, world);
        for (OrientedBoxes boxes : new OrientedBoxes[] {local, world}) {
            float[] packed = boxes.arrays().packed;
            for (int i = 0; i < 200; i++) {
                for (int k = 0; k < 15; k++) {
                    assertEquals(boxes.get(i, k), packed[dev.sepax.internal.BoxArrays.STRIDE * i + k], "box " + i + ", component " + k);
                }
            }
        }
    }
}
