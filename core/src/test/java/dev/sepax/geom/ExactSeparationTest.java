package dev.sepax.geom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The adaptive predicates against plain {@link BigDecimal} arithmetic on nearly collinear float
 * triples (a point on a segment rounded to float, then moved 0-4 ulps), at scales 1e-30..1e18:
 * the cases where the double stage cannot decide and BigDecimal must.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ExactSeparationTest {
    private static final float[] TOLERANCES = {0f, 1e-7f, -1e-7f, 0x1p-40f, 2.5f, -2.5f};

    @Test
    void orientationMatchesBigDecimalOnNearlyCollinearTriples() {
        SplittableRandom rnd = new SplittableRandom(18);
        int zero = 0;
        int cascaded = 0;
        for (int n = 0; n < 400_000; n++) {
            float[] t = triple(rnd);
            int expected = orientBig(t);
            assertEquals(expected, Orientation.orient(t[0], t[1], t[2], t[3], t[4], t[5]), () -> java.util.Arrays.toString(t));
            zero += expected == 0 ? 1 : 0;
            cascaded += needsCascade(t) ? 1 : 0;
        }
        // The triples must reach the exact stages often, and hit exact collinearity.
        assertTrue(zero > 1_000, "collinear=" + zero);
        assertTrue(cascaded > 1_000, "past the double stage: " + cascaded);
    }

    @Test
    void beyondMatchesBigDecimalAtEveryTolerance() {
        SplittableRandom rnd = new SplittableRandom(19);
        for (int n = 0; n < 200_000; n++) {
            float[] t = triple(rnd);
            if (t[0] == t[2] && t[1] == t[3]) {
                continue; // a zero-length edge has no normal
            }
            for (float tol : TOLERANCES) {
                // Scale the tolerance to the triple so that it matters.
                float tt = tol * Math.abs(t[2] - t[0]);
                assertEquals(beyondBig(t, tt), ExactSeparation.beyond(t[0], t[1], t[2], t[3], t[4], t[5], tt),
                        () -> java.util.Arrays.toString(t) + " tolerance=" + tt);
            }
        }
    }

    @Test
    void gapComparisonsAreExact() {
        SplittableRandom rnd = new SplittableRandom(20);
        for (int n = 0; n < 200_000; n++) {
            float lo = (float) (Math.pow(10, rnd.nextDouble(-20, 18)) * (rnd.nextBoolean() ? 1 : -1));
            float hi = rnd.nextInt(3) == 0 ? lo : Math.nextUp(lo) - (float) (lo * 1e-7 * rnd.nextInt(-3, 4));
            float t = rnd.nextInt(3) == 0 ? 0f : lo - hi + (float) (lo * 1e-8 * rnd.nextInt(-3, 4));
            boolean expected = new BigDecimal(lo).subtract(new BigDecimal(hi)).compareTo(new BigDecimal(t)) > 0;
            assertEquals(expected, ExactSeparation.gapExceeds(lo, hi, t), lo + " " + hi + " " + t);
        }
    }

    /** a, b, then c on segment ab (rounded) moved 0-4 ulps, at a random scale and offset. */
    private static float[] triple(SplittableRandom rnd) {
        double scale = Math.pow(10, rnd.nextDouble(-30, 12));
        double ox = rnd.nextBoolean() ? 0 : scale * Math.pow(10, rnd.nextDouble(0, 6));
        float ax = (float) (ox + scale * rnd.nextDouble(-1, 1));
        float ay = (float) (scale * rnd.nextDouble(-1, 1));
        float bx = (float) (ox + scale * rnd.nextDouble(-1, 1));
        float by = (float) (scale * rnd.nextDouble(-1, 1));
        double l = rnd.nextInt(5) == 0 ? rnd.nextInt(3) / 2.0 : rnd.nextDouble(-1, 2);
        float cx = nudge(rnd, (float) (ax + l * ((double) bx - ax)));
        float cy = nudge(rnd, (float) (ay + l * ((double) by - ay)));
        return new float[] {ax, ay, bx, by, cx, cy};
    }

    private static float nudge(SplittableRandom rnd, float f) {
        int steps = rnd.nextInt(5);
        boolean up = rnd.nextBoolean();
        for (int s = 0; s < steps; s++) {
            f = up ? Math.nextUp(f) : Math.nextDown(f);
        }
        return f;
    }

    private static int orientBig(float[] t) {
        BigDecimal ax = new BigDecimal(t[0]);
        BigDecimal ay = new BigDecimal(t[1]);
        return new BigDecimal(t[2]).subtract(ax).multiply(new BigDecimal(t[5]).subtract(ay))
                .subtract(new BigDecimal(t[3]).subtract(ay).multiply(new BigDecimal(t[4]).subtract(ax))).signum();
    }

    /** Does the double stage of {@link Orientation#orient} leave this triple undecided? */
    private static boolean needsCascade(float[] t) {
        double p1 = (double) t[2] * t[5];
        double p2 = (double) t[2] * t[1];
        double p3 = (double) t[0] * t[5];
        double p4 = (double) t[3] * t[4];
        double p5 = (double) t[3] * t[0];
        double p6 = (double) t[1] * t[4];
        double det = ((p1 - p2) - p3) - ((p4 - p5) - p6);
        double mag = Math.abs(p1) + Math.abs(p2) + Math.abs(p3) + Math.abs(p4) + Math.abs(p5) + Math.abs(p6);
        return Math.abs(det) <= mag * 1e-15 && mag != 0;
    }

    private static boolean beyondBig(float[] t, float tol) {
        BigDecimal ax = new BigDecimal(t[0]);
        BigDecimal ay = new BigDecimal(t[1]);
        BigDecimal ex = new BigDecimal(t[2]).subtract(ax);
        BigDecimal ey = new BigDecimal(t[3]).subtract(ay);
        BigDecimal s = ey.multiply(new BigDecimal(t[4]).subtract(ax)).subtract(ex.multiply(new BigDecimal(t[5]).subtract(ay)));
        // S > tol |e|  <=>  compare S with tol * sqrt(e2), exactly, by cases on signs.
        BigDecimal e2 = ex.multiply(ex).add(ey.multiply(ey));
        BigDecimal tt = new BigDecimal(tol);
        int sq = s.multiply(s).compareTo(tt.multiply(tt).multiply(e2));
        if (tol >= 0) {
            return s.signum() > 0 && (tol == 0 || sq > 0);
        }
        return s.signum() >= 0 || sq < 0;
    }
}
