package dev.sepax.solid;

import dev.sepax.testing.SolidFixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The degenerate contacts of the issue, with exact coordinates where the contact is exact:
 * parallel faces, edge on edge (crossing edges, the case only edge-pair axes decide), vertex on
 * face, identical hulls, and nearly flat hulls. Every case is also checked just inside and just
 * outside, and rotated, where the verdict must hold outside the band.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HullDegenerateCasesTest {
    private static final HullOverlapKernel[] KERNELS = {ScalarHullSat.INSTANCE, UnprunedHullSat.INSTANCE};

    private static float[] box(float x0, float y0, float z0, float x1, float y1, float z1) {
        return new float[] {x0, y0, z0, x1, y0, z0, x0, y1, z0, x1, y1, z0, x0, y0, z1, x1, y0, z1, x0, y1, z1, x1, y1, z1};
    }

    private static float[] shift(float[] p, float dx, float dy, float dz) {
        float[] q = p.clone();
        for (int i = 0; i < q.length; i += 3) {
            q[i] += dx;
            q[i + 1] += dy;
            q[i + 2] += dz;
        }
        return q;
    }

    private static void assertVerdict(boolean expected, ConvexPolyhedra s, float tol, String what) {
        for (HullOverlapKernel k : KERNELS) {
            assertEquals(expected, k.intersects(s, 0, 1, tol), k.name() + ": " + what);
            assertEquals(expected, k.intersects(s, 1, 0, tol), k.name() + ": " + what + " (swapped)");
        }
    }

    /** Both shapes rotated by one random rotation and moved far from the origin. */
    private static ConvexPolyhedra rotated(ConvexPolyhedra s, long seed) {
        float[] q = SolidFixtures.quaternion(new SplittableRandom(seed));
        SolidPoses p = new SolidPoses(2);
        p.setQuaternion(0, q[0], q[1], q[2], q[3], 3, -2, 5);
        p.setQuaternion(1, q[0], q[1], q[2], q[3], 3, -2, 5);
        ConvexPolyhedra w = s.worldCopy();
        p.transform(s, w);
        return w;
    }

    @Test
    void parallelFacesTouchingIntersectAndApartAreSeparated() {
        float[] a = box(0, 0, 0, 1, 1, 1);
        float[] b = box(0.25f, 0.5f, 1, 1.25f, 1.5f, 2);
        assertVerdict(true, ConvexPolyhedra.of(a, b), 0f, "face on face");
        assertVerdict(false, ConvexPolyhedra.of(a, shift(b, 0, 0, 0x1p-20f)), 0f, "lifted by 2^-20");
        assertVerdict(true, ConvexPolyhedra.of(a, shift(b, 0, 0, 0x1p-20f)), 0x1p-19f, "lifted, within tolerance");
        assertVerdict(false, ConvexPolyhedra.of(a, b), -0x1p-20f, "touching at negative tolerance");
        for (long seed = 0; seed < 20; seed++) {
            assertVerdict(true, rotated(ConvexPolyhedra.of(a, b), seed), 1e-5f, "rotated face on face");
            assertVerdict(false, rotated(ConvexPolyhedra.of(a, shift(b, 0, 0, 1e-3f)), seed), 0f, "rotated, apart");
            assertVerdict(true, rotated(ConvexPolyhedra.of(a, shift(b, 0, 0, -1e-3f)), seed), 0f, "rotated, sunk");
        }
    }

    /** A tetrahedron whose edge (x = 0.5, y + z = 2) crosses the unit cube's edge (y = z = 1) at (0.5, 1, 1). */
    private static final float[] CROSSING = {0.5f, 0.5f, 1.5f, 0.5f, 1.5f, 0.5f, 0, 1.5f, 1.5f, 1, 1.5f, 1.5f};

    @Test
    void crossingEdgesTouchAndOnlyAnEdgePairAxisSeparatesThemWhenApart() {
        float[] a = box(0, 0, 0, 1, 1, 1);
        float d = 1e-3f;
        ConvexPolyhedra touching = ConvexPolyhedra.of(a, CROSSING);
        assertVerdict(true, touching, 1e-5f, "edge on edge");
        ConvexPolyhedra apart = ConvexPolyhedra.of(a, shift(CROSSING, 0, d, d));
        assertVerdict(false, apart, 0f, "edges apart along (0, 1, 1)");
        assertVerdict(true, ConvexPolyhedra.of(a, shift(CROSSING, 0, -d, -d)), 0f, "edges crossed");
        // The deciding axis is the edge pair's: no face normal separates the apart pair.
        assertEquals(0, ScalarHullSat.faceAxes(apart.arrays(), 0, 1, 0f));
        assertTrue(ScalarHullSat.edgeAxes(apart.arrays(), 0, 1, 0f) >= ScalarHullSat.EDGE_PAIR);
        for (long seed = 0; seed < 20; seed++) {
            assertVerdict(true, rotated(touching, seed), 1e-5f, "rotated edge on edge");
            assertVerdict(false, rotated(apart, seed), 0f, "rotated, apart");
        }
    }

    @Test
    void aVertexOnAFaceTouches() {
        float[] a = box(0, 0, 0, 1, 1, 1);
        float[] apexDown = {0.5f, 0.5f, 1, 0, 0, 2, 1, 0, 2, 0.5f, 1, 2};
        assertVerdict(true, ConvexPolyhedra.of(a, apexDown), 0f, "vertex on face");
        assertVerdict(false, ConvexPolyhedra.of(a, shift(apexDown, 0, 0, 0x1p-20f)), 0f, "vertex above face");
        for (long seed = 0; seed < 20; seed++) {
            assertVerdict(true, rotated(ConvexPolyhedra.of(a, apexDown), seed), 1e-5f, "rotated vertex on face");
            assertVerdict(false, rotated(ConvexPolyhedra.of(a, shift(apexDown, 0, 0, 1e-3f)), seed), 0f, "rotated, above");
        }
    }

    @Test
    void identicalHullsIntersect() {
        SplittableRandom r = new SplittableRandom(5);
        for (int t = 0; t < 50; t++) {
            float[] c = SolidFixtures.cloud(r, 4 + r.nextInt(60), r.nextDouble(0.01, 100));
            ConvexPolyhedra s = ConvexPolyhedra.of(c, c);
            assertVerdict(true, s, 0f, "identical");
            assertVerdict(true, rotated(s, t), 0f, "identical, rotated");
        }
    }

    @Test
    void nearlyFlatHullsAreRejectedAndThinOnesWork() {
        // A slab of thickness 2^-12 of its size: accepted; it lies 1e-3 above the cube, or 1e-3 into it.
        float h = 0x1p-12f;
        float[] slab = {0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1 + h, 1, 0, 1 + h, 0, 1, 1 + h, 1, 1, 1 + h};
        float[] a = box(0, 0, 0, 1, 1, 1);
        assertVerdict(true, ConvexPolyhedra.of(a, slab), 0f, "thin slab on the cube");
        assertVerdict(false, ConvexPolyhedra.of(a, shift(slab, 0.3f, 0.2f, 1e-3f)), 0f, "thin slab above");
        assertVerdict(true, ConvexPolyhedra.of(a, shift(slab, 0.3f, 0.2f, -1e-3f)), 0f, "thin slab sunk");
        float[] flat = slab.clone();
        for (int i = 14; i < flat.length; i += 3) {
            flat[i] = 1 + 0x1p-16f;
        }
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ConvexPolyhedra.of(a, flat));
        assertTrue(e.getMessage().startsWith("shape=1: nearly flat"), e.getMessage());
    }
}
