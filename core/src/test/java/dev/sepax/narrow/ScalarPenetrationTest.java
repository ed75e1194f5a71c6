package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;
import dev.sepax.testing.FindFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.ForAll;
import net.jqwik.api.Example;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Polygon;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/** Geometric truths of the penetration (MTV) query, checked on the scalar reference kernel. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class ScalarPenetrationTest {
    private static final PenetrationKernel K = ScalarPenetration.INSTANCE;

    private static Penetrations run(ConvexPolygons s, int a, int b) {
        Penetrations out = new Penetrations(1);
        K.penetration(s, a, b, out, 0);
        return out;
    }

    /** The test band: a few times the verdict kernels' float band, plus the rounding of moving B. */
    private static double band(ConvexPolygons s, int a, int b) {
        return 4 * FloatBand.of(s, a, b);
    }

    @Property(tries = 400)
    void movingBByDepthPlusBandAlongTheNormalSeparates(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 20);
        Penetrations p = run(s, 0, 1);
        Assume.that(p.depth(0) >= 0); // the property is about intersecting pairs
        double band = band(s, 0, 1);
        double n = p.depth(0) + band;
        ConvexPolygons apart = FindFixtures.withBMoved(s, 0, 1, n * p.normalX(0), n * p.normalY(0));
        assertFalse(ScalarSat.INSTANCE.intersects(apart, 0, 1, 0f), "depth=" + p.depth(0) + " axis=" + p.axis(0));
        double m = p.depth(0) - band;
        ConvexPolygons still = FindFixtures.withBMoved(s, 0, 1, m * p.normalX(0), m * p.normalY(0));
        assertTrue(ScalarSat.INSTANCE.intersects(still, 0, 1, 0f), "depth=" + p.depth(0) + " axis=" + p.axis(0));
    }

    @Property(tries = 300)
    void separatedPairsStaySeparatedWhenMovedCloserByLessThanTheGap(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 20);
        Penetrations p = run(s, 0, 1);
        double gap = -p.depth(0);
        double band = band(s, 0, 1);
        Assume.that(gap > 2 * band); // clearly separated pairs only
        double m = gap - band;
        ConvexPolygons closer = FindFixtures.withBMoved(s, 0, 1, -m * p.normalX(0), -m * p.normalY(0));
        assertFalse(ScalarSat.INSTANCE.intersects(closer, 0, 1, 0f), "gap=" + gap);
    }

    @Property(tries = 300)
    void separationIsALowerBoundOfTheTrueDistance(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 16);
        Penetrations p = run(s, 0, 1);
        double band = band(s, 0, 1);
        double distance = TestScenes.jts(s, 0).distance(TestScenes.jts(s, 1));
        if (p.depth(0) < 0) {
            assertTrue(-p.depth(0) <= distance + band, "gap=" + -p.depth(0) + " distance=" + distance);
            assertTrue(distance > 0 || -p.depth(0) <= band);
        } else {
            assertTrue(distance <= band, "depth=" + p.depth(0) + " but distance=" + distance);
        }
    }

    @Property(tries = 400)
    void signOfDepthIsSatKernelsVerdictOutsideTheBand(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = FindFixtures.randomPair(rnd, 20);
        Penetrations p = run(s, 0, 1);
        double band = band(s, 0, 1);
        // At tolerance t, SatKernel separates iff the best separation (-depth) exceeds t.
        float t = rnd.nextBoolean() ? 0f : (float) (rnd.nextDouble(-0.5, 0.5) * Math.abs(p.depth(0)) * 2);
        Assume.that(Math.abs(-p.depth(0) - t) > band); // outside the band the verdict is exact
        Statistics.label("verdict").collect(-p.depth(0) <= t ? "intersecting" : "separated");
        Statistics.label("verdict").coverage(c -> {
            c.check("intersecting").percentage(pct -> pct > 10);
            c.check("separated").percentage(pct -> pct > 10);
        });
        assertEquals(-p.depth(0) <= t, ScalarSat.INSTANCE.intersects(s, 0, 1, t), "depth=" + p.depth(0) + " t=" + t);
    }

    @Property(tries = 40)
    void depthIsTheLeastOverlapOver10000Directions(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = FindFixtures.randomPair(rnd, 24);
        Penetrations p = run(s, 0, 1);
        double band = band(s, 0, 1);
        double depth = p.depth(0);
        Statistics.label("pair").collect(depth >= 0 ? "overlapping" : "apart");
        // Enough overlapping pairs to mean something (about half of the pairs are).
        Statistics.label("pair").coverage(c -> c.check("overlapping").count(n -> n >= 10));
        Assume.that(depth >= 0); // a least overlap is a property of intersecting pairs
        for (int i = 0; i < 10_000; i++) {
            double ang = rnd.nextDouble(2 * Math.PI);
            double o = FindFixtures.overlapAlong(s, 0, 1, Math.cos(ang), Math.sin(ang));
            assertTrue(o >= depth - band, "overlap " + o + " along " + ang + " < depth " + depth);
        }
        // ... and it is attained along the reported normal (one-sided: B pushed along +normal).
        double along = FindFixtures.overlapAlong(s, 0, 1, p.normalX(0), p.normalY(0));
        assertEquals(depth, along, band);
    }

    @Property(tries = 300)
    void swappingAAndBFlipsTheNormalAndKeepsTheDepth(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 20);
        Penetrations ab = run(s, 0, 1);
        Penetrations ba = run(s, 1, 0);
        // The candidate values are the same set, so the depth is the same float.
        assertEquals(Float.floatToRawIntBits(ab.depth(0)), Float.floatToRawIntBits(ba.depth(0)));
        // The same axis wins, seen from the other side, unless an edge of each shape ties
        // (equal separations, which the support form makes possible for nearly antiparallel
        // edges): the first axis in the order then picks the first shape's edge both ways, as
        // PenetrationKernel states. The depth is the same float either way (above).
        int code = ab.axis(0);
        int swapped = code == Penetrations.AXIS_WORLD_X || code == Penetrations.AXIS_WORLD_Y ? code : -code;
        boolean sameAxis = swapped == ba.axis(0);
        Statistics.label("tie between the shapes").collect(!sameAxis);
        assertTrue(sameAxis || (code > 0 && ba.axis(0) > 0), "axes " + code + " / " + ba.axis(0));
        if (sameAxis) {
            assertEquals(0f - ab.normalX(0), ba.normalX(0));
            assertEquals(0f - ab.normalY(0), ba.normalY(0));
        }
    }

    /** A pair where an edge of each shape ties (found by the property above). */
    @Example
    void aTieBetweenTheShapesPicksTheFirstShapesEdgeBothWays() {
        swappingAAndBFlipsTheNormalAndKeepsTheDepth(3764963206L);
    }

    @Property(tries = 50)
    void batchEqualsSinglePairCalls(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = FindFixtures.mixedStore(rnd, 30, 12);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.5f);
        Penetrations batch = new Penetrations(pairs.size() + 3);
        int hits = K.penetrations(s, pairs, batch);
        int count = 0;
        Penetrations one = new Penetrations(1);
        for (int i = 0; i < pairs.size(); i++) {
            boolean hit = K.penetration(s, pairs.shapeA(i), pairs.shapeB(i), one, 0);
            count += hit ? 1 : 0;
            assertEquals(hit, batch.intersects(i));
            assertEquals(one.depth(0), batch.depth(i));
            assertEquals(one.normalX(0), batch.normalX(i));
            assertEquals(one.normalY(0), batch.normalY(i));
            assertEquals(one.axis(0), batch.axis(i));
        }
        assertEquals(count, hits);
    }

    @Test
    void parallelEdgesOfOverlappingBoxesGiveTheAxisOfLeastOverlap() {
        ConvexPolygons s = ConvexPolygons.of(TestScenes.box(0, 0, 2, 2), TestScenes.box(1.5f, 0.5f, 3.5f, 1.5f));
        Penetrations p = run(s, 0, 1);
        assertEquals(0.5f, p.depth(0));
        assertEquals(1f, p.normalX(0));
        assertEquals(0f, p.normalY(0));
        assertTrue(p.axis(0) > 0, "an edge of A beats the equal world axis: axis=" + p.axis(0));
    }

    @Test
    void vertexExactlyOnAnEdgeTouchesWithDepthZero() {
        ConvexPolygons s = ConvexPolygons.of(TestScenes.box(0, 0, 2, 2), new float[] {1, 2, 2, 4, 0, 4});
        Penetrations p = run(s, 0, 1);
        assertEquals(0, Float.floatToRawIntBits(p.depth(0)), "depth must be +0, was " + p.depth(0));
        assertEquals(0f, p.normalX(0));
        assertEquals(1f, p.normalY(0));
        assertTrue(p.intersects(0));
    }

    @Test
    void identicalShapesOverlapByTheirLeastWidth() {
        ConvexPolygons s = ConvexPolygons.of(TestScenes.box(0, 0, 3, 1), TestScenes.box(0, 0, 3, 1));
        Penetrations p = run(s, 0, 1);
        assertEquals(1f, p.depth(0));
        assertEquals(0f, p.normalX(0));
        assertEquals(1f, Math.abs(p.normalY(0)));
        // The first of the tied axes wins: an edge of A.
        assertTrue(p.axis(0) > 0);
        ConvexPolygons moved = FindFixtures.withBMoved(s, 0, 1, 1.001 * p.normalX(0), 1.001 * p.normalY(0));
        assertFalse(ScalarSat.INSTANCE.intersects(moved, 0, 1, 0f));
    }

    @Test
    void containedShapeIsPushedOutThroughTheNearestSide() {
        ConvexPolygons s = ConvexPolygons.of(TestScenes.box(0, 0, 10, 10), TestScenes.box(1, 4, 2, 6));
        Penetrations p = run(s, 0, 1);
        assertEquals(2f, p.depth(0));
        assertEquals(-1f, p.normalX(0));
        assertEquals(0f, p.normalY(0));
        // A's left edge and B's right edge tie at -2; A's edges come first.
        assertTrue(p.axis(0) > 0, "axis=" + p.axis(0));
        // Seen from the small shape, the container is pushed the other way.
        Penetrations q = run(s, 1, 0);
        assertEquals(2f, q.depth(0));
        assertEquals(1f, q.normalX(0));
    }

    @Test
    void farApartPairsReportTheWorldAxisGapWhenItBeatsEveryEdge() {
        // Two diamonds corner to corner: every edge normal is diagonal, the x gap is larger.
        ConvexPolygons s = ConvexPolygons.of(new float[] {1, 0, 0, 1, -1, 0, 0, -1},
                new float[] {4, 0, 3, 1, 2, 0, 3, -1});
        Penetrations p = run(s, 0, 1);
        assertEquals(-1f, p.depth(0));
        assertEquals(Penetrations.AXIS_WORLD_X, p.axis(0));
        assertEquals(1f, p.normalX(0));
        assertFalse(p.intersects(0));
    }

    @Test
    void badArgumentsAreRejectedWithTheirNames() {
        ConvexPolygons s = ConvexPolygons.of(TestScenes.box(0, 0, 1, 1));
        PairBatch pairs = PairBatch.of(new int[] {0, 0}, new int[] {0, 0}, s);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> K.penetrations(s, pairs, 0, 2, new Penetrations(1)));
        assertTrue(e.getMessage().contains("out.capacity=1"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> K.penetration(s, 0, 1, new Penetrations(1), 0));
        assertThrows(IndexOutOfBoundsException.class, () -> K.penetration(s, 0, 0, new Penetrations(1), 1));
        assertThrows(IndexOutOfBoundsException.class, () -> K.penetrations(s, pairs, 1, 0, new Penetrations(2)));
    }
}
