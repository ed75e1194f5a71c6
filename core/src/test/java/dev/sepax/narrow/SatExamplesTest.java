package dev.sepax.narrow;

import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Small pictures of the verdict contract, one case each. Shapes are listed CCW unless noted. */
class SatExamplesTest {
    static final SatKernel SCALAR = ScalarSat.INSTANCE;
    static final SatKernel TEXTBOOK = TextbookSat.INSTANCE;

    static float[] square(float x, float y, float side) {
        return new float[] {x, y, x + side, y, x + side, y + side, x, y + side};
    }

    static float[] diamond(float cx, float cy, float r) {
        return new float[] {cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy};
    }

    /** The verdict of pair (0, 1) and of pair (1, 0) at {@code tol}, which must agree. */
    static boolean verdict(SatKernel k, ConvexPolygons s, float tol) {
        boolean ab = k.intersects(s, 0, 1, tol);
        assertEquals(ab, k.intersects(s, 1, 0, tol), k.name() + ": (0,1) and (1,0) disagree");
        return ab;
    }

    @Test
    void overlappingSquaresIntersect() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 2), square(1, 1, 2));
        assertTrue(verdict(SCALAR, s, 0));
        assertTrue(verdict(TEXTBOOK, s, 0));
    }

    @Test
    void squareInsideSquareIntersects() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 10), square(4, 4, 1));
        assertTrue(verdict(SCALAR, s, 0));
        assertTrue(verdict(TEXTBOOK, s, 0));
    }

    @Test
    void squareTouchingSquareAlongEdgeIntersects() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(1, 0, 1));
        assertTrue(verdict(SCALAR, s, 0));
    }

    @Test
    void squareTouchingSquareAlongPartOfAnEdgeIntersects() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 2), square(2, 0.5f, 1));
        assertTrue(verdict(SCALAR, s, 0));
    }

    @Test
    void squaresTouchingAtACornerIntersect() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(1, 1, 1));
        assertTrue(verdict(SCALAR, s, 0));
    }

    @Test
    void diamondsTipToTipTouchingIntersect() {
        ConvexPolygons s = ConvexPolygons.of(diamond(0, 0, 1), diamond(2, 0, 1));
        assertTrue(verdict(SCALAR, s, 0));
    }

    @Test
    void diamondsTipToTipWithGapAreSeparated() {
        ConvexPolygons s = ConvexPolygons.of(diamond(0, 0, 1), diamond(2.25f, 0, 1));
        assertFalse(verdict(SCALAR, s, 0));
        assertFalse(verdict(TEXTBOOK, s, 0));
    }

    @Test
    void diamondsSideBySideWithGapAreSeparatedByAnEdgeNormalAlthoughTheirBoxesOverlap() {
        // Facing sides are parallel, 0.1 / sqrt(2) apart; the AABBs overlap by 0.95 in x and in y.
        ConvexPolygons s = ConvexPolygons.of(diamond(0, 0, 1), diamond(1.05f, 1.05f, 1));
        assertFalse(verdict(SCALAR, s, 0));
        assertFalse(verdict(TEXTBOOK, s, 0));
    }

    @Test
    void squaresApartAlongXAreSeparated() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(3, 0, 1));
        assertFalse(verdict(SCALAR, s, 0));
        assertFalse(verdict(TEXTBOOK, s, 0));
    }

    @Test
    void everyShapeIntersectsItself() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 3, 1, 1, 2});
        assertTrue(SCALAR.intersects(s, 0, 0, 0));
        assertTrue(TEXTBOOK.intersects(s, 0, 0, 0));
    }

    @Test
    void positiveToleranceReportsSquaresCloserThanIt() {
        // Gap 0.5 along x.
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(1.5f, 0, 1));
        for (SatKernel k : new SatKernel[] {SCALAR, TEXTBOOK}) {
            assertFalse(verdict(k, s, 0), k.name());
            assertFalse(verdict(k, s, 0.25f), k.name());
            assertTrue(verdict(k, s, 0.75f), k.name());
        }
    }

    @Test
    void negativeToleranceLetsShallowOverlapCountAsApart() {
        // Overlap 0.25 along x, 1 along y: the separation is -0.25.
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(0.75f, 0, 1));
        for (SatKernel k : new SatKernel[] {SCALAR, TEXTBOOK}) {
            assertTrue(verdict(k, s, 0), k.name());
            assertTrue(verdict(k, s, -0.125f), k.name());
            assertFalse(verdict(k, s, -0.5f), k.name());
        }
    }

    @Test
    void gapIsMeasuredOnTheOutwardSideOfEachEdge() {
        // B's edge (3,1)->(2,2) has outward normal (1,1)/sqrt(2); A lies behind that edge, 2.83
        // away on its inner side. The contract measures gaps on outward sides only, where the
        // best is the AABB's 2.0, so a tolerance of 2.5 reports the pair. Counting the inner side
        // too would give 2.83 and disagree with ScalarSat here.
        ConvexPolygons s = ConvexPolygons.of(new float[] {-2, -3, -1, -1, -3, -2}, new float[] {1, 1, 3, 1, 2, 2});
        assertEquals(2.0, TextbookSat.separation(s, 0, 1), 1e-12);
        assertEquals(2.0, TextbookSat.separation(s, 1, 0), 1e-12);
        for (SatKernel k : new SatKernel[] {SCALAR, TEXTBOOK}) {
            assertFalse(verdict(k, s, 1.5f), k.name());
            assertTrue(verdict(k, s, 2.5f), k.name());
        }
    }

    @Test
    void separationOfOverlappingSquaresIsMinusTheirPenetrationDepth() {
        ConvexPolygons s = ConvexPolygons.of(square(0, 0, 1), square(0.75f, 0.5f, 1));
        assertEquals(-0.25, TextbookSat.separation(s, 0, 1), 1e-12);
    }

    @Test
    void separatedPairShrunkTowardsTheOriginIsRefusedRatherThanMisjudged() {
        float[] a = {0.28113294f, 0.5785903f, 1.2811329f, 0.5785903f, 1.2811329f, 0.81380355f, 0.28113294f, 0.81380355f};
        float[] b = {-0.2312469f, 1.0552536f, -0.22109988f, 1.0317136f, 0.12348723f, 0.80468184f, 0.31455526f,
            0.83624417f, 0.44653925f, 0.9551716f, -0.03667338f, 1.2999035f};
        assertFalse(verdict(SCALAR, ConvexPolygons.of(a, b), 0));
        float f = 0x1p-95f;
        float[] as = a.clone();
        float[] bs = b.clone();
        for (int i = 0; i < as.length; i++) {
            as[i] *= f;
        }
        for (int i = 0; i < bs.length; i++) {
            bs[i] *= f;
        }
        // At 2^-95 the kernels' products would underflow and report this pair intersecting.
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ConvexPolygons.of(as, bs));
        assertTrue(e.getMessage().startsWith("shape=0: too small for float arithmetic"), e.getMessage());
    }

    @Test
    void triangleTouchingAVertexWithNearlyCollinearNeighboursIntersects() {
        // A's vertices 0, 1, 2 are nearly collinear but strictly convex (exact orientation > 0).
        float[] a = {6.5266254E-4f, 4.6218927E-5f, 1.9345722f, 0.69317734f, 3.7087321f, 1.3290495f,
            3.07286f, 3.1032095f, -0.63521945f, 1.7742062f};
        // B's first vertex is A's vertex 2, exactly; B lies in the outward cone there.
        float[] b = {3.7087321f, 1.3290495f, 4.026668f, 0.4419695f, 4.9137483f, 0.7599056f};
        ConvexPolygons s = ConvexPolygons.of(a, b);
        assertTrue(SCALAR.intersects(s, 0, 1, 0f), "A, B");
        assertTrue(SCALAR.intersects(s, 1, 0, 0f), "B, A");
        // The store dropped vertex 1, which float arithmetic cannot tell from collinear.
        assertEquals(4, s.count(0));
    }
}
