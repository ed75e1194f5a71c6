package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.SupportSearch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.PropertyTimeout;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;

/**
 * The O(log k) path of {@link ScalarSat} for large polygons ({@code SupportSearch}) against
 * independent oracles, on near-touching pairs of 128..1100-gons at scales 1 to 10^5:
 * <ul>
 *   <li>its verdict equals the exact verdict ({@link ExactSat}, exact rational arithmetic on the
 *       stored floats) unless the pair's true separation lies within the documented band
 *       ({@link FloatBand#ofLargePairs}) of the tolerance;</li>
 *   <li>an axis it reports as separating truly separates by more than the tolerance minus that
 *       band, and the linear scan ({@link ScalarSat#LINEAR}) agrees with the plain float
 *       definition everywhere;</li>
 *   <li>a checked support vertex is within the band of the true minimum, and a proven interior
 *       point is inside in exact arithmetic ({@link BigDecimal}).</li>
 * </ul>
 * The true separations come from a double-precision brute force over every axis and vertex
 * (its error, about {@code 2^-50 M}, is far inside the band).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class LargeSatPropertiesTest {
    private static final float[] TOLERANCES = {0f, 0f, 1e-3f, -1e-3f};

    @Property(tries = 300)
    void verdictIsExactOutsideTheBandAndSeparatingAxesAreTrue(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = nearPair(rnd);
        PolygonArrays r = s.arrays();
        assertTrue(r.capacity[0] >= SupportSearch.MIN_CAPACITY && r.capacity[1] >= SupportSearch.MIN_CAPACITY,
                "both shapes take the O(log k) path");
        float scale = Math.max(s.maxX(0) - s.minX(0), s.maxY(0) - s.minY(0));
        float tol = TOLERANCES[rnd.nextInt(TOLERANCES.length)] * scale;
        for (int[] ab : new int[][] {{0, 1}, {1, 0}}) {
            int a = ab[0];
            int b = ab[1];
            PairBatch pairs = PairBatch.of(new int[] {a}, new int[] {b}, s);
            OverlapBits out = new OverlapBits(1);
            int[] axis = {0};
            ScalarSat.INSTANCE.test(s, pairs, 0, 1, tol, out, axis);
            boolean log = out.get(0);
            assertEquals(log, ScalarSat.INSTANCE.intersects(s, a, b, tol), "single-pair entry");
            boolean exact = ExactSat.INSTANCE.intersects(s, a, b, tol);
            double band = FloatBand.ofLargePairs(s, a, b, tol);
            double sep = separation(s, a, b);
            if (log != exact) {
                assertTrue(Math.abs(sep - tol) <= band, "verdict " + log + " differs from the exact " + exact
                        + " outside the band: separation=" + sep + " tol=" + tol + " band=" + band + " seed=" + seed);
            }
            if (!log && axis[0] != 0 && axis[0] != Integer.MIN_VALUE) {
                double along = axis[0] > 0 ? edgeSeparation(s, a, axis[0] - 1, b) : edgeSeparation(s, b, -axis[0] - 1, a);
                assertTrue(along > tol - band, "axis " + axis[0] + " separates by " + along + ", tol=" + tol
                        + " band=" + band + " seed=" + seed);
            }
            if (log) {
                assertTrue(sep <= tol + band, "intersecting, but separated by " + sep + " tol=" + tol + " seed=" + seed);
            }
            assertEquals(plain(s, a, b, tol), ScalarSat.LINEAR.intersects(s, a, b, tol), "linear scan = plain definition");
        }
    }

    @Property(tries = 200)
    void checkedSupportVertexIsWithinTheBandOfTheMinimum(@ForAll long seed, @ForAll @IntRange(min = 20, max = 1100) int k) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float scale = (float) Math.pow(10, rnd.nextInt(6));
        ConvexPolygons s = ConvexPolygons.of(convex(rnd, k, scale * rnd.nextDouble(), 0, scale));
        PolygonArrays r = s.arrays();
        int o = r.start[0];
        int n = r.count[0];
        float m = Math.max(Math.max(Math.abs(s.minX(0)), Math.abs(s.maxX(0))), Math.max(Math.abs(s.minY(0)), Math.abs(s.maxY(0))));
        int checked = 0;
        for (int t = 0; t < 64; t++) {
            double ang = rnd.nextDouble(2 * Math.PI);
            float ux = (float) Math.cos(ang);
            float uy = (float) Math.sin(ang);
            int j = SupportSearch.verifiedSupport(r.enx, r.eny, o, n, ux, uy);
            if (j < 0) {
                continue;
            }
            checked++;
            double best = Double.NEGATIVE_INFINITY;
            for (int v = o; v < o + n; v++) {
                best = Math.max(best, (double) r.x[v] * ux + (double) r.y[v] * uy);
            }
            double at = (double) r.x[o + j] * ux + (double) r.y[o + j] * uy;
            double unit = Math.hypot(ux, uy);
            assertTrue((best - at) / unit <= 40 * FloatBand.UNIT_ROUNDOFF * m,
                    "k=" + n + " direction " + ang + ": vertex " + j + " is " + (best - at) + " short of the support");
        }
        assertTrue(checked >= 48, "the check passed only " + checked + " of 64 directions, k=" + n);
    }

    @Property(tries = 200)
    void aProvenInteriorPointIsInsideExactly(@ForAll long seed, @ForAll @IntRange(min = 20, max = 1100) int k) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float scale = (float) Math.pow(10, rnd.nextInt(6));
        ConvexPolygons s = ConvexPolygons.of(convex(rnd, k, 0, scale * rnd.nextDouble(), scale));
        PolygonArrays r = s.arrays();
        int o = r.start[0];
        int n = r.count[0];
        int proven = 0;
        for (int t = 0; t < 64; t++) {
            // Points near a random vertex, inside or outside by a few ulps to a few percent.
            int v = o + rnd.nextInt(n);
            double f = 1 + (rnd.nextBoolean() ? 1 : -1) * Math.pow(10, -rnd.nextInt(1, 9));
            double cx = r.centroidX[0];
            double cy = r.centroidY[0];
            double px = cx + (r.x[v] - cx) * f;
            double py = cy + (r.y[v] - cy) * f;
            float qx = (float) (px - r.x[o]);
            float qy = (float) (py - r.y[o]);
            int wedge = SupportSearch.fanWedge(r.x, r.y, o, n, SupportSearch.fanGuess(r.x, r.y, o, n, qx, qy), qx, qy);
            assertTrue(wedge >= 1 && wedge <= n - 2, "wedge " + wedge);
            if (SupportSearch.provenInside(r, o, wedge, px, py)) {
                proven++;
                for (int i = 0; i < n; i++) {
                    int j = i + 1 == n ? 0 : i + 1;
                    assertTrue(exactOrientation(r.x[o + i], r.y[o + i], r.x[o + j], r.y[o + j], px, py) > 0,
                            "proven inside, but not strictly left of edge " + i + ": k=" + n + " f=" + f);
                }
            }
        }
        assertTrue(proven > 0, "no point proven inside, k=" + n);
    }

    @Example
    void linearOnlyKernelsNeverSearch() {
        assertEquals("scalar-linear", ScalarSat.LINEAR.name());
        assertEquals("scalar", ScalarSat.INSTANCE.name());
        assertTrue(SupportSearch.MIN_CAPACITY >= 16);
    }

    /** Two large random convex polygons placed nearly touching along a random direction. */
    static ConvexPolygons nearPair(SplittableRandom rnd) {
        float scale = (float) Math.pow(10, rnd.nextInt(6));
        double ox = scale * rnd.nextDouble(-10, 10);
        double oy = scale * rnd.nextDouble(-10, 10);
        float[] a = convex(rnd, rnd.nextInt(128, 1101), ox, oy, scale);
        float[] b = convex(rnd, rnd.nextInt(128, 1101), 0, 0, scale * (float) rnd.nextDouble(0.3, 2));
        double ang = rnd.nextDouble(2 * Math.PI);
        double dx = Math.cos(ang);
        double dy = Math.sin(ang);
        // Gap along d: a's support towards d, b's towards -d; then a small signed gap, down to ulps.
        double ha = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i += 2) {
            ha = Math.max(ha, a[i] * dx + a[i + 1] * dy);
        }
        double hb = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < b.length; i += 2) {
            hb = Math.max(hb, -(b[i] * dx + b[i + 1] * dy));
        }
        double gap = (rnd.nextBoolean() ? 1 : -1) * scale * Math.pow(10, -rnd.nextInt(2, 10));
        if (rnd.nextInt(4) == 0) {
            gap = 0;
        }
        double shift = ha + hb + gap;
        for (int i = 0; i < b.length; i += 2) {
            b[i] = (float) (b[i] + shift * dx);
            b[i + 1] = (float) (b[i + 1] + shift * dy);
        }
        return ConvexPolygons.of(a, b);
    }

    /** A random convex polygon: sorted jittered angles on an ellipse, as the benchmark workloads. */
    static float[] convex(SplittableRandom rnd, int k, double cx, double cy, double radius) {
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        double stretch = 0.3 + 0.7 * rnd.nextDouble();
        double tilt = rnd.nextDouble(Math.PI);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            double ex = radius * Math.cos(t);
            double ey = radius * stretch * Math.sin(t);
            xy[2 * i] = (float) (cx + ex * Math.cos(tilt) - ey * Math.sin(tilt));
            xy[2 * i + 1] = (float) (cy + ex * Math.sin(tilt) + ey * Math.cos(tilt));
        }
        return ConvexPolygons.hull(xy);
    }

    /** Max over every SAT axis (AABB and edges of both) of the min separation, in double: the pair's separation. */
    static double separation(ConvexPolygons s, int a, int b) {
        double best = Math.max(Math.max((double) s.minX(b) - s.maxX(a), (double) s.minX(a) - s.maxX(b)),
                Math.max((double) s.minY(b) - s.maxY(a), (double) s.minY(a) - s.maxY(b)));
        for (int i = 0; i < s.count(a); i++) {
            best = Math.max(best, edgeSeparation(s, a, i, b));
        }
        for (int j = 0; j < s.count(b); j++) {
            best = Math.max(best, edgeSeparation(s, b, j, a));
        }
        return best;
    }

    /** Min over the other shape's vertices of the distance beyond edge {@code i} of {@code ref}, in double. */
    static double edgeSeparation(ConvexPolygons s, int ref, int i, int other) {
        PolygonArrays r = s.arrays();
        int o = r.start[ref];
        int k = r.count[ref];
        int j = i + 1 == k ? 0 : i + 1;
        double ax = r.x[o + i];
        double ay = r.y[o + i];
        double ex = r.x[o + j] - ax;
        double ey = r.y[o + j] - ay;
        double len = Math.hypot(ex, ey);
        double min = Double.POSITIVE_INFINITY;
        for (int v = r.start[other]; v < r.start[other] + r.count[other]; v++) {
            min = Math.min(min, (ey * (r.x[v] - ax) - ex * (r.y[v] - ay)) / len);
        }
        return min;
    }

    /** The plain float definition of the verdict: AABB axes, then every edge against every vertex. */
    static boolean plain(ConvexPolygons s, int a, int b, float tol) {
        if (ScalarSat.aabbSeparates(s, a, b, tol)) {
            return false;
        }
        PolygonArrays r = s.arrays();
        for (int[] side : new int[][] {{a, b}, {b, a}}) {
            int o = r.start[side[0]];
            int oo = r.start[side[1]];
            for (int i = o; i < o + r.count[side[0]]; i++) {
                boolean all = true;
                for (int v = oo; v < oo + r.count[side[1]] && all; v++) {
                    all = r.enx[i] * (r.x[v] - r.x[i]) + r.eny[i] * (r.y[v] - r.y[i]) > tol * r.len[i];
                }
                if (all) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The exact sign of {@code (b - a) x (p - a)} for float a, b and double p. */
    static int exactOrientation(float ax, float ay, float bx, float by, double px, double py) {
        BigDecimal axd = new BigDecimal(ax);
        BigDecimal ayd = new BigDecimal(ay);
        return new BigDecimal(bx).subtract(axd).multiply(new BigDecimal(py).subtract(ayd))
                .subtract(new BigDecimal(by).subtract(ayd).multiply(new BigDecimal(px).subtract(axd))).signum();
    }
}
