package dev.sepax.narrow;

import dev.sepax.batch.Penetrations;
import dev.sepax.geom.FloatBand;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The error band of the penetration kernel in both capacity classes, against an exact rational
 * oracle: every edge's separation {@code min_b orient2d(a_i, a_i+1, b) / |e_i|} with the
 * orientation determinant in {@link BigDecimal} (exact on float inputs) and one final division
 * in double, the world-axis gaps exactly, the depth minus their maximum. The pairs are near
 * touching: B is moved along the exact best axis to within a few hundred {@code u M} of
 * contact, where the walk's misordered near-parallel edges and the float evaluation matter.
 */
@Timeout(120)
public class MergeBandPropertiesTest {
    private static final double U = 0x1p-24;

    @Property(tries = 1500)
    void depthIsWithinTheBandOfItsClassOfTheExactDepth(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = nearTouching(rnd, rnd.nextBoolean());
        Penetrations ab = run(s, 0, 1);
        double exact = exactDepth(s);
        boolean merge = mergeClass(s);
        double band = band(s);
        double error = ab.depth(0) - exact;
        Statistics.label("class").collect(merge ? "merge" : "small");
        Statistics.label("outside band").collect(Math.abs(exact) > band);
        assertTrue(Math.abs(error) <= band, () -> "error " + error / (U * magnitude(s)) + " u M > band, depth "
                + ab.depth(0) + " exact " + exact + " axis " + ab.axis(0));
        // Outside the band the sign is exact, and agrees with the boolean kernel's verdict.
        boolean exactHit = exact >= 0;
        boolean decided = Math.abs(exact) > band;
        assertTrue(!decided || (ab.depth(0) >= 0) == exactHit, "depth " + ab.depth(0) + " exact " + exact);
        assertTrue(!decided || ScalarSat.INSTANCE.intersects(s, 0, 1, 0f) == exactHit, "SatKernel, exact " + exact);
    }

    @Property(tries = 1500)
    void swappingAAndBGivesTheSameDepthAndTheNegatedNormal(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = nearTouching(rnd, rnd.nextBoolean());
        Penetrations ab = run(s, 0, 1);
        Penetrations ba = run(s, 1, 0);
        Statistics.label("class").collect(mergeClass(s) ? "merge" : "small");
        assertEquals(Float.floatToRawIntBits(ab.depth(0)), Float.floatToRawIntBits(ba.depth(0)));
        int code = ab.axis(0);
        boolean world = code == Penetrations.AXIS_WORLD_X || code == Penetrations.AXIS_WORLD_Y;
        boolean sameAxis = ba.axis(0) == (world ? code : -code);
        // Only a tie between an edge of each shape (equal separations) picks A's edge both ways.
        Statistics.label("tie between the shapes").collect(!sameAxis);
        assertTrue(sameAxis || (code > 0 && ba.axis(0) > 0), "axes " + code + " / " + ba.axis(0));
        if (sameAxis) {
            assertEquals(Float.floatToRawIntBits(0f - ab.normalX(0)), Float.floatToRawIntBits(ba.normalX(0)));
            assertEquals(Float.floatToRawIntBits(0f - ab.normalY(0)), Float.floatToRawIntBits(ba.normalY(0)));
        }
    }

    /** The worst error over many near-touching merge-class pairs stays well inside the band. */
    @Test
    void measuredWorstErrorOfTheMergeClass() {
        SplittableRandom rnd = new SplittableRandom(1515);
        double worst = 0;
        int merge = 0;
        for (int c = 0; c < 2000; c++) {
            ConvexPolygons s = nearTouching(rnd, c % 2 == 0);
            if (!mergeClass(s)) {
                continue;
            }
            merge++;
            double e = Math.abs(run(s, 0, 1).depth(0) - exactDepth(s)) / (U * magnitude(s));
            worst = Math.max(worst, e);
        }
        assertTrue(merge > 1500, "merge-class pairs " + merge);
        assertTrue(worst <= PenetrationKernel.MERGE_BAND_ULPS, "worst " + worst + " u M");
        System.out.printf("MergeBandPropertiesTest: worst merge-class depth error %.2f u M over %d pairs%n",
                worst, merge);
    }

    static Penetrations run(ConvexPolygons s, int a, int b) {
        Penetrations out = new Penetrations(1);
        ScalarPenetration.INSTANCE.penetration(s, a, b, out, 0);
        return out;
    }

    static boolean mergeClass(ConvexPolygons s) {
        return s.capacity(0) > ScalarPenetration.ALL_PAIRS_CAPACITY || s.capacity(1) > ScalarPenetration.ALL_PAIRS_CAPACITY;
    }

    static double band(ConvexPolygons s) {
        return mergeClass(s) ? PenetrationKernel.MERGE_BAND_ULPS * U * magnitude(s) : FloatBand.of(s, 0, 1);
    }

    static double magnitude(ConvexPolygons s) {
        double m = 0;
        for (int i = 0; i < 2; i++) {
            m = Math.max(m, Math.max(Math.max(Math.abs(s.minX(i)), Math.abs(s.maxX(i))),
                    Math.max(Math.abs(s.minY(i)), Math.abs(s.maxY(i)))));
        }
        return m;
    }

    /**
     * A pair within a few hundred {@code u M} of touching: random convex shapes (one of them
     * with 9..64 vertices most of the time, so the merge class dominates), or with
     * {@code mirrored} B the point reflection of A (every edge of B exactly antiparallel to one
     * of A's: the walk's ties), then B moved along the exact best axis by the exact depth plus
     * a random offset.
     */
    public static ConvexPolygons nearTouching(SplittableRandom rnd, boolean mirrored) {
        double scale = Math.pow(10, rnd.nextDouble(-1, 2));
        double ox = rnd.nextDouble(-100, 100);
        double oy = rnd.nextDouble(-100, 100);
        int ka = rnd.nextInt(10) == 0 ? 3 + rnd.nextInt(6) : 9 + rnd.nextInt(56);
        float[] a = FindFixtures.convex(rnd, ka, ox, oy, scale * rnd.nextDouble(0.3, 1.5));
        float[] b;
        if (mirrored) {
            b = new float[a.length];
            for (int i = 0; i < a.length; i++) {
                b[i] = -a[i];
            }
        } else {
            b = FindFixtures.convex(rnd, 3 + rnd.nextInt(62), ox, oy, scale * rnd.nextDouble(0.3, 1.5));
        }
        ConvexPolygons s = ConvexPolygons.of(a, b);
        // Move B onto A's centre region first, then out along the exact best axis.
        double cx = (s.minX(0) + s.maxX(0)) / 2 - (s.minX(1) + s.maxX(1)) / 2 + rnd.nextDouble(-0.3, 0.3) * scale;
        double cy = (s.minY(0) + s.maxY(0)) / 2 - (s.minY(1) + s.maxY(1)) / 2 + rnd.nextDouble(-0.3, 0.3) * scale;
        s = FindFixtures.withBMoved(s, 0, 1, cx, cy);
        double[] axis = new double[2];
        double depth = exactDepth(s, axis);
        double offset = rnd.nextDouble(-300, 300) * U * magnitude(s);
        return FindFixtures.withBMoved(s, 0, 1, (depth + offset) * axis[0], (depth + offset) * axis[1]);
    }

    static double exactDepth(ConvexPolygons s) {
        return exactDepth(s, new double[2]);
    }

    /**
     * The exact SAT depth of pair (0, 1) (minus the largest separation over both shapes' edges
     * and the world axes); its axis, A to B, into {@code axis}.
     */
    static double exactDepth(ConvexPolygons s, double[] axis) {
        double best = Double.NEGATIVE_INFINITY;
        for (int ref = 0; ref < 2; ref++) {
            int other = 1 - ref;
            int k = s.count(ref);
            for (int i = 0; i < k; i++) {
                BigDecimal ax = bd(s.vertexX(ref, i));
                BigDecimal ay = bd(s.vertexY(ref, i));
                BigDecimal ex = bd(s.vertexX(ref, (i + 1) % k)).subtract(ax);
                BigDecimal ey = bd(s.vertexY(ref, (i + 1) % k)).subtract(ay);
                BigDecimal least = null;
                for (int v = 0; v < s.count(other); v++) {
                    // Outward normal of a CCW edge: (ey, -ex); exact orientation determinant.
                    BigDecimal d = ey.multiply(bd(s.vertexX(other, v)).subtract(ax))
                            .subtract(ex.multiply(bd(s.vertexY(other, v)).subtract(ay)));
                    least = least == null || d.compareTo(least) < 0 ? d : least;
                }
                double len = Math.sqrt(ex.multiply(ex).add(ey.multiply(ey)).doubleValue());
                double sep = least.doubleValue() / len;
                if (sep > best) {
                    best = sep;
                    double sign = ref == 0 ? 1 : -1;
                    axis[0] = sign * ey.doubleValue() / len;
                    axis[1] = -sign * ex.doubleValue() / len;
                }
            }
        }
        double[][] gaps = {
            {gap(s.minX(1), s.maxX(0)), 1, 0}, {gap(s.minX(0), s.maxX(1)), -1, 0},
            {gap(s.minY(1), s.maxY(0)), 0, 1}, {gap(s.minY(0), s.maxY(1)), 0, -1}};
        for (double[] g : gaps) {
            if (g[0] > best) {
                best = g[0];
                axis[0] = g[1];
                axis[1] = g[2];
            }
        }
        return -best;
    }

    private static double gap(float lo, float hi) {
        return bd(lo).subtract(bd(hi)).doubleValue();
    }

    private static BigDecimal bd(float f) {
        return new BigDecimal(f);
    }
}
