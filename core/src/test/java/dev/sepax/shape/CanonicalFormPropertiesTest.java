package dev.sepax.shape;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.testing.Polygons;
import dev.sepax.testing.RoundedFixtures;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.Combinators;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/**
 * The store's canonical form (CCW, no duplicates, no collinear vertices), the validator's
 * accept/reject decision against an independent oracle, and the hull builder.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
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
        float[] hull = exactHull(p);
        boolean valid = hull.length >= 6 && walksRoundHullOnce(p, hull);
        Statistics.label("validator oracle").collect(valid ? "valid" : "invalid");
        Statistics.label("validator oracle").coverage(c -> {
            c.check("valid").percentage(pct -> pct > 5);
            c.check("invalid").percentage(pct -> pct > 5);
        });
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

    /**
     * The oracle hull: Andrew's monotone chain with this test's exact orientation
     * ({@link Polygons#orient}, BigDecimal behind a double filter), written apart from the
     * store's own hull so that the two share no code. CCW, strictly convex, from the
     * lexicographically smallest point; fewer than 3 points when the cloud spans no area.
     * {@code -0} and {@code 0} are the same coordinate, as {@code ==} has it.
     */
    private static float[] exactHull(float[] cloud) {
        int n = cloud.length / 2;
        List<float[]> pts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pts.add(new float[] {cloud[2 * i], cloud[2 * i + 1]});
        }
        pts.sort((p, q) -> p[0] != q[0] ? (p[0] < q[0] ? -1 : 1) : p[1] != q[1] ? (p[1] < q[1] ? -1 : 1) : 0);
        List<float[]> distinct = new ArrayList<>();
        for (float[] p : pts) {
            float[] last = distinct.isEmpty() ? null : distinct.get(distinct.size() - 1);
            if (last == null || last[0] != p[0] || last[1] != p[1]) {
                distinct.add(p);
            }
        }
        if (distinct.size() < 3) {
            return flat(distinct);
        }
        List<float[]> lower = chain(distinct);
        List<float[]> reversed = new ArrayList<>(distinct);
        java.util.Collections.reverse(reversed);
        List<float[]> upper = chain(reversed);
        List<float[]> hull = new ArrayList<>(lower.subList(0, lower.size() - 1));
        hull.addAll(upper.subList(0, upper.size() - 1));
        return flat(hull);
    }

    /** One monotone chain: only strict left turns stay. */
    private static List<float[]> chain(List<float[]> sorted) {
        List<float[]> h = new ArrayList<>();
        for (float[] p : sorted) {
            while (h.size() >= 2) {
                float[] a = h.get(h.size() - 2);
                float[] b = h.get(h.size() - 1);
                if (Polygons.orient(a[0], a[1], b[0], b[1], p[0], p[1]) > 0) {
                    break;
                }
                h.remove(h.size() - 1);
            }
            h.add(p);
        }
        return h;
    }

    private static float[] flat(List<float[]> pts) {
        float[] xy = new float[2 * pts.size()];
        for (int i = 0; i < pts.size(); i++) {
            xy[2 * i] = pts.get(i)[0];
            xy[2 * i + 1] = pts.get(i)[1];
        }
        return xy;
    }

    /** As {@link #assertSameCycle}, comparing coordinates with {@code ==} (so {@code -0 == 0}). */
    private static void assertSamePointCycle(float[] expected, float[] actual) {
        assertEquals(expected.length, actual.length, "vertex count: expected " + java.util.Arrays.toString(expected)
                + " got " + java.util.Arrays.toString(actual));
        int k = Polygons.count(expected);
        for (int s = 0; s < k; s++) {
            boolean same = true;
            for (int i = 0; i < k && same; i++) {
                int e = (s + i) % k;
                same = actual[2 * i] == expected[2 * e] && actual[2 * i + 1] == expected[2 * e + 1];
            }
            if (same) {
                return;
            }
        }
        fail("not the same cycle: expected " + java.util.Arrays.toString(expected) + " got "
                + java.util.Arrays.toString(actual));
    }

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
    void hullIsTheExactHullAndContainsEveryPoint(@ForAll("clouds") float[] cloud) {
        float[] exact = exactHull(cloud);
        float[] h = Polygons.hullOrNull(cloud);
        Statistics.label("hull").collect(h == null ? "refused" : "built");
        Statistics.label("hull").coverage(c -> c.check("built").percentage(pct -> pct > 50));
        if (h == null) {
            // Only a cloud without area may be refused.
            assertTrue(exact.length < 6, "refused a cloud whose exact hull is " + java.util.Arrays.toString(exact));
            for (int i = 2; i < cloud.length; i += 2) {
                for (int j = i + 2; j < cloud.length; j += 2) {
                    assertEquals(0, Polygons.orient(cloud[0], cloud[1], cloud[i], cloud[i + 1], cloud[j], cloud[j + 1]),
                            "refused a cloud with area");
                }
            }
        } else {
            assertSamePointCycle(exact, h);
            assertHullOf(cloud, h);
        }
    }

    private static void assertHullOf(float[] cloud, float[] h) {
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
    void hullIsIdempotentAndIgnoresOrderAndRepeats(@ForAll("clouds") float[] cloud, @ForAll long seed) {
        float[] exact = exactHull(cloud);
        Assume.that(exact.length >= 6); // a cloud without area has no hull to repeat
        float[] h = ConvexPolygons.hull(cloud);
        assertArrayEquals(h, ConvexPolygons.hull(h));
        // The same points shuffled, some repeated, some hull vertices passed twice: the same hull.
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        List<float[]> pts = new ArrayList<>();
        for (int i = 0; i < cloud.length; i += 2) {
            int copies = r.nextInt(4) == 0 ? 2 : 1;
            for (int c = 0; c < copies; c++) {
                pts.add(new float[] {cloud[i], cloud[i + 1]});
            }
        }
        for (int v = 0; v < h.length; v += 2) {
            pts.add(new float[] {h[v], h[v + 1]});
        }
        java.util.Collections.shuffle(pts, new java.util.Random(r.nextLong()));
        assertSamePointCycle(h, ConvexPolygons.hull(flat(pts)));
    }

    /** Every coordinate a small integer: the store's float separations are then exact. */
    private static boolean smallIntegers(float[] xy) {
        for (float v : xy) {
            if (v != Math.rint(v) || Math.abs(v) > 1024) {
                return false;
            }
        }
        return true;
    }

    /**
     * A few points along a line near the origin (where a float rounding is about as large as the
     * kernels' error on a separation), each off it by up to a few roundings of the cloud's size:
     * hulls that the store welds or refuses as flat at float precision (a few percent each).
     */
    @Provide
    Arbitrary<float[]> nearlyFlatClouds() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(3, 6), Polygons.sizes())
                .as((seed, n, size) -> {
                    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
                    double ang = r.nextDouble(2 * Math.PI);
                    double c = Math.cos(ang);
                    double sn = Math.sin(ang);
                    double cx = r.nextDouble(-1, 1) * size;
                    double cy = r.nextDouble(-1, 1) * size;
                    double off = size * 0x1p-24 * Math.pow(2, r.nextInt(11) - 8);
                    float[] xy = new float[2 * n];
                    for (int i = 0; i < n; i++) {
                        double t = r.nextDouble(-1, 1) * size;
                        double o = r.nextDouble(-1, 1) * off;
                        xy[2 * i] = (float) (cx + t * c - o * sn);
                        xy[2 * i + 1] = (float) (cy + t * sn + o * c);
                    }
                    return xy;
                });
    }

    @Provide
    Arbitrary<float[]> cloudsAndNearlyFlatOnes() {
        return Arbitraries.oneOf(clouds(), nearlyFlatClouds());
    }

    @Property(tries = 2000)
    void hullOfStoresTheExactHullUpToWeldingWithinTheFloatBand(@ForAll("cloudsAndNearlyFlatOnes") float[] cloud) {
        float[] exact = exactHull(cloud);
        Assume.that(exact.length >= 6); // a cloud without area is refused (see the property above)
        Statistics.label("store").collect(assertStoredHull(cloud, exact));
        Statistics.label("store").coverage(c -> {
            c.check("exact arithmetic").count(n -> n > 0);
            c.check("every exact vertex").count(n -> n > 0);
            c.check("welded").count(n -> n > 0);
            c.check("refused").count(n -> n > 0);
        });
    }

    /**
     * Checks {@code hullOf(cloud)} against the exact hull (at least 3 vertices) and returns how
     * the store took it: refused, exact arithmetic, every exact vertex, or welded.
     */
    private static String assertStoredHull(float[] cloud, float[] exact) {
        // The store drops a hull vertex only where float separations would see it outside an edge
        // of the same polygon, and each drop moves the boundary by less than FloatBand's 16 u M
        // (FloatConsistency, docs/decisions.md "Welding nearly collinear vertices").
        double band = 16 * 0x1p-24 * Polygons.maxAbs(exact);
        float[] stored;
        try {
            stored = ConvexPolygons.hullOf(cloud).vertices(0);
        } catch (IllegalArgumentException e) {
            stored = null;
        }
        int k = Polygons.count(exact);
        if (stored == null) {
            assertTrue(!smallIntegers(cloud), "refused a hull with exact float separations: "
                    + java.util.Arrays.toString(exact));
            // Refused as flat at float precision: some edge's line has every vertex within the
            // welding band.
            double width = Double.POSITIVE_INFINITY;
            for (int i = 0; i < k; i++) {
                int j = (i + 1) % k;
                double w = 0;
                for (int v = 0; v < k; v++) {
                    double ex = (double) exact[2 * j] - exact[2 * i];
                    double ey = (double) exact[2 * j + 1] - exact[2 * i + 1];
                    double cross = ex * ((double) exact[2 * v + 1] - exact[2 * i + 1])
                            - ey * ((double) exact[2 * v] - exact[2 * i]);
                    w = Math.max(w, Math.abs(cross) / Math.hypot(ex, ey));
                }
                width = Math.min(width, w);
            }
            assertTrue(width <= 2 * band, "refused a hull of width " + width + " band " + band);
            return "refused";
        }
        if (smallIntegers(cloud)) {
            assertSamePointCycle(exact, stored);
            return "exact arithmetic";
        }
        // The stored vertices are exact hull vertices in the same cyclic order ...
        int first = -1;
        for (int v = 0; v < k && first < 0; v++) {
            if (exact[2 * v] == stored[0] && exact[2 * v + 1] == stored[1]) {
                first = v;
            }
        }
        assertTrue(first >= 0, "stored vertex 0 is not an exact hull vertex");
        int m = Polygons.count(stored);
        // Drops one after another can add up: the bound is one band per vertex dropped.
        double moved = (k - m) * band;
        int matched = 0;
        for (int step = 0; step < k; step++) {
            int v = (first + step) % k;
            if (matched < m && exact[2 * v] == stored[2 * matched] && exact[2 * v + 1] == stored[2 * matched + 1]) {
                matched++;
            } else {
                // ... and each one left out lies within those bands of the stored polygon.
                double out = RoundedFixtures.pointToCore(stored, exact[2 * v], exact[2 * v + 1]);
                assertTrue(out <= moved, "dropped vertex " + v + " of " + java.util.Arrays.toString(exact) + " lies "
                        + out + " outside the stored " + java.util.Arrays.toString(stored) + ", allowed " + moved);
            }
        }
        assertEquals(m, matched, "stored vertices out of the exact hull's order: " + java.util.Arrays.toString(stored)
                + " exact " + java.util.Arrays.toString(exact));
        return m == k ? "every exact vertex" : "welded";
    }

    /**
     * A needle whose four vertices all lie within the float band of one line (found by the
     * property above): its tip must not be cut off, where a shape overlapping the needle's
     * last 0.8 units would be reported apart.
     */
    @Example
    void weldingANeedleKeepsItsTip() {
        float[] needle = {-1.0049403f, 0.64096874f, -0.23569222f, 0.95655555f, -1.8195066f, 0.30678993f,
            -1.9075171f, 0.27068335f};
        assertStoredHull(needle, exactHull(needle));
    }
}
