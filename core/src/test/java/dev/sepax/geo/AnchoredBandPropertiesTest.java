package dev.sepax.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.PropertyTimeout;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Timeout;

/**
 * The anchored band against a double oracle at lon/lat and UTM magnitudes: each pair's exact
 * geometry (anchor + float local vertex, summed in BigDecimal, then in A's frame as double, good
 * to ~1e-16 of the pair's extent) gives the SAT separation over the kernel's axes (edge normals
 * and the AABB axes); outside
 * {@link AnchoredPolygons#band} the verdict must match it. Most pairs a few shape sizes apart fall
 * inside a world float store's band ({@code 16 u M_world}, metres at UTM) but outside the
 * anchored one: the statistics show how many.
 */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class AnchoredBandPropertiesTest {
    private static final double[][] ORIGINS = {{13.404954, 52.520008}, {-122.4194, 37.7749}, {500_000, 5_800_000},
        {690_000, 9_990_000}};
    private static final double[] SIZES = {2e-4, 2e-4, 30, 30};

    @Property(tries = 300)
    void verdictsOutsideTheBandAreExact(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int regime) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double ox = ORIGINS[regime][0];
        double oy = ORIGINS[regime][1];
        double size = SIZES[regime] * (0.2 + rnd.nextDouble());
        int n = 24;
        double[][] shapes = new double[n][];
        for (int i = 0; i < n; i++) {
            // Clustered: most pairs within a few sizes of each other, many touching closely.
            shapes[i] = convex(rnd, ox + rnd.nextDouble(3 * size), oy + rnd.nextDouble(3 * size), size);
        }
        AnchoredPolygons s = AnchoredPolygons.of(shapes);
        PairBatch pairs = new PairBatch(n, n * n);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b) {
                    pairs.add(a, b);
                }
            }
        }
        float tol = rnd.nextBoolean() ? 0f : (float) (0.01 * size);
        OverlapBits out = new OverlapBits(pairs.size());
        AnchoredSat.test(s, pairs, tol, out);
        double worldBand = 16 * 0x1p-24 * Math.max(Math.abs(ox), Math.abs(oy));
        for (int p = 0; p < pairs.size(); p++) {
            int a = pairs.shapeA(p);
            int b = pairs.shapeB(p);
            assertEquals(AnchoredSat.intersects(s, a, b, tol), out.get(p));
            double sep = separation(s, a, b);
            double band = s.band(a, b) + 2 * 0x1p-24 * Math.abs(tol);
            double gap = Math.abs(sep - tol);
            if (gap > band) {
                assertEquals(sep <= tol, out.get(p), "pair " + a + "," + b + " separation " + sep + " band " + band);
            }
            Statistics.label("decided").collect(gap > band ? (gap > worldBand ? "both bands" : "anchored only")
                    : "in band");
        }
    }

    /**
     * A pair whose x extents are farther apart than any edge normal separates them, at a
     * positive tolerance: only the AABB axis decides it (a CI run found it).
     */
    @Example
    void anAabbAxisCanDecideAtAPositiveTolerance() {
        verdictsOutsideTheBandAreExact(72613, 0);
    }

    private static double[] convex(SplittableRandom rnd, double cx, double cy, double r) {
        int k = 3 + rnd.nextInt(8);
        double[] pts = new double[2 * k];
        double squash = 0.5 + 0.5 * rnd.nextDouble(); // an ellipse: convex, not a circle
        for (int i = 0; i < k; i++) {
            double angle = 2 * Math.PI * (i + rnd.nextDouble() * 0.9) / k;
            pts[2 * i] = cx + r * squash * Math.cos(angle);
            pts[2 * i + 1] = cy + r * Math.sin(angle);
        }
        return pts;
    }

    /** The exact geometry's SAT separation (max over both shapes' unit edge normals), in A's frame. */
    private static double separation(AnchoredPolygons s, int a, int b) {
        ConvexPolygons l = s.local();
        BigDecimal dx = new BigDecimal(s.anchorX(b)).subtract(new BigDecimal(s.anchorX(a)));
        BigDecimal dy = new BigDecimal(s.anchorY(b)).subtract(new BigDecimal(s.anchorY(a)));
        int ka = l.count(a);
        int kb = l.count(b);
        double[] ax = new double[ka];
        double[] ay = new double[ka];
        double[] bx = new double[kb];
        double[] by = new double[kb];
        for (int i = 0; i < ka; i++) {
            ax[i] = l.vertexX(a, i);
            ay[i] = l.vertexY(a, i);
        }
        for (int i = 0; i < kb; i++) {
            bx[i] = dx.add(new BigDecimal(l.vertexX(b, i))).doubleValue();
            by[i] = dy.add(new BigDecimal(l.vertexY(b, i))).doubleValue();
        }
        // The kernel's axes: both shapes' edge normals and the two AABB axes. The AABB axes
        // matter only for a positive tolerance: between vertex-to-vertex neighbours, x or y can
        // separate by more than every edge normal does.
        return Math.max(Math.max(side(ax, ay, bx, by), side(bx, by, ax, ay)),
                Math.max(axisGap(ax, bx), axisGap(ay, by)));
    }

    /** The gap between the two point sets' extents along one coordinate axis (negative if they overlap). */
    private static double axisGap(double[] a, double[] b) {
        double minA = Double.POSITIVE_INFINITY;
        double maxA = Double.NEGATIVE_INFINITY;
        double minB = Double.POSITIVE_INFINITY;
        double maxB = Double.NEGATIVE_INFINITY;
        for (double v : a) {
            minA = Math.min(minA, v);
            maxA = Math.max(maxA, v);
        }
        for (double v : b) {
            minB = Math.min(minB, v);
            maxB = Math.max(maxB, v);
        }
        return Math.max(minB - maxA, minA - maxB);
    }

    private static double side(double[] rx, double[] ry, double[] ox, double[] oy) {
        double best = Double.NEGATIVE_INFINITY;
        int k = rx.length;
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            double ex = rx[j] - rx[i];
            double ey = ry[j] - ry[i];
            double len = Math.hypot(ex, ey);
            double nx = ey / len;
            double ny = -ex / len;
            double min = Double.POSITIVE_INFINITY;
            for (int v = 0; v < ox.length; v++) {
                min = Math.min(min, nx * (ox[v] - rx[i]) + ny * (oy[v] - ry[i]));
            }
            best = Math.max(best, min);
        }
        return best;
    }

    @Property(tries = 50)
    void theBandScalesWithThePairNotTheWorld(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] shapes = {convex(rnd, 500_000, 5_800_000, 10), convex(rnd, 500_020, 5_800_010, 10)};
        AnchoredPolygons s = AnchoredPolygons.of(shapes);
        // Extent ~30 m: the band is ~3.6e-5 m, where a world float store's is ~5.5 m.
        assertTrue(s.band(0, 1) < 1e-4, "band " + s.band(0, 1));
    }
}
