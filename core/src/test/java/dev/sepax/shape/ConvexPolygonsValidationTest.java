package dev.sepax.shape;

import dev.sepax.narrow.ScalarSat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What the store accepts, what it rejects, and what the rejections say. */
class ConvexPolygonsValidationTest {
    static final float[] TRIANGLE = {0, 0, 1, 0, 0, 1};

    /** Asserts an IllegalArgumentException whose message is exactly {@code message}. */
    static void rejected(String message, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertEquals(message, e.getMessage());
    }

    // ---- Rejections, each naming the shape (here the second, index 1) ---------------------

    @Test
    void nanCoordinateIsRejectedNamingShapeAndVertex() {
        rejected("shape=1: vertex 2 has non-finite y=NaN",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 1, 0, 0, Float.NaN}));
    }

    @Test
    void infiniteCoordinateIsRejectedNamingShapeAndVertex() {
        rejected("shape=1: vertex 1 has non-finite x=Infinity",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, Float.POSITIVE_INFINITY, 0, 0, 1}));
    }

    @Test
    void coordinateBeyondTwoToTheSixtyIsRejectedBecauseSeparationsWouldOverflow() {
        rejected("shape=1: vertex 1 has y=-2.305843E18 beyond +-2^60 (separations would overflow)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 1, -0x1p61f, 0, 1}));
        rejected("shape=0: point 2 has x=2.305843E18 beyond +-2^60 (separations would overflow)",
                () -> ConvexPolygons.hullOf(new float[] {0, 0, 1, 0, 0x1p61f, 1}));
    }

    @Test
    void coordinatesAtTheLimitAreAcceptedAndStillSeparateExactly() {
        float m = ConvexPolygons.MAX_COORDINATE;
        // Two big diamonds overlapping: every separation product is near its largest.
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, -m, m, 0, 0, m, -m, 0},
                new float[] {m / 2, -m, m, 0, m / 2, m, -m / 2, 0});
        assertTrue(ScalarSat.INSTANCE.intersects(s, 0, 1, 0f));
        assertTrue(ScalarSat.INSTANCE.intersects(s, 1, 0, 0f));
        assertTrue(Float.isFinite(s.area(0)));
    }

    @Test
    void oddCoordinateCountIsRejected() {
        rejected("shape=1: odd coordinate count 5 (expected x0, y0, x1, y1, ...)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 1, 0, 0}));
    }

    @Test
    void nullVertexArrayIsRejected() {
        rejected("shape=1: vertex array is null", () -> ConvexPolygons.of(TRIANGLE, null));
    }

    @Test
    void twoDistinctPointsRepeatedAreRejected() {
        rejected("shape=1: fewer than 3 distinct vertices (got 2)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 1, 1, 0, 0, 1, 1}));
    }

    @Test
    void onePointRepeatedIsRejected() {
        rejected("shape=1: fewer than 3 distinct vertices (got 1)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {2, 3, 2, 3, 2, 3}));
    }

    @Test
    void collinearPointsAreRejectedAsZeroArea() {
        rejected("shape=1: zero area (all vertices are collinear)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 1, 1, 3, 3, 2, 2}));
    }

    @Test
    void dartIsRejectedAsNonConvexNamingTheReflexVertex() {
        rejected("shape=1: non-convex (turn at vertex 2 has the opposite sign)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 4, 0, 1, 1, 0, 4}));
    }

    @Test
    void reflexVertexIsNamedByTheCallersIndexEvenAfterDuplicatesAreDropped() {
        rejected("shape=0: non-convex (turn at vertex 4 has the opposite sign)",
                () -> ConvexPolygons.of(new float[] {0, 0, 0, 0, 0, 0, 4, 0, 1, 1, 0, 4}));
    }

    @Test
    void reflexVertexIsNamedEvenWhenItComesFirst() {
        rejected("shape=0: non-convex (turn at vertex 0 has the opposite sign)",
                () -> ConvexPolygons.of(new float[] {1, 1, 0, 4, 0, 0, 4, 0}));
    }

    @Test
    void bowTieIsRejectedAsSelfIntersecting() {
        rejected("shape=1: self-intersecting (edges from vertex 0 and from vertex 2 cross)",
                () -> ConvexPolygons.of(TRIANGLE, new float[] {0, 0, 2, 2, 2, 0, 0, 2}));
    }

    @Test
    void pentagramIsRejectedAsSelfIntersecting() {
        // Every turn has the same sign, but the boundary goes round twice.
        float[] star = new float[10];
        for (int i = 0; i < 5; i++) {
            double t = Math.PI / 2 + 2 * (2 * Math.PI / 5) * i;
            star[2 * i] = (float) Math.cos(t);
            star[2 * i + 1] = (float) Math.sin(t);
        }
        rejected("shape=1: self-intersecting (the boundary winds round more than once)",
                () -> ConvexPolygons.of(TRIANGLE, star));
    }

    @Test
    void spikeThatDoublesBackIsRejectedRatherThanCutOff() {
        // (2,0) is collinear with its neighbours but not between them: dropping it would cut
        // the caller's shape down to the triangle (0,0), (1,0), (1,1).
        rejected("shape=0: self-intersecting (the boundary doubles back at vertex 1)",
                () -> ConvexPolygons.of(new float[] {0, 0, 2, 0, 1, 0, 1, 1}));
    }

    @Test
    void edgeWalkedTwiceIsRejectedAsSelfIntersecting() {
        rejected("shape=0: self-intersecting (the boundary doubles back at vertex 4)",
                () -> ConvexPolygons.of(new float[] {0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1}));
    }

    @Test
    void vertexVisitedTwiceIsRejectedAsSelfIntersecting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConvexPolygons.of(new float[] {0, 0, 1, 0, 1, 1, 0, 0, 0, 1}));
        assertTrue(e.getMessage().startsWith("shape=0: self-intersecting"), e.getMessage());
    }

    @Test
    void separateCoordinateArraysOfDifferentLengthsAreRejected() {
        rejected("shape=0: xs.length=3 != ys.length=2",
                () -> ConvexPolygons.builder().add(new float[] {0, 1, 0}, new float[] {0, 0}));
    }

    @Test
    void hullOfCollinearCloudIsRejectedNamingTheCloud() {
        rejected("shape=1: hull has zero area (2 distinct extreme points)",
                () -> ConvexPolygons.hullOf(TRIANGLE, new float[] {0, 0, 1, 1, 2, 2, 1, 1}));
    }

    @Test
    void hullOfCloudWithNanIsRejectedNamingThePoint() {
        rejected("shape=0: point 1 has non-finite x=NaN",
                () -> ConvexPolygons.hullOf(new float[] {0, 0, Float.NaN, 1, 2, 2}));
    }

    // ---- Canonical form --------------------------------------------------------------------

    @Test
    void clockwiseTriangleIsStoredCounterClockwise() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 0, 1, 1, 0});
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1}, s.vertices(0));
        assertEquals(0.5f, s.area(0));
    }

    @Test
    void counterClockwiseSquareIsStoredAsGiven() {
        float[] square = {0, 0, 2, 0, 2, 2, 0, 2};
        ConvexPolygons s = ConvexPolygons.of(square);
        assertArrayEquals(square, s.vertices(0));
        assertEquals(4f, s.area(0));
        assertEquals(1f, s.centroidX(0));
        assertEquals(1f, s.centroidY(0));
    }

    @Test
    void repeatedAndClosingVerticesAreDropped() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0});
        assertEquals(3, s.count(0));
        assertArrayEquals(new float[] {0, 0, 1, 0, 1, 1}, s.vertices(0));
    }

    @Test
    void vertexInTheMiddleOfAnEdgeIsDropped() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 2, 0, 2, 2, 0, 2});
        assertArrayEquals(new float[] {0, 0, 2, 0, 2, 2, 0, 2}, s.vertices(0));
    }

    @Test
    void severalVerticesAlongOneEdgeAreAllDropped() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 0, 4});
        assertArrayEquals(new float[] {0, 0, 4, 0, 0, 4}, s.vertices(0));
    }

    @Test
    void storeIsPaddedToItsCapacityClassWithTheLastVertexAndNormal() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 2, 1, 1, 2, 0, 1}, TRIANGLE);
        assertEquals(8, s.capacity(0));
        assertEquals(4, s.capacity(1));
        assertEquals(8, s.start(1));
        for (int i = 5; i < 8; i++) {
            assertEquals(0f, s.arrays().x[i]);
            assertEquals(1f, s.arrays().y[i]);
            assertEquals(s.arrays().enx[4], s.arrays().enx[i]);
            assertEquals(s.arrays().eny[4], s.arrays().eny[i]);
            assertEquals(s.arrays().nx[4], s.arrays().nx[i]);
            assertEquals(s.arrays().len[4], s.arrays().len[i]);
        }
        assertTrue(s.arrays().x.length >= 12 + ConvexPolygons.TAIL_SLACK);
    }

    @Test
    void capacityClassesAre4_8_16_32ThenMultiplesOf16() {
        int[][] expected = {{3, 4}, {4, 4}, {5, 8}, {8, 8}, {9, 16}, {16, 16}, {17, 32}, {32, 32},
            {33, 48}, {48, 48}, {49, 64}, {64, 64}, {65, 80}};
        for (int[] e : expected) {
            assertEquals(e[1], ConvexPolygons.capacityFor(e[0]), "k=" + e[0]);
        }
    }

    @Test
    void edgeNormalsPointOutwardWithTheEdgesLength() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 3, 0, 0, 4});
        // Edge 0 runs (0,0) -> (3,0): outward is -y, length 3.
        assertEquals(0f, s.arrays().enx[0]);
        assertEquals(-3f, s.arrays().eny[0]);
        assertEquals(3f, s.arrays().len[0]);
        // Edge 1 runs (3,0) -> (0,4): outward (4, 3), length 5.
        assertEquals(4f, s.arrays().enx[1]);
        assertEquals(3f, s.arrays().eny[1]);
        assertEquals(0.8f, s.arrays().nx[1]);
        assertEquals(0.6f, s.arrays().ny[1]);
        assertEquals(5f, s.arrays().len[1]);
    }

    @Test
    void queriesOutOfRangeNameTheIndex() {
        ConvexPolygons s = ConvexPolygons.of(TRIANGLE);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> s.count(1));
        assertEquals("shape=1: out of range [0, 1)", e.getMessage());
        e = assertThrows(IndexOutOfBoundsException.class, () -> s.vertexX(0, 3));
        assertEquals("shape=0: vertex=3 out of range [0, 3)", e.getMessage());
    }
}
