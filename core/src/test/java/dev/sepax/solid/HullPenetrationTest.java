package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.HullArrays;
import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 3D MTV reference against the double-precision brute force (all face normals, all edge-pair
 * crosses, full projections): the depth of an intersecting pair is the exact minimum-translation
 * depth within the derived band {@code 2^-15 M}; a separated pair gets a negative depth no larger
 * in size than the brute-force gap; the reported normal is the direction along which the shapes
 * overlap by the depth; the sign agrees with the boolean kernel bit for bit; swapping A and B
 * negates the normal exactly. Plus the exact cases (face, edge pair, identical hulls, touching)
 * and the entry checks.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HullPenetrationTest {
    private static final HullPenetrationKernel K = ScalarHullPenetration.INSTANCE;

    /** The derived band of {@link HullPenetrationKernel}: {@code 512 u M}. */
    private static double band(ConvexPolyhedra s, int a, int b) {
        HullArrays h = s.arrays();
        return 0x1p-15 * Math.max(h.magnitude[a], h.magnitude[b]);
    }

    /** The overlap of a and b along the unit direction n, in double: {@code max_A n.v - min_B n.v}. */
    private static double overlapAlong(ConvexPolyhedra s, int a, int b, double nx, double ny, double nz) {
        double maxA = Double.NEGATIVE_INFINITY;
        double minB = Double.POSITIVE_INFINITY;
        for (int i = 0; i < s.vertexCount(a); i++) {
            maxA = Math.max(maxA, nx * s.vertex(a, i, 0) + ny * s.vertex(a, i, 1) + nz * s.vertex(a, i, 2));
        }
        for (int i = 0; i < s.vertexCount(b); i++) {
            minB = Math.min(minB, nx * s.vertex(b, i, 0) + ny * s.vertex(b, i, 1) + nz * s.vertex(b, i, 2));
        }
        return maxA - minB;
    }

    @Test
    void depthsAreTheBruteForceMinimumTranslationWithinTheBand() {
        int[] ks = {4, 8, 16, 32, 64};
        int intersecting = 0;
        int separated = 0;
        int edgeWins = 0;
        int worstUlps = 0;
        double worst = 0;
        for (int ki = 0; ki < ks.length; ki++) {
            SolidFixtures.Scene sc = SolidFixtures.scene(300 + ki, 64, ks[ki], 2.5, 700);
            ConvexPolyhedra w = sc.world();
            PairBatch pairs = sc.pairs();
            int n = pairs.size();
            HullPenetrations out = new HullPenetrations(n);
            int hits = K.penetrations(w, pairs, out);
            OverlapBits bits = new OverlapBits(n);
            int count = 0;
            for (int p = 0; p < n; p++) {
                int a = pairs.shapeA(p);
                int b = pairs.shapeB(p);
                float depth = out.depth(p);
                count += depth >= 0 ? 1 : 0;
                // The sign is the boolean kernel's verdict at tolerance 0 for (min, max), always.
                assertEquals(ScalarHullSat.INSTANCE.intersects(w, Math.min(a, b), Math.max(a, b), 0f), depth >= 0,
                        "pair " + p + ": depth " + depth);
                double gap = SolidFixtures.hullGap(w, a, b);
                double band = band(w, a, b);
                double nx = out.normalX(p);
                double ny = out.normalY(p);
                double nz = out.normalZ(p);
                assertEquals(1.0, Math.sqrt(nx * nx + ny * ny + nz * nz), 1e-6, "unit normal, pair " + p);
                // The shapes overlap along the reported normal by the reported depth.
                assertEquals(depth, overlapAlong(w, a, b, nx, ny, nz), band, "overlap along the normal, pair " + p);
                if (gap < -band) {
                    intersecting++;
                    double err = Math.abs(depth + gap);
                    worst = Math.max(worst, err / band);
                    if (err > band) {
                        fail("pair " + p + " (" + a + ", " + b + "), k=" + ks[ki] + ": depth " + depth + ", brute-force "
                                + (-gap) + ", band " + band + ", axis " + out.axis(p));
                    }
                    edgeWins += HullPenetrations.edgeOfA(out.axis(p)) >= 0 ? 1 : 0;
                } else if (gap > band) {
                    separated++;
                    assertTrue(depth < 0 && -depth <= gap + band,
                            "pair " + p + ": separated by " + gap + ", depth " + depth);
                }
            }
            assertEquals(count, hits);
            worstUlps = Math.max(worstUlps, (int) Math.ceil(worst * 512));
        }
        assertTrue(intersecting > 1000 && separated > 300, intersecting + " intersecting, " + separated + " separated");
        assertTrue(edgeWins > 20, "edge-pair axes win some intersecting pairs: " + edgeWins);
        assertTrue(worstUlps <= 512, "worst error " + worstUlps + " u M");
    }

    /**
     * The knife-edge pairs of {@link SolidFixtures#knifeEdgePairs}: an edge axis oriented by a
     * rounded sign gave depths near -0.2 to pairs that overlap by about 0.1, and an axis taken
     * from Gauss arcs about 1e-3 long (faces nearly back to back) is off by about {@code u / |g|},
     * which understated depths by up to {@code 1.35e-4 M} (4.4 times the band) at an apex height
     * of 3e-4. The depth is the brute force's within the documented band {@code 2^-15 M}, from
     * both sides, and moving B by it separates the pair.
     */
    @Test
    void knifeEdgeCrossingsGiveTheBruteForceDepth() {
        int n = 300;
        double worst = 0;
        for (double height : new double[] {3e-4, 1e-3, 1e-2}) {
            ConvexPolyhedra s = SolidFixtures.knifeEdgePairs(11, n, 300, height);
            HullPenetrations out = new HullPenetrations(2);
            for (int i = 0; i < n; i++) {
                for (int[] ab : new int[][] {{2 * i, 2 * i + 1}, {2 * i + 1, 2 * i}}) {
                    String what = "height " + height + ", pair " + i + " (" + ab[0] + ", " + ab[1] + ")";
                    assertTrue(K.penetration(s, ab[0], ab[1], out, 0), what);
                    double exact = -SolidFixtures.hullFaceGap(s, ab[0], ab[1]);
                    double band = band(s, ab[0], ab[1]);
                    worst = Math.max(worst, Math.abs(exact - out.depth(0)) / band);
                    assertEquals(exact, out.depth(0), band, what + ", axis " + Integer.toHexString(out.axis(0)));
                    double overlap = overlapAlong(s, ab[0], ab[1], out.normalX(0), out.normalY(0), out.normalZ(0));
                    assertTrue(overlap <= out.depth(0) + band, what + ": overlap " + overlap + " along the normal");
                }
            }
        }
        // The edge axis keeps these far inside the band, not at its edge.
        assertTrue(worst < 0.5, "worst error " + worst + " bands");
    }

    @Test
    void swappingTheShapesNegatesTheNormalExactly() {
        SolidFixtures.Scene sc = SolidFixtures.scene(17, 80, 20, 6, 2000);
        ConvexPolyhedra w = sc.world();
        HullPenetrations ab = new HullPenetrations(1);
        HullPenetrations ba = new HullPenetrations(1);
        PairBatch pairs = sc.pairs();
        for (int p = 0; p < pairs.size(); p++) {
            int a = pairs.shapeA(p);
            int b = pairs.shapeB(p);
            if (a == b) {
                continue; // a shape with itself has no direction to negate
            }
            K.penetration(w, a, b, ab, 0);
            K.penetration(w, b, a, ba, 0);
            assertEquals(Float.floatToRawIntBits(ab.depth(0)), Float.floatToRawIntBits(ba.depth(0)), "depth, pair " + p);
            assertTrue(ab.normalX(0) == -ba.normalX(0) && ab.normalY(0) == -ba.normalY(0)
                    && ab.normalZ(0) == -ba.normalZ(0), "normal, pair " + p + " (" + a + ", " + b + "): axis "
                    + ab.axis(0) + ", " + ab.normalX(0) + " " + ab.normalY(0) + " " + ab.normalZ(0) + " vs "
                    + ba.normalX(0) + " " + ba.normalY(0) + " " + ba.normalZ(0));
            int code = ab.axis(0);
            int swapped = ba.axis(0);
            assertEquals(HullPenetrations.faceOfA(code), HullPenetrations.faceOfB(swapped));
            assertEquals(HullPenetrations.faceOfB(code), HullPenetrations.faceOfA(swapped));
            assertEquals(HullPenetrations.edgeOfA(code), HullPenetrations.edgeOfB(swapped));
            assertEquals(HullPenetrations.edgeOfB(code), HullPenetrations.edgeOfA(swapped));
        }
    }

    private static float[] box(float x0, float y0, float z0, float x1, float y1, float z1) {
        return new float[] {x0, y0, z0, x1, y0, z0, x0, y1, z0, x1, y1, z0, x0, y0, z1, x1, y0, z1, x0, y1, z1, x1, y1, z1};
    }

    @Test
    void overlappingBoxesGiveTheShallowFace() {
        ConvexPolyhedra s = ConvexPolyhedra.of(box(0, 0, 0, 1, 1, 1), box(0.75f, 0.1f, 0.2f, 1.75f, 0.8f, 0.9f));
        HullPenetrations out = new HullPenetrations(2);
        assertTrue(K.penetration(s, 0, 1, out, 0));
        assertEquals(0.25f, out.depth(0));
        assertEquals(1f, out.normalX(0));
        assertEquals(0f, out.normalY(0));
        assertEquals(0f, out.normalZ(0));
        int face = HullPenetrations.faceOfA(out.axis(0));
        assertTrue(face >= 0, "a face of A: " + out.axis(0));
        assertEquals(1f, s.plane(0, face, 0));
        K.penetration(s, 1, 0, out, 1);
        assertEquals(-1f, out.normalX(1));
        assertEquals(face, HullPenetrations.faceOfB(out.axis(1)));
        // Touching faces: depth exactly 0; 2^-20 apart: the small negative gap.
        ConvexPolyhedra touching = ConvexPolyhedra.of(box(0, 0, 0, 1, 1, 1), box(1, 0.2f, 0.2f, 2, 0.8f, 0.8f));
        assertTrue(K.penetration(touching, 0, 1, out, 0));
        assertEquals(0f, out.depth(0));
        ConvexPolyhedra apart = ConvexPolyhedra.of(box(0, 0, 0, 1, 1, 1),
                box(1 + 0x1p-20f, 0.2f, 0.2f, 2, 0.8f, 0.8f));
        assertTrue(!K.penetration(apart, 0, 1, out, 0));
        assertEquals(-0x1p-20f, out.depth(0));
    }

    @Test
    void crossingEdgesGiveAnEdgePairAxis() {
        // A's top edge runs along y at (x = 0, z = s), B's bottom edge along x at (y = 0, z = c - s):
        // two cubes turned 45 degrees about y and about x, B's edge sunk 0.1 into A's.
        double s = Math.sqrt(2);
        float[] a = new float[24];
        float[] b = new float[24];
        double c = 2 * s - 0.1;
        for (int k = 0; k < 8; k++) {
            double x = (k & 1) == 0 ? -1 : 1;
            double y = (k & 2) == 0 ? -1 : 1;
            double z = (k & 4) == 0 ? -1 : 1;
            a[3 * k] = (float) ((x - z) / s);
            a[3 * k + 1] = (float) y;
            a[3 * k + 2] = (float) ((x + z) / s);
            b[3 * k] = (float) x;
            b[3 * k + 1] = (float) ((y - z) / s);
            b[3 * k + 2] = (float) ((y + z) / s + c);
        }
        ConvexPolyhedra shapes = ConvexPolyhedra.of(a, b);
        HullPenetrations out = new HullPenetrations(1);
        assertTrue(K.penetration(shapes, 0, 1, out, 0));
        assertTrue(HullPenetrations.edgeOfA(out.axis(0)) >= 0, "an edge pair: " + out.axis(0));
        assertEquals(0.1, out.depth(0), 1e-5);
        assertEquals(1.0, out.normalZ(0), 1e-6);
        int[] ea = shapes.edge(0, HullPenetrations.edgeOfA(out.axis(0)));
        int[] eb = shapes.edge(1, HullPenetrations.edgeOfB(out.axis(0)));
        assertNotEquals(shapes.vertex(0, ea[0], 1), shapes.vertex(0, ea[1], 1), "A's edge runs along y");
        assertNotEquals(shapes.vertex(1, eb[0], 0), shapes.vertex(1, eb[1], 0), "B's edge runs along x");
    }

    @Test
    void identicalHullsOverlapByTheirThinnestWidth() {
        SplittableRandom r = new SplittableRandom(3);
        HullPenetrations out = new HullPenetrations(1);
        for (int t = 0; t < 30; t++) {
            float[] c = SolidFixtures.cloud(r, 4 + r.nextInt(40), r.nextDouble(0.1, 10));
            ConvexPolyhedra s = ConvexPolyhedra.of(c, c);
            assertTrue(K.penetration(s, 0, 1, out, 0));
            double width = -SolidFixtures.hullGap(s, 0, 1);
            assertEquals(width, out.depth(0), band(s, 0, 1), "identical hulls, try " + t);
            assertTrue(K.penetration(s, 0, 0, out, 0), "a shape with itself");
            assertEquals(width, out.depth(0), band(s, 0, 1));
        }
    }

    @Test
    void rangesWriteOnlyTheirEntries() {
        SolidFixtures.Scene sc = SolidFixtures.scene(9, 64, 12, 6, 500);
        PairBatch pairs = sc.pairs();
        int n = pairs.size();
        HullPenetrations whole = new HullPenetrations(n);
        int hits = K.penetrations(sc.world(), pairs, whole);
        HullPenetrations parts = new HullPenetrations(n);
        java.util.Arrays.fill(parts.depths(), 7f);
        int sum = K.penetrations(sc.world(), pairs, 5, 100, parts);
        for (int p = 0; p < n; p++) {
            if (p < 5 || p >= 100) {
                assertEquals(7f, parts.depth(p), "untouched entry " + p);
            }
        }
        sum += K.penetrations(sc.world(), pairs, 0, 5, parts) + K.penetrations(sc.world(), pairs, 100, n, parts);
        assertEquals(hits, sum);
        for (int p = 0; p < n; p++) {
            assertEquals(Float.floatToRawIntBits(whole.depth(p)), Float.floatToRawIntBits(parts.depth(p)));
            assertEquals(whole.axis(p), parts.axis(p));
        }
    }

    @Test
    void badCallsNameTheArgument() {
        SolidFixtures.Scene sc = SolidFixtures.scene(1, 8, 6, 3, 10);
        ConvexPolyhedra w = sc.world();
        PairBatch pairs = sc.pairs();
        HullPenetrations small = new HullPenetrations(5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> K.penetrations(w, pairs, small));
        assertTrue(e.getMessage().contains("out.capacity=5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> K.penetrations(null, pairs, small));
        assertThrows(IllegalArgumentException.class, () -> K.penetrations(w, null, small));
        assertThrows(IndexOutOfBoundsException.class, () -> K.penetrations(w, pairs, 3, 2, new HullPenetrations(10)));
        IndexOutOfBoundsException i = assertThrows(IndexOutOfBoundsException.class,
                () -> K.penetration(w, 0, 8, small, 0));
        assertTrue(i.getMessage().startsWith("b=8"), i.getMessage());
        i = assertThrows(IndexOutOfBoundsException.class, () -> K.penetration(w, 0, 1, small, 5));
        assertTrue(i.getMessage().startsWith("pair=5"), i.getMessage());
        assertThrows(IllegalArgumentException.class, () -> K.penetration(w, 0, 1, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new HullPenetrations(-1));
        ConvexPolyhedra other = ConvexPolyhedra.of(box(0, 0, 0, 1, 1, 1));
        e = assertThrows(IllegalArgumentException.class, () -> K.penetrations(other, pairs, new HullPenetrations(10)));
        assertTrue(e.getMessage().contains("different store"), e.getMessage());
    }
}
