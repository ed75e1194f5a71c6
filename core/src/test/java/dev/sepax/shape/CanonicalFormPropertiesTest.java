package dev.sepax.shape;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.testing.Polygons;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The store's canonical form (CCW, no duplicates, no collinear vertices), the validator's
 * accept/reject decision against an independent oracle, and the hull builder.
 */
class CanonicalFormPropertiesTest {
    @Provide
    Arbitrary<float[]> shapes() {
        return Polygons.convex();
    }

    @Property
    void eitherWindingFromAnyStartIsStoredCounterClockwiseWithTheSameVertices(@ForAll("shapes") float[] p,
            @ForAll @IntRange(min = 0, max = 63) int start, @ForAll boolean clockwise) {
        float[] input = Polygons.rotatedStart(clockwise ? Polygons.reversed(p) : p, start % Polygons.count(p));
        ConvexPolygons s = ConvexPolygons.of(input);
        assertTrue(s.area(0) > 0, "area " + s.area(0));
        // Compared with the store's own form of p: welding (FloatConsistency) must not depend on
        // the start vertex or the winding either.
        assertSameCycle(ConvexPolygons.of(p).vertices(0), s.vertices(0));
    }

    @Property
    void duplicatesAndVerticesOnEdgesAreDropped(@ForAll("shapes") float[] p, @ForAll long seed) {
        // Repeat some vertices and insert float points lying exactly on edges; the store must
        // give back the original cycle.
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        List<Float> xy = new ArrayList<>();
        int k = Polygons.count(p);
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            int copies = r.nextInt(4) == 0 ? 2 : 1;
            for (int c = 0; c < copies; c++) {
                xy.add(p[2 * i]);
                xy.add(p[2 * i + 1]);
            }
            if (r.nextBoolean()) {
                float mx = (p[2 * i] + p[2 * j]) / 2;
                float my = (p[2 * i + 1] + p[2 * j + 1]) / 2;
                boolean onEdge = Polygons.orient(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], mx, my) == 0
                        && !(mx == p[2 * i] && my == p[2 * i + 1]) && !(mx == p[2 * j] && my == p[2 * j + 1]);
                if (onEdge) {
                    xy.add(mx);
                    xy.add(my);
                }
            }
        }
        float[] input = new float[xy.size()];
        for (int i = 0; i < input.length; i++) {
            input[i] = xy.get(i);
        }
        // The store may also weld vertices that float arithmetic cannot tell from collinear
        // (FloatConsistency); it must do the same with and without the extra points.
        assertSameCycle(ConvexPolygons.of(p).vertices(0), ConvexPolygons.of(input).vertices(0));
    }

    /** Small polygons on a 5 x 5 integer grid: full of duplicates, collinear runs and spikes. */
    @Provide
    Arbitrary<float[]> gridPolygons() {
        return Arbitraries.integers().between(0, 4).map(Integer::floatValue)
                .array(float[].class).ofMinSize(6).ofMaxSize(16)
                .filter(a -> a.length % 2 == 0);
    }

    @Property(tries = 3000)
    void validatorAcceptsExactlyTheBoundariesThatWalkRoundTheirHullOnce(@ForAll("gridPolygons") float[] p) {
        float[] hull = Polygons.hullOrNull(p);
        boolean valid = hull != null && walksRoundHullOnce(p, hull);
        try {
            ConvexPolygons s = ConvexPolygons.of(p);
            assertTrue(valid, "accepted an invalid polygon, stored as " + java.util.Arrays.toString(s.vertices(0)));
            assertSameCycle(hull, s.vertices(0));
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("shape=0: "), e.getMessage());
            if (valid) {
                fail("rejected a valid polygon: " + e.getMessage());
            }
        }
    }

    /**
     * The oracle: every point lies on the hull's boundary and, going round the input, the
     * position along the boundary moves one way (either) and wraps exactly once.
     */
    private static boolean walksRoundHullOnce(float[] p, float[] hull) {
        int n = Polygons.count(p);
        double[] pos = new double[n];
        for (int i = 0; i < n; i++) {
            pos[i] = boundaryPosition(hull, p[2 * i], p[2 * i + 1]);
            if (Double.isNaN(pos[i])) {
                return false;
            }
        }
        return wrapsOnce(pos, 1) || wrapsOnce(pos, -1);
    }

    private static boolean wrapsOnce(double[] pos, int direction) {
        int wraps = 0;
        for (int i = 0; i < pos.length; i++) {
            double d = direction * (pos[(i + 1) % pos.length] - pos[i]);
            if (d < 0) {
                wraps++;
            }
        }
        return wraps == 1;
    }

    /** Edge index plus fraction along it, for a point on the CCW hull's boundary; else NaN. */
    private static double boundaryPosition(float[] h, float x, float y) {
        int k = Polygons.count(h);
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            float ax = h[2 * i];
            float ay = h[2 * i + 1];
            float bx = h[2 * j];
            float by = h[2 * j + 1];
            if (x == ax && y == ay) {
                return i;
            }
            if (Polygons.orient(ax, ay, bx, by, x, y) == 0
                    && Math.min(ax, bx) <= x && x <= Math.max(ax, bx) && Math.min(ay, by) <= y && y <= Math.max(ay, by)
                    && !(x == bx && y == by)) {
                double t = Math.abs(bx - ax) >= Math.abs(by - ay) ? (x - ax) / (double) (bx - ax) : (y - ay) / (double) (by - ay);
                return i + t;
            }
        }
        return Double.NaN;
    }

    /** Asserts that {@code actual} is {@code expected}'s vertex cycle, same direction, any start. */
    static void assertSameCycle(float[] expected, float[] actual) {
        assertEquals(expected.length, actual.length, "vertex count");
        int k = Polygons.count(expected);
        for (int s = 0; s < k; s++) {
            if (actual[0] == expected[2 * s] && actual[1] == expected[2 * s + 1]) {
                assertArrayEquals(Polygons.rotatedStart(expected, s), actual);
                return;
            }
        }
        fail("first stored vertex is not an input vertex");
    }

    // ---- Hull ------------------------------------------------------------------------------

    @Provide
    Arbitrary<float[]> clouds() {
        Arbitrary<float[]> grid = Arbitraries.integers().between(-3, 3).map(Integer::floatValue)
                .array(float[].class).ofMinSize(2).ofMaxSize(40).filter(a -> a.length % 2 == 0);
        Arbitrary<float[]> wide = Arbitraries.floats().between(-1e6f, 1e6f)
                .array(float[].class).ofMinSize(2).ofMaxSize(200).filter(a -> a.length % 2 == 0);
        Arbitrary<float[]> vertices = Polygons.convex();
        return Arbitraries.oneOf(grid, wide, vertices);
    }

    @Property
    void hullContainsEveryPointIsStrictlyConvexAndUsesOnlyInputPoints(@ForAll("clouds") float[] cloud) {
        float[] h = Polygons.hullOrNull(cloud);
        if (h == null) {
            // Only a cloud without area may be refused.
            for (int i = 2; i < cloud.length; i += 2) {
                for (int j = i + 2; j < cloud.length; j += 2) {
                    assertEquals(0, Polygons.orient(cloud[0], cloud[1], cloud[i], cloud[i + 1], cloud[j], cloud[j + 1]),
                            "refused a cloud with area");
                }
            }
            return;
        }
        assertTrue(Polygons.isStrictlyConvexCcw(h), "strictly convex CCW");
        for (int i = 0; i < cloud.length; i += 2) {
            assertTrue(Polygons.contains(h, cloud[i], cloud[i + 1]), "point " + i / 2 + " outside");
        }
        for (int v = 0; v < h.length; v += 2) {
            boolean found = false;
            for (int i = 0; i < cloud.length && !found; i += 2) {
                found = cloud[i] == h[v] && cloud[i + 1] == h[v + 1];
            }
            assertTrue(found, "hull vertex " + v / 2 + " is not an input point");
        }
    }

    @Property
    void hullIsIdempotent(@ForAll("clouds") float[] cloud) {
        float[] h = Polygons.hullOrNull(cloud);
        if (h != null) {
            assertArrayEquals(h, ConvexPolygons.hull(h));
            // The store may weld a nearly collinear vertex or refuse an almost flat hull.
            float[] stored = Polygons.storedOrNull(cloud);
            if (stored == null) {
                assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.hullOf(cloud));
            } else {
                assertArrayEquals(stored, ConvexPolygons.hullOf(cloud).vertices(0));
            }
        }
    }
}
