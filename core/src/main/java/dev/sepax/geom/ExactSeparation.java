package dev.sepax.geom;

import java.math.BigDecimal;

/**
 * Exact comparisons of separations with a tolerance, on float input: the predicates behind the
 * exact verdict kernels ({@code Precision.EXACT}).
 *
 * <p>The separation of point {@code p} from the directed edge {@code a -> b} (outward normal on
 * the right, as in a counter-clockwise polygon) is {@code S / |b - a|} with
 * {@code S = (by - ay)(px - ax) - (bx - ax)(py - ay) = -orient(a, b, p)}. Both methods decide
 * "separation {@code > tolerance}" as exact real arithmetic on the given floats would:
 * <ul>
 *   <li>tolerance 0: the exact sign of an orientation ({@link Orientation#orient}), or an exact
 *       float compare for an axis gap;</li>
 *   <li>other tolerances: the comparison in double with a forward error bound, and when the two
 *       sides are too close for that, in {@link BigDecimal} with the square root squared away
 *       ({@code S > t |e|} iff {@code S > 0 and S^2 > t^2 |e|^2} for {@code t > 0}, iff
 *       {@code S >= 0 or S^2 < t^2 |e|^2} for {@code t < 0}).</li>
 * </ul>
 * Stateless and thread-safe. Allocation only in the {@link BigDecimal} stages.
 */
public final class ExactSeparation {
    /** Relative margin of the double stage: far above its worst error (about 8 * 2^-53). */
    private static final double MARGIN = 0x1p-44;

    private ExactSeparation() {}

    /**
     * Is the separation of {@code p} from the edge {@code a -> b} greater than {@code tolerance},
     * exactly? The edge must have non-zero length.
     */
    public static boolean beyond(float ax, float ay, float bx, float by, float px, float py, float tolerance) {
        if (px == ax && py == ay || px == bx && py == by) {
            // p is an end of the edge (a shared vertex): S = 0 exactly, and 0 > t |e| iff t < 0.
            return tolerance < 0;
        }
        if (tolerance == 0) {
            return Orientation.orient(ax, ay, bx, by, px, py) < 0;
        }
        // Double stage: four differences (each within 2^-53 relative), two products, a
        // difference, a square root: S and t|e| each within 8 * 2^-53 of their magnitudes.
        double dx = (double) bx - ax;
        double dy = (double) by - ay;
        double qx = (double) px - ax;
        double qy = (double) py - ay;
        double s1 = dy * qx;
        double s2 = dx * qy;
        double s = s1 - s2;
        double te = tolerance * Math.sqrt(dx * dx + dy * dy);
        double margin = MARGIN * (Math.abs(s1) + Math.abs(s2) + Math.abs(te));
        if (s > te + margin) {
            return true;
        }
        if (s < te - margin) {
            return false;
        }
        BigDecimal axd = new BigDecimal(ax);
        BigDecimal ayd = new BigDecimal(ay);
        BigDecimal ex = new BigDecimal(bx).subtract(axd);
        BigDecimal ey = new BigDecimal(by).subtract(ayd);
        BigDecimal exact = ey.multiply(new BigDecimal(px).subtract(axd))
                .subtract(ex.multiply(new BigDecimal(py).subtract(ayd)));
        BigDecimal t = new BigDecimal(tolerance);
        int cmp = exact.multiply(exact).compareTo(t.multiply(t).multiply(ex.multiply(ex).add(ey.multiply(ey))));
        if (tolerance > 0) {
            return exact.signum() > 0 && cmp > 0;
        }
        return exact.signum() >= 0 || cmp < 0;
    }

    /** Is {@code lo - hi > tolerance}, exactly (an AABB axis gap)? */
    public static boolean gapExceeds(float lo, float hi, float tolerance) {
        if (tolerance == 0) {
            return lo > hi; // the exact sign of lo - hi
        }
        double d = (double) lo - hi; // within 2^-53 |d| of lo - hi
        double diff = d - tolerance; // within 2^-53 |diff| more
        if (Math.abs(diff) > MARGIN * (Math.abs(d) + Math.abs(tolerance))) {
            return diff > 0;
        }
        return new BigDecimal(lo).subtract(new BigDecimal(hi)).compareTo(new BigDecimal(tolerance)) > 0;
    }
}
