package dev.sepax.narrow;

import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/**
 * The error band of the penetration kernel in both capacity classes, against an exact rational
 * oracle: every edge's separation {@code min_b orient2d(a_i, a_i+1, b) / |e_i|} with the
 * orientation determinant in {@link BigDecimal} (exact on float inputs) and one final division
 * in double, the world-axis gaps exactly, the depth minus their maximum. The pairs are near
 * touching: B is moved along the exact best axis to within a few hundred {@code u M} of
 * contact, where the walk's misordered near-parallel edges and the float evaluation matter.
 */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class MergeBandPropertiesTest {
    private static final double U = 0x1p-24;

    @Property(tries = 1500)
    void depthIsWithinTheBandOfItsClassOfTheExactDepth(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        checkBand(FindFixtures.nearTouching(rnd, rnd.nextBoolean()));
    }

    /**
     * The small class's support form rounds relative to the coordinates' magnitude: shapes of
     * size 0.1 to 100 centred up to 10^4 from the origin, where that differs most from the
     * difference form.
     */
    @Property(tries = 1500)
    void smallClassDepthIsWithinItsBandNearAndFarFromTheOrigin(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double far = rnd.nextBoolean() ? 100 : 10_000;
        ConvexPolygons s = FindFixtures.nearTouchingSmall(rnd, rnd.nextBoolean(), far);
        assertTrue(!mergeClass(s), "a small-class pair");
        Statistics.label("far").collect(far);
        checkBand(s);
        checkSwap(s);
    }

    private static void checkBand(ConvexPolygons s) {
        Penetrations ab = run(s, 0, 1);
        double exact = FindFixtures.exactDepth(s);
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
        checkSwap(FindFixtures.nearTouching(rnd, rnd.nextBoolean()));
    }

    private static void checkSwap(ConvexPolygons s) {
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
            ConvexPolygons s = FindFixtures.nearTouching(rnd, c % 2 == 0);
            if (!mergeClass(s)) {
                continue;
            }
            merge++;
            double e = Math.abs(run(s, 0, 1).depth(0) - FindFixtures.exactDepth(s)) / (U * magnitude(s));
            worst = Math.max(worst, e);
        }
        assertTrue(merge > 1500, "merge-class pairs " + merge);
        assertTrue(worst <= PenetrationKernel.MERGE_BAND_ULPS, "worst " + worst + " u M");
        System.out.printf("MergeBandPropertiesTest: worst merge-class depth error %.2f u M over %d pairs%n",
                worst, merge);
    }

    /**
     * The worst error of the small class's support form, near and far from the origin, against
     * its derived first-order bound {@code (2 sqrt(5) + 4 sqrt(2)) u M < 10.1 u M}
     * ({@link PenetrationKernel}), with room for the second-order terms.
     */
    @Test
    void measuredWorstErrorOfTheSmallClass() {
        SplittableRandom rnd = new SplittableRandom(1516);
        double worst = 0;
        for (int c = 0; c < 2000; c++) {
            ConvexPolygons s = FindFixtures.nearTouchingSmall(rnd, c % 2 == 0, c % 4 < 2 ? 100 : 10_000);
            double e = Math.abs(run(s, 0, 1).depth(0) - FindFixtures.exactDepth(s)) / (U * magnitude(s));
            worst = Math.max(worst, e);
        }
        assertTrue(worst <= 10.5, "worst " + worst + " u M");
        System.out.printf("MergeBandPropertiesTest: worst small-class depth error %.2f u M over 2000 pairs%n", worst);
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
}
