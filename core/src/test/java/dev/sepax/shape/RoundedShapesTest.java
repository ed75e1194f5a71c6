package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.internal.RoundedArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The rounded store: kinds, layout, the polygon view, and validation naming the shape and the reason. */
@Timeout(30)
class RoundedShapesTest {
    private static void rejects(String expected, Runnable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::run);
        assertTrue(e.getMessage().startsWith(expected), "message: " + e.getMessage());
    }

    @Test
    void mixedKindsLiveInOneStore() {
        RoundedShapes s = RoundedShapes.builder()
                .circle(0, 0, 1)
                .circle(5, 5, 0)
                .capsule(0, 0, 2, 0, 0.5f)
                .segment(0, 0, 0, 3)
                .box(-1, -1, 1, 1)
                .add(0.25f, 0, 0, 1, 0, 0, 1)
                .build();
        assertEquals(6, s.size());
        assertEquals(RoundedShapes.Kind.CIRCLE, s.kind(0));
        assertEquals(RoundedShapes.Kind.POINT, s.kind(1));
        assertEquals(RoundedShapes.Kind.CAPSULE, s.kind(2));
        assertEquals(RoundedShapes.Kind.SEGMENT, s.kind(3));
        assertEquals(RoundedShapes.Kind.POLYGON, s.kind(4));
        assertEquals(RoundedShapes.Kind.ROUNDED_POLYGON, s.kind(5));
        assertEquals(4, s.maxCount());
        assertEquals(0.5f, s.radius(2));
        RoundedArrays a = s.arrays();
        // Padding repeats the last point up to the capacity class.
        for (int i = 1; i < a.capacity()[0]; i++) {
            assertEquals(a.x()[a.start()[0]], a.x()[a.start()[0] + i]);
        }
        assertEquals(a.x()[a.start()[2] + 1], a.x()[a.start()[2] + 3]);
    }

    @Test
    void polygonCoresAreCleanedToCounterClockwise() {
        // Clockwise with a collinear point: kept CCW, the collinear point dropped.
        RoundedShapes s = RoundedShapes.builder().add(0.1f, 0, 0, 0, 2, 0, 4, 4, 4, 4, 0).build();
        assertEquals(4, s.count(0));
        float[] c = s.core(0);
        double area = 0;
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            area += c[2 * i] * c[2 * j + 1] - c[2 * j] * c[2 * i + 1];
        }
        assertTrue(area > 0);
    }

    @Test
    void aPolygonStoreIsWrappedWithoutCopying() {
        ConvexPolygons p = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1}, new float[] {3, 3, 4, 3, 4, 4, 3, 4});
        RoundedShapes v = RoundedShapes.of(p);
        assertSame(p.arrays().x, v.arrays().x());
        assertSame(p.arrays().start, v.arrays().start());
        assertSame(p, v.polygons());
        assertEquals(0f, v.radius(1));
        RoundedShapes rounded = RoundedShapes.of(p, new float[] {0.5f, 0f});
        assertEquals(RoundedShapes.Kind.ROUNDED_POLYGON, rounded.kind(0));
        assertArrayEquals(p.vertices(1), rounded.core(1));
        rejects("radii.length=1 != polygons.size=2", () -> RoundedShapes.of(p, new float[] {1}));
        rejects("shape=1: radius=-1.0 is negative", () -> RoundedShapes.of(p, new float[] {0, -1}));
    }

    @Test
    void badShapesAreRejectedNamingTheShapeAndTheReason() {
        rejects("shape=1: radius=-0.5 is negative", () -> RoundedShapes.builder().circle(0, 0, 1).circle(0, 0, -0.5f));
        rejects("shape=0: radius=NaN is not finite", () -> RoundedShapes.builder().circle(0, 0, Float.NaN));
        rejects("shape=0: radius=Infinity is not finite", () -> RoundedShapes.builder().capsule(0, 0, 1, 1, Float.POSITIVE_INFINITY));
        rejects("shape=0: radius=1.0E20 beyond 2^60", () -> RoundedShapes.builder().circle(0, 0, 1e20f));
        rejects("shape=2: the two core points coincide", () -> RoundedShapes.builder().circle(0, 0, 1).circle(1, 1, 1)
                .capsule(2, 2, 2, 2, 1));
        rejects("shape=0: core point 1 has non-finite y=NaN", () -> RoundedShapes.builder().segment(0, 0, 1, Float.NaN));
        rejects("shape=0: core point 0 has x=1.0E19 beyond", () -> RoundedShapes.builder().circle(1e19f, 0, 1));
        rejects("shape=0: core has no point", () -> RoundedShapes.builder().add(1f));
        rejects("shape=0: odd coordinate count 3", () -> RoundedShapes.builder().add(1f, 0, 0, 1));
        rejects("shape=0: core array is null", () -> RoundedShapes.builder().add(1f, (float[]) null));
        rejects("shape=0: core has 1025 points, more than 1024",
                () -> RoundedShapes.builder().add(0f, new float[2 * 1025]));
        rejects("shape=0: core segment of length", () -> RoundedShapes.builder().segment(0, 0, 0x1p-60f, 0));
        // A polygon core gets the polygon store's reasons, with this store's index.
        rejects("shape=1: ", () -> RoundedShapes.builder().circle(0, 0, 1).add(0.5f, 0, 0, 1, 1, 2, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RoundedShapes.builder().circle(0, 0, 1).polygon(0, 0, 2, 0, 1, 0.1f, 2, 2, 0, 2));
        assertTrue(e.getMessage().startsWith("shape=1: ") && e.getMessage().contains("convex"), e.getMessage());
    }

    @Test
    void aThousandAndTwentyFourPointsAreAccepted() {
        float[] xy = new float[2 * 1024];
        for (int i = 0; i < 1024; i++) {
            double t = 2 * Math.PI * i / 1024;
            xy[2 * i] = (float) (100 * Math.cos(t));
            xy[2 * i + 1] = (float) (100 * Math.sin(t));
        }
        RoundedShapes s = RoundedShapes.builder().add(1f, xy).build();
        assertTrue(s.count(0) > 1000, "count " + s.count(0));
    }

    @Test
    void accessorsCheckTheirIndices() {
        RoundedShapes s = RoundedShapes.builder().circle(0, 0, 1).build();
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> s.radius(1));
        assertEquals("shape=1: out of range [0, 1)", e.getMessage());
        e = assertThrows(IndexOutOfBoundsException.class, () -> s.pointX(0, 1));
        assertEquals("shape=0: point=1 out of range [0, 1)", e.getMessage());
    }

    @Test
    void coreNormalsAreUnitOutwardAndASegmentsTwoSidesExactlyOpposite() {
        RoundedShapes s = RoundedShapes.builder().capsule(1, 1, 4, 5, 0.5f).box(0, 0, 2, 1).circle(3, 3, 1).build();
        RoundedArrays r = s.arrays();
        int o = r.start()[0];
        assertEquals(0.8f, r.nx()[o], 1e-7f);
        assertEquals(-0.6f, r.ny()[o], 1e-7f);
        assertEquals(-r.nx()[o], r.nx()[o + 1]);
        assertEquals(-r.ny()[o], r.ny()[o + 1]);
        // Padding repeats the last normal.
        assertEquals(r.nx()[o + 1], r.nx()[o + r.capacity()[0] - 1]);
        int b = r.start()[1];
        for (int i = 0; i < 4; i++) {
            assertEquals(1.0, Math.hypot(r.nx()[b + i], r.ny()[b + i]), 1e-6);
        }
        // A view shares the polygon store's normals.
        ConvexPolygons polys = ConvexPolygons.builder().add(0, 0, 2, 0, 1, 1).build();
        assertSame(polys.arrays().nx, RoundedShapes.of(polys).arrays().nx());
    }
}
