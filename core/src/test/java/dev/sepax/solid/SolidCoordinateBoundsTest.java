package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.internal.HullArrays;
import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * The 3D coordinate bound: hull points, pose translations, box centres and half-extents beyond
 * {@link ConvexPolyhedra#MAX_COORDINATE} are refused naming the shape, the component and the
 * reason, while inputs at the bound give finite world stores and verdicts.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SolidCoordinateBoundsTest {
    private static final float BOUND = ConvexPolyhedra.MAX_COORDINATE;

    private static void assertMessage(Executable call, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "'" + p + "' in: " + e.getMessage());
        }
        assertTrue(e.getMessage().startsWith(parts[0]), e.getMessage());
    }

    @Test
    void hullPointsBeyondTheBoundAreRejectedNamingPointAndAxis() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        b.addBox(0, 0, 0, 1, 1, 1);
        float[] c = SolidFixtures.cloud(new SplittableRandom(2), 10, 1);
        c[3 * 6 + 1] = 2e38f;
        assertMessage(() -> b.addHull(c), "shape=1: point=6 is beyond +-2^60", "y=2.0E38", "overflow");
        c[3 * 6 + 1] = Math.nextUp(BOUND);
        assertMessage(() -> b.addHull(c), "shape=1: point=6 is beyond +-2^60", "y=");
        c[3 * 6 + 1] = 0;
        c[3 * 3 + 2] = Float.NEGATIVE_INFINITY;
        assertMessage(() -> b.addHull(c), "shape=1: point=3 is not finite", "z=-Infinity");
        // The box's corners are cx +- hx: 2^60 + 2^60 is beyond.
        assertMessage(() -> b.addBox(BOUND, 0, 0, BOUND, 1, 1), "shape=1: point=1 is beyond +-2^60", "x=");
        assertEquals(1, b.size());
        assertEquals(1, b.addBox(0, 0, 0, BOUND, BOUND, BOUND));
    }

    @Test
    void poseTranslationsBeyondTheBoundAreRejectedNamingPoseAndComponent() {
        SolidPoses p = new SolidPoses(4);
        assertMessage(() -> p.setQuaternion(3, 0, 0, 0, 1, 3e38f, 0, 0), "pose=3: translation x=3.0E38 is beyond +-2^60",
                "overflow");
        assertMessage(() -> p.setQuaternion(2, 0, 0, 0, 1, 0, -Math.nextUp(BOUND), 0), "pose=2: translation y=",
                "is beyond +-2^60");
        assertMessage(() -> p.setQuaternion(1, 0, 0, 0, 1, 0, 0, Float.NaN), "pose=1: translation z=NaN is not finite");
        float[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        assertMessage(() -> p.setMatrix(0, identity, 0, 0, 0, -2e38f), "pose=0: translation z=-2.0E38 is beyond +-2^60");
        // At the bound: accepted.
        p.setQuaternion(3, 0, 0, 0, 1, BOUND, -BOUND, BOUND);
        assertEquals(BOUND, p.translation(3, 0));
    }

    /**
     * The review's case: a hull reaching 1e38 posed at 3e38 gave infinite world vertices. Both
     * are refused now, and a hull at the bound posed at the bound, rotated, stays finite
     * everywhere, and the kernels still see it touching its own copy.
     */
    @Test
    void aHullAtTheBoundPosedAtTheBoundStaysFinite() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        assertMessage(() -> b.addHull(new float[] {0, 0, 0, 1e38f, 0, 0, 0, 1e38f, 0, 0, 0, 1e38f}),
                "shape=0: point=1 is beyond +-2^60", "x=1.0E38");
        b.addHull(sphereOfRadius(BOUND));
        b.addHull(sphereOfRadius(BOUND));
        ConvexPolyhedra local = b.build();
        SolidPoses poses = new SolidPoses(2);
        float[] q = SolidFixtures.quaternion(new SplittableRandom(9));
        poses.setQuaternion(0, q[0], q[1], q[2], q[3], BOUND, -BOUND, BOUND);
        poses.setQuaternion(1, q[0], q[1], q[2], q[3], BOUND, -BOUND, BOUND);
        ConvexPolyhedra world = local.worldCopy();
        poses.transform(local, world);
        HullArrays r = world.arrays();
        for (float[] a : new float[][] {r.vx, r.vy, r.vz, r.nx, r.ny, r.nz, r.d, r.gx, r.gy, r.gz, r.gg, r.px, r.py,
                r.pz, r.cx, r.cy, r.cz, r.minX, r.minY, r.minZ, r.maxX, r.maxY, r.maxZ, r.magnitude}) {
            for (float v : a) {
                assertTrue(Float.isFinite(v), "world value " + v);
            }
        }
        assertTrue(ScalarHullSat.INSTANCE.intersects(world, 0, 1, 0f));
        assertTrue(UnprunedHullSat.INSTANCE.intersects(world, 0, 1, 0f));
        HullPenetrations out = new HullPenetrations(1);
        assertTrue(ScalarHullPenetration.INSTANCE.penetration(world, 0, 1, out, 0));
        assertTrue(Float.isFinite(out.depth(0)) && Float.isFinite(out.normalX(0)), "depth " + out.depth(0));
    }

    /** Points on a sphere of a power-of-two radius (scaling is exact): within +-radius. */
    private static float[] sphereOfRadius(float radius) {
        float[] p = SolidFixtures.sphere(40, 4);
        for (int i = 0; i < p.length; i++) {
            p[i] *= radius;
        }
        return p;
    }

    @Test
    void boxValuesAreCheckedEachOnItsOwn() {
        OrientedBoxes boxes = new OrientedBoxes(3);
        // Finite, but their sum overflowed: the reason is the bound, not "not finite".
        assertMessage(() -> boxes.setAxisAligned(2, 2e38f, 2e38f, 0, 1, 1, 1), "box=2: centre x=2.0E38 is beyond +-2^60",
                "overflow");
        assertMessage(() -> boxes.setAxisAligned(1, 0, Float.NaN, 0, 1, 1, 1), "box=1: centre y=NaN is not finite");
        assertMessage(() -> boxes.setAxisAligned(1, 0, 0, -Math.nextUp(BOUND), 1, 1, 1), "box=1: centre z=",
                "is beyond +-2^60");
        assertMessage(() -> boxes.setAxisAligned(0, 0, 0, 0, 1, 3e38f, 1), "box=0: half-extent v=3.0E38 is beyond +-2^60");
        assertMessage(() -> boxes.setAxisAligned(0, 0, 0, 0, 1, 1, Float.POSITIVE_INFINITY),
                "box=0: half-extent w=Infinity is not finite");
        assertMessage(() -> boxes.set(0, 0, 0, 0, Float.NaN, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1), "box=0: axis u=(NaN, 0.0, 0.0) is not finite");
        assertMessage(() -> boxes.set(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, Float.NaN, 1, 1, 1, 1), "box=0: axis w=(0.0, NaN, 1.0) is not finite");
        // The failed calls left the boxes as they were.
        for (int i = 0; i < 3; i++) {
            assertEquals(0f, boxes.get(i, 0));
            assertEquals(1f, boxes.get(i, 12));
        }
    }

    @Test
    void boxesAtTheBoundPosedAtTheBoundStayFinite() {
        OrientedBoxes local = new OrientedBoxes(2);
        local.setRotated(0, BOUND, -BOUND, BOUND, 1, 2, 3, 4, BOUND, BOUND, BOUND);
        local.setRotated(1, -BOUND, BOUND, -BOUND, 4, 3, 2, 1, BOUND, BOUND, BOUND);
        SolidPoses poses = new SolidPoses(2);
        poses.setQuaternion(0, 0.5f, 0.5f, 0.5f, 0.5f, BOUND, BOUND, -BOUND);
        poses.setQuaternion(1, 0.5f, 0.5f, 0.5f, 0.5f, BOUND, BOUND, -BOUND);
        OrientedBoxes world = new OrientedBoxes(2);
        poses.transform(local, world);
        for (int i = 0; i < 2; i++) {
            for (int k = 0; k < 15; k++) {
                assertTrue(Float.isFinite(world.get(i, k)), "box " + i + ", component " + k);
            }
        }
        // The centres are 2^61 sqrt(3) apart, each box at most 2^60 sqrt(3) in radius: apart
        // (the double oracle agrees), and the kernel says so instead of reading NaN.
        double gap = SolidFixtures.boxGap(world, 0, 1);
        assertTrue(gap > SolidFixtures.boxBand(world, 0, 1), "gap " + gap);
        assertFalse(ScalarObbSat.INSTANCE.intersects(world, 0, 1, 0f));
        assertTrue(ScalarObbSat.INSTANCE.intersects(world, 0, 0, 0f));
    }
}
