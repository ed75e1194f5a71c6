package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;

/** Small pictures of ConvexPolygons.hull and hullOf. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HullExamplesTest {
    @Test
    void hullOfASquareWithInteriorEdgeAndRepeatedPointsIsTheSquareFromItsLowestLeftmostCorner() {
        float[] cloud = {
            2, 2, 1, 1, 0, 2, 2, 0, // corners and the centre, in no order
            1, 0, 0, 1, 2, 1, 1, 2, // midpoints of the sides: collinear, dropped
            0, 0, 0, 0, 2, 2,       // repeats
        };
        assertArrayEquals(new float[] {0, 0, 2, 0, 2, 2, 0, 2}, ConvexPolygons.hull(cloud));
    }

    @Test
    void signedZerosAreOnePoint() {
        assertArrayEquals(new float[] {-0f, 0, 1, 0, 0, 1}, ConvexPolygons.hull(-0f, 0, 0, 0, 1, 0, 0, 1),
                "the first of the equal points is kept");
        assertEquals(3, ConvexPolygons.hullOf(new float[] {0, 0, -0f, -0f, 1, 0, 0, 1}).count(0));
    }

    @Test
    void aNegativeZeroCoordinateSortsByValue() {
        // Sorted by Float.compare, (-0, 2) came before (0, 0) and the chain lost the corner (0, 0).
        assertArrayEquals(new float[] {0, 0, 1, 1, -0f, 2}, ConvexPolygons.hull(-0f, 2, 0f, 0, 0f, 1, 1f, 1));
        assertArrayEquals(new float[] {0, 0, 2, 0, 1, 1}, ConvexPolygons.hull(1, 1, 0, 0, 0, -0f, 2, 0, 1, 0));
    }

    @Test
    void hullOfAClockwisePolygonIsItsCounterClockwiseForm() {
        ConvexPolygons s = ConvexPolygons.hullOf(new float[] {0, 0, 0, 3, 3, 3, 3, 0});
        assertArrayEquals(new float[] {0, 0, 3, 0, 3, 3, 0, 3}, s.vertices(0));
        assertEquals(9f, s.area(0));
    }

    @Test
    void hullOfThreePointsOnALineIsRefused() {
        ConvexPolygonsValidationTest.rejected("shape=0: hull has zero area (2 distinct extreme points)",
                () -> ConvexPolygons.hull(0, 0, 5, 5, 2, 2));
    }

    @Test
    void aNearlyFlatTriangleIsItsOwnHullButTheStoreRefusesIt() {
        // The third vertex lies within a few ulps of the line through the first two: the exact
        // hull keeps all three, but the kernels' float separations cannot give it an inside.
        float[] sliver = {-0.19988272f, -0.07484869f, -0.19953662f, -0.074719094f, 0.14305854f, 0.053570434f};
        assertEquals(6, ConvexPolygons.hull(sliver).length);
        ConvexPolygonsValidationTest.rejected("shape=0: zero area at float precision (its vertices are nearly collinear)",
                () -> ConvexPolygons.of(ConvexPolygons.hull(sliver)));
        ConvexPolygonsValidationTest.rejected("shape=0: zero area at float precision (its vertices are nearly collinear)",
                () -> ConvexPolygons.hullOf(sliver));
    }

    @Test
    void hullOfNoPointsIsRefused() {
        ConvexPolygonsValidationTest.rejected("shape=0: hull has zero area (0 distinct extreme points)",
                () -> ConvexPolygons.hull());
    }

    @Test
    void hullOfAnOddCoordinateCountIsRefused() {
        ConvexPolygonsValidationTest.rejected("shape=0: point array is null or has an odd length",
                () -> ConvexPolygons.hull(0, 0, 1));
    }
}
