package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hand-made rings: real-data degeneracies that must work, and bad rings that must be named. */
@Timeout(30)
class DecompositionExamplesTest {
    private static final ConcaveFixtures.Regime UNIT = ConcaveFixtures.REGIMES[0];
    private static final float[] SQUARE = {0, 0, 10, 0, 10, 10, 0, 10};

    private static float[][] ok(int cap, float[]... rings) {
        float[][] parts = Decomposition.decompose(cap, rings);
        DecompositionPropertiesTest.check(rings, parts, UNIT, cap);
        return parts;
    }

    @Test
    void aCompoundWithARefusedPartLeavesTheBuilderAsItWas() {
        Compounds.Builder b = Compounds.builder();
        b.add(new float[] {10, 10, 11, 10, 11, 11});
        long vertices = b.decomposedVertices();
        // The square comes first in the parts' spatial order and is accepted; the triangle after
        // it decomposes but is too small for the store's float arithmetic.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.addMulti(
                new float[][] {{-3, -3, -2, -3, -2, -2, -3, -2}}, new float[][] {{0, 0, 1e-31f, 0, 0, 1e-31f}}));
        assertTrue(e.getMessage().startsWith("compound=1: a convex part is refused by the store: shape=2: too small"),
                e.getMessage());
        assertEquals(1, b.size());
        assertEquals(vertices, b.decomposedVertices());
        b.add(new float[] {20, 20, 21, 20, 21, 21});
        Compounds c = b.build();
        assertEquals(2, c.size());
        assertEquals(2, c.parts().size(), "the refused compound's square must not stay as a part");
        assertEquals(0, c.parent(0));
        assertEquals(1, c.parent(1));
        assertEquals(20f, c.minX(1));
    }

    @Test
    void aConvexPolygonIsOnePart() {
        assertEquals(1, ok(Decomposition.NO_CAP, SQUARE).length);
    }

    @Test
    void anLShapeIsTwoParts() {
        assertEquals(2, ok(Decomposition.NO_CAP, new float[] {0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2}).length);
    }

    @Test
    void aSquareHoleIsBridged() {
        ok(Decomposition.NO_CAP, SQUARE, new float[] {4, 4, 6, 4, 6, 6, 4, 6});
        ok(4, SQUARE, new float[] {4, 4, 4, 6, 6, 6, 6, 4});
    }

    @Test
    void duplicateCollinearAndClosingPointsAreCleaned() {
        float[] messy = {0, 0, 0, 0, 5, 0, 10, 0, 10, 10, 10, 10, 5, 5, 0, 10, 0, 5, 0, 0};
        ok(Decomposition.NO_CAP, messy);
    }

    @Test
    void aHoleTouchingTheOuterRingAtAVertexWorks() {
        ok(Decomposition.NO_CAP, SQUARE, new float[] {10, 10, 6, 4, 4, 6});
    }

    @Test
    void aHoleTouchingTheOuterRingInsideAnEdgeWorks() {
        ok(Decomposition.NO_CAP, SQUARE, new float[] {10, 5, 6, 3, 6, 7});
    }

    @Test
    void twoHolesSharingAVertexWork() {
        ok(Decomposition.NO_CAP, SQUARE, new float[] {5, 5, 3, 2, 2, 4}, new float[] {5, 5, 8, 6, 7, 8});
    }

    /**
     * Found by random data against JTS. The first hole touches the outer ring at its vertex 0
     * (a bridge of length zero puts copies of that point next to each other in the ring); the
     * second hole's bridge candidates there had the copies as neighbours, so no wedge held it
     * and the ear clipper was left with no ear.
     */
    @Test
    void aHoleBridgedNextToAHoleTouchingTheRingAtAVertex() {
        float[] outer = {1612.2473f, -537.50665f, 1076.7286f, -789.1248f, 672.80475f, -878.8624f, 383.73373f,
            -284.20227f, 1122.5647f, 605.692f, 1056.248f, 71.34788f, 1694.1453f, 158.87633f};
        float[] touching = {540.8267f, -484.9329f, 558.2984f, -427.20706f, 627.82684f, -311.7564f, 1612.2473f,
            -537.50665f};
        float[] other = {1568.2644f, -406.6337f, 1506.4418f, -447.35306f, 1466.4218f, -225.79407f, 1502.5549f,
            -336.61465f};
        ok(Decomposition.NO_CAP, outer, touching, other);
    }

    /**
     * Found by random data against JTS (a valid polygon). Hole 2 touches the outer ring at
     * (135, -67.5) and hole 1 at (157.5, -45); an ear cut off the corner between hole 2 and the
     * ring along hole 2's edge, leaving a spike, and the next ear took the spike's side as its own:
     * a triangle of hole 2 became a part.
     */
    @Test
    void anEarNextToASpikeLeftByAnEarlierEarIsNotClipped() {
        float[] outer = {224.9875f, -67.49625f, 292.48376f, -89.995f, 202.48875f, -157.49126f, 179.99f, -202.48875f,
            157.49126f, -134.9925f, 157.49126f, -112.49375f, 112.49375f, -179.99f, 134.9925f, -67.49625f, 44.9975f,
            -67.49625f, 44.9975f, -44.9975f, 0.0f, -44.9975f, 22.49875f, 22.49875f, 67.49625f, 44.9975f, 134.9925f,
            0.0f, 247.48625f, 67.49625f, 337.48126f, 22.49875f};
        float[] hole1 = {202.48875f, -22.49875f, 202.48875f, 0.0f, 179.99f, 0.0f, 157.49126f, -44.9975f};
        float[] hole2 = {179.99f, -67.49625f, 157.49126f, -89.995f, 157.49126f, -67.49625f, 134.9925f, -67.49625f,
            157.49126f, -44.9975f};
        ok(Decomposition.NO_CAP, outer, hole1, hole2);
    }

    @Test
    void aComb() {
        float[] comb = {0, 0, 9, 0, 9, 5, 8, 5, 8, 1, 7, 1, 7, 5, 6, 5, 6, 1, 5, 1, 5, 5, 4, 5, 4, 1, 3, 1, 3, 5,
                        2, 5, 2, 1, 1, 1, 1, 5, 0, 5};
        float[][] parts = ok(Decomposition.NO_CAP, comb);
        assertTrue(parts.length <= 4 * 6, "parts " + parts.length);
    }

    @Test
    void aBowTieIsRejectedNamingRingAndVertex() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(new float[] {0, 0, 2, 2, 2, 0, 0, 2}));
        assertTrue(e.getMessage().startsWith("ring=0 vertex="), e.getMessage());
        assertTrue(e.getMessage().contains("self-intersection"), e.getMessage());
    }

    @Test
    void loopsTouchingAtAVertexWorkWhenTheirPassesDoNotCross() {
        // Two triangles kissing at (2, 2); a clockwise loop inside the square at its corner (0, 0),
        // which is a hole touching the outer ring there.
        ok(Decomposition.NO_CAP, new float[] {0, 0, 4, 0, 2, 2, 4, 4, 0, 4, 2, 2});
        float[][] parts = ok(Decomposition.NO_CAP, new float[] {0, 0, 1, 4, 4, 1, 0, 0, 10, 0, 10, 10, 0, 10});
        double area = 0;
        for (float[] p : parts) {
            area += ConcaveFixtures.area(p, 0, 0);
        }
        assertEquals(100 - 7.5, area, 1e-9);
    }

    /**
     * The edges meet only at the shared vertex, so no edge crosses another; the passes through
     * it do. Ear clipping then made parts outside the polygon, or covered the loop twice.
     */
    @Test
    void passesCrossingAtASharedVertexAreRejectedNamingBoth() {
        // A bow tie whose crossing is a vertex of both loops.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(new float[] {1, 0, 4, 0, 2, 2, 0, 3, 4, 4, 2, 2}));
        assertTrue(e.getMessage().startsWith("ring=0 vertex="), e.getMessage());
        assertTrue(e.getMessage().contains("self-intersection"), e.getMessage());
        assertTrue(e.getMessage().contains("vertex=2") && e.getMessage().contains("vertex=5"), e.getMessage());
        // A counter-clockwise loop inside the square: its inside would be covered twice.
        e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(new float[] {0, 0, 4, 1, 1, 4, 0, 0, 10, 0, 10, 10, 0, 10}));
        assertTrue(e.getMessage().contains("vertex=0") && e.getMessage().contains("vertex=3"), e.getMessage());
        // A hole with two vertices on the outer ring's edge, crossing it at both: it leaves the
        // square through (10, 3) and comes back through (10, 7); its first vertex is inside.
        e = assertThrows(IllegalArgumentException.class, () -> Decomposition.decompose(SQUARE,
                new float[] {8, 5, 10, 3, 12, 5, 10, 7}));
        assertTrue(e.getMessage().contains("self-intersection"), e.getMessage());
        // Random data: the case found (a loop of the outer ring crossing it at a vertex; its parts
        // covered 7000 square units outside the ring).
        e = assertThrows(IllegalArgumentException.class, () -> Decomposition.decompose(new float[] {
            308.5543f, 77.13857f, 231.41571f, 25.712856f, 282.84143f, 102.851425f, 257.12857f, 51.425713f,
            231.41571f, 25.712856f, 154.27715f, 0.0f, 102.851425f, 51.425713f, 77.13857f, 77.13857f,
            77.13857f, 51.425713f, 77.13857f, 0.0f, 51.425713f, -25.712856f, 102.851425f, -179.99f,
            179.99f, -205.70285f, 179.99f, -102.851425f, 231.41571f, -205.70285f, 231.41571f, -231.41571f,
            308.5543f, -154.27715f, 282.84143f, -51.425713f}));
        assertTrue(e.getMessage().startsWith("ring=0 vertex=1: ") || e.getMessage().startsWith("ring=0 vertex=4: "),
                e.getMessage());
    }

    @Test
    void aSpikeIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(new float[] {0, 0, 4, 0, 4, 4, 2, 4, 2, 6, 2, 4, 0, 4}));
        assertTrue(e.getMessage().startsWith("ring=0 vertex=4"), e.getMessage());
        assertTrue(e.getMessage().contains("doubles back"), e.getMessage());
    }

    @Test
    void aHoleOutsideIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(SQUARE, new float[] {20, 20, 21, 20, 21, 21}));
        assertTrue(e.getMessage().startsWith("ring=1 "), e.getMessage());
    }

    @Test
    void aHoleCrossingTheOuterRingIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(SQUARE, new float[] {8, 4, 12, 4, 12, 6, 8, 6}));
        assertTrue(e.getMessage().contains("self-intersection"), e.getMessage());
    }

    @Test
    void badCoordinatesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Decomposition.decompose(SQUARE, new float[] {4, 4, Float.NaN, 4, 6, 6}));
        assertTrue(e.getMessage().startsWith("ring=1 vertex=1: x=NaN"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Decomposition.decompose(new float[] {0, 0, 1, 1, 2, 2}));
        assertThrows(IllegalArgumentException.class, () -> Decomposition.decompose(2, SQUARE));
    }
}
