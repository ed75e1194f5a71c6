package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.geom.Orientation;
import dev.sepax.testing.PropertyTimeout;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;

/**
 * What a decomposition must be, on generated concave polygons with 0-2 holes at every magnitude
 * regime: the parts are convex and counter-clockwise, their areas sum to the polygon's, no two
 * overlap (JTS intersection area), each lies inside the polygon (JTS), every input vertex lies
 * on some part (exact orientation tests), and a vertex cap is kept.
 */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class DecompositionPropertiesTest {

    @Property(tries = 200)
    void partsTileThePolygon(@ForAll long seed, @ForAll @IntRange(min = 5, max = 120) int k,
                             @ForAll @IntRange(min = 0, max = 2) int holes,
                             @ForAll @IntRange(min = 0, max = 3) int regime) {
        ConcaveFixtures.Regime r = ConcaveFixtures.REGIMES[regime];
        SplittableRandom rnd = new SplittableRandom(seed);
        float[][] rings = ConcaveFixtures.star(rnd, r.originX(), r.originY(), r.radius(), k, holes);
        check(rings, Decomposition.decompose(rings), r, Decomposition.NO_CAP);
    }

    @Property(tries = 100)
    void aVertexCapIsKept(@ForAll long seed, @ForAll @IntRange(min = 5, max = 80) int k,
                          @ForAll @IntRange(min = 3, max = 8) int cap,
                          @ForAll @IntRange(min = 0, max = 2) int holes) {
        ConcaveFixtures.Regime r = ConcaveFixtures.REGIMES[0];
        float[][] rings = ConcaveFixtures.star(new SplittableRandom(seed), 0, 0, 1, k, holes);
        check(rings, Decomposition.decompose(cap, rings), r, cap);
    }

    static void check(float[][] rings, float[][] parts, ConcaveFixtures.Regime r, int cap) {
        double ox = r.originX();
        double oy = r.originY();
        double area = 0;
        for (int i = 0; i < rings.length; i++) {
            area += Math.abs(ConcaveFixtures.area(rings[i], ox, oy)) * (i == 0 ? 1 : -1);
        }
        double sum = 0;
        for (float[] p : parts) {
            int n = p.length / 2;
            assertTrue(n >= 3 && n <= cap, "part has " + n + " vertices, cap " + cap);
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                int l = (i + 2) % n;
                int turn = Orientation.orient(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], p[2 * l], p[2 * l + 1]);
                assertTrue(turn >= 0, "part turns right at its vertex " + j);
            }
            double a = ConcaveFixtures.area(p, ox, oy);
            assertTrue(a > 0, "part is not counter-clockwise: area " + a);
            sum += a;
        }
        assertEquals(area, sum, 1e-9 * area, "areas");
        Polygon polygon = ConcaveFixtures.jts(rings, ox, oy);
        Geometry[] g = new Geometry[parts.length];
        for (int i = 0; i < parts.length; i++) {
            g[i] = ConcaveFixtures.jtsPart(parts[i], ox, oy);
            assertTrue(polygon.contains(g[i].getInteriorPoint()), "part " + i + " lies outside the polygon");
        }
        for (int i = 0; i < parts.length; i++) {
            for (int j = i + 1; j < parts.length; j++) {
                if (g[i].getEnvelopeInternal().intersects(g[j].getEnvelopeInternal())) {
                    double overlap = g[i].intersection(g[j]).getArea();
                    assertTrue(overlap <= 1e-9 * area, "parts " + i + " and " + j + " overlap by " + overlap);
                }
            }
        }
        for (float[] ring : rings) {
            for (int v = 0; v < ring.length / 2; v++) {
                assertTrue(onSomePart(ring[2 * v], ring[2 * v + 1], parts), "input vertex " + v + " is on no part");
            }
        }
    }

    private static boolean onSomePart(float x, float y, float[][] parts) {
        for (float[] p : parts) {
            int n = p.length / 2;
            boolean inside = true;
            for (int i = 0; i < n && inside; i++) {
                int j = (i + 1) % n;
                inside = Orientation.orient(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], x, y) >= 0;
            }
            if (inside) {
                return true;
            }
        }
        return false;
    }
}
