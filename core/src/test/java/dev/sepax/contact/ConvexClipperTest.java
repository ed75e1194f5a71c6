package dev.sepax.contact;

import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.testing.TestScenes;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/** The intersection polygon: its area against JTS, its vertices, and the degenerate cases. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class ConvexClipperTest {
    private static final double RELATIVE = 1e-5;

    @Property(tries = 400)
    void areaMatchesJts(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 20);
        IntersectionPolygon out = new IntersectionPolygon(4);
        double area = ConvexClipper.INSTANCE.intersect(s, 0, 1, out);
        double jts = TestScenes.jts(s, 0).intersection(TestScenes.jts(s, 1)).getArea();
        // Relative to the result, with a floor for slivers: an ulp-scale area around shapes of size M.
        double m = FindFixtures.magnitude(s, 0, 1);
        double floor = 1e-12 * m * m;
        assertEquals(jts, area, RELATIVE * jts + floor, "seed " + seed);
        assertEquals(area, out.area());
        assertTrue(area <= Math.min(s.area(0), s.area(1)) * (1 + RELATIVE));
    }

    @Property(tries = 300)
    void verticesLieInBothShapesAndTheResultIsConvexCcw(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 20);
        IntersectionPolygon out = new IntersectionPolygon(s);
        ConvexClipper.INSTANCE.intersect(s, 0, 1, out);
        double band = 4 * FloatBand.of(s, 0, 1);
        double m = FindFixtures.magnitude(s, 0, 1);
        int n = out.count();
        for (int i = 0; i < n; i++) {
            assertTrue(FindFixtures.outside(s, 0, out.x(i), out.y(i)) <= band);
            assertTrue(FindFixtures.outside(s, 1, out.x(i), out.y(i)) <= band);
            int j = (i + 1) % n;
            int k = (i + 2) % n;
            double cross = (out.x(j) - out.x(i)) * (out.y(k) - out.y(j)) - (out.y(j) - out.y(i)) * (out.x(k) - out.x(j));
            assertTrue(cross >= -1e-9 * m * m, "turn at vertex " + j + " is clockwise: " + cross);
        }
        // Non-empty exactly when the pair overlaps by more than the band.
        Penetrations p = new Penetrations(1);
        ScalarPenetration.INSTANCE.penetration(s, 0, 1, p, 0);
        if (p.depth(0) > band) {
            assertTrue(n >= 3);
        } else if (p.depth(0) < -band) {
            assertEquals(0, n);
        }
    }

    /**
     * Two regular 32-gons, one turned by half a step, intersect in a 64-gon: the most vertices two
     * convex polygons can share. A buffer sized for the store holds it without growing (the
     * clipper once asked for twice the current polygon before every pass).
     */
    @Test
    void aBufferSizedForTheStoreNeverGrowsOnTheLargestIntersection() {
        int k = 32;
        float[] a = new float[2 * k];
        float[] b = new float[2 * k];
        for (int i = 0; i < k; i++) {
            double ta = 2 * Math.PI * i / k;
            double tb = ta + Math.PI / k;
            a[2 * i] = (float) (100 * Math.cos(ta));
            a[2 * i + 1] = (float) (100 * Math.sin(ta));
            b[2 * i] = (float) (100 * Math.cos(tb));
            b[2 * i + 1] = (float) (100 * Math.sin(tb));
        }
        ConvexPolygons s = ConvexPolygons.of(a, b);
        IntersectionPolygon out = new IntersectionPolygon(s);
        double[][] arrays = {out.x, out.y, out.scratchX, out.scratchY};
        ConvexClipper.INSTANCE.intersect(s, 0, 1, out);
        assertEquals(2 * k, out.count());
        for (double[] array : new double[][] {out.x, out.y, out.scratchX, out.scratchY}) {
            boolean same = false;
            for (double[] before : arrays) {
                same |= array == before;
            }
            assertTrue(same, "the buffer grew to " + array.length + " vertices");
        }
    }

    @Test
    void disjointShapesGiveAnEmptyPolygon() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1), new float[] {1, 0, 0, 1, -1, 0, 0, -1},
                new float[] {4, 0, 3, 1, 2, 0, 3, -1});
        IntersectionPolygon out = new IntersectionPolygon(0);
        assertEquals(0.0, ConvexClipper.INSTANCE.intersect(s, 0, 1, out));
        assertTrue(out.isEmpty());
        // AABBs overlap but the diamonds do not.
        ConvexPolygons d = ConvexPolygons.of(new float[] {0, 0, 2, 0, 0, 2}, new float[] {2, 2, 1.5f, 1.0f, 1.0f, 1.5f});
        assertEquals(0.0, ConvexClipper.INSTANCE.intersect(d, 0, 1, out));
        assertEquals(0, out.count());
    }

    @Test
    void shapesTouchingAlongAnEdgeShareNoArea() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(1, 0, 2, 1), box(1, 1, 2, 2));
        IntersectionPolygon out = new IntersectionPolygon(s);
        assertEquals(0.0, ConvexClipper.INSTANCE.intersect(s, 0, 1, out));
        assertTrue(out.isEmpty());
        assertEquals(0.0, ConvexClipper.INSTANCE.intersect(s, 0, 2, out)); // corner to corner
        assertTrue(out.isEmpty());
    }

    @Test
    void identicalShapesIntersectInThemselves() {
        float[] hex = FindFixtures.convex(new SplittableRandom(3), 6, 10, -4, 2);
        ConvexPolygons s = ConvexPolygons.of(hex, hex);
        IntersectionPolygon out = new IntersectionPolygon(s);
        double area = ConvexClipper.INSTANCE.intersect(s, 0, 1, out);
        assertEquals(s.area(0), area, 1e-5 * area);
        assertEquals(6, out.count());
    }

    @Test
    void containedShapeIsTheIntersection() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 10, 10), new float[] {2, 2, 5, 3, 3, 6});
        IntersectionPolygon out = new IntersectionPolygon(s);
        assertEquals(s.area(1), ConvexClipper.INSTANCE.intersect(s, 0, 1, out), 1e-9);
        assertEquals(s.area(1), ConvexClipper.INSTANCE.intersect(s, 1, 0, out), 1e-9);
        assertEquals(3, out.count());
    }

    @Test
    void overlappingBoxesIntersectInABox() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 2, 2), box(1, 0.5f, 3, 1.5f));
        IntersectionPolygon out = new IntersectionPolygon(1); // grows as needed
        assertEquals(1.0, ConvexClipper.INSTANCE.intersect(s, 0, 1, out));
        assertEquals(4, out.count());
        double[] xy = out.toArray();
        for (int i = 0; i < xy.length; i += 2) {
            assertTrue(xy[i] == 1 || xy[i] == 2, "x=" + xy[i]);
            assertTrue(xy[i + 1] == 0.5 || xy[i + 1] == 1.5, "y=" + xy[i + 1]);
        }
    }

    private static float[] box(float x0, float y0, float x1, float y1) {
        return TestScenes.box(x0, y0, x1, y1);
    }
}
