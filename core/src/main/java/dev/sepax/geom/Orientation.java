package dev.sepax.geom;

import java.math.BigDecimal;

/**
 * Exact orientation predicate for float points.
 *
 * <p>Validation, hull building and the exact verdict kernels must never be fooled by rounding,
 * so the sign of {@code (b - a) x (c - a)} is computed exactly, adaptively:
 * <ol>
 *   <li>The determinant expanded into six products of two floats. Each is exact in double: a
 *       float has a 24-bit significand, so the product has at most 48 significant bits (of 53)
 *       and its exponent stays within double's range (float magnitudes lie in
 *       {@code [2^-149, 2^128)}, so products lie in {@code [2^-298, 2^256)}). Their sum in double
 *       is off by at most {@code 5 * 2^-53} times the sum of their magnitudes; a larger
 *       determinant has the right sign.</li>
 *   <li>Otherwise the six exact products are summed without error: a cascade of TwoSum steps
 *       (each splits {@code p + q} into the rounded sum and its exact rounding error, exact in
 *       double barring overflow, which these magnitudes cannot reach) leaves the running sum in one
 *       term and the errors in the other five. When the errors together are smaller than the sum,
 *       the sum's sign is the exact sign; when they are all 0 it is the exact value. Otherwise the
 *       cascade runs again on the new terms (at most {@value #MAX_CASCADES} times).</li>
 *   <li>Last resort, should the cascades not settle: {@link BigDecimal}, exact for float input.</li>
 * </ol>
 * Stateless and thread-safe; stages 1 and 2 allocate nothing.
 */
public final class Orientation {
    /** Cap on the TwoSum cascades of stage 2; then {@link BigDecimal} decides. */
    static final int MAX_CASCADES = 8;

    private Orientation() {}

    /**
     * Returns +1 if {@code a, b, c} turn counter-clockwise, -1 if clockwise, 0 if collinear,
     * all decided exactly.
     */
    public static int orient(float ax, float ay, float bx, float by, float cx, float cy) {
        // Expanded determinant: six products, each exact in double (24 + 24 bits <= 53).
        double p1 = (double) bx * cy;
        double p2 = (double) bx * ay;
        double p3 = (double) ax * cy;
        double p4 = (double) by * cx;
        double p5 = (double) by * ax;
        double p6 = (double) ay * cx;
        double det = ((p1 - p2) - p3) - ((p4 - p5) - p6);
        double mag = Math.abs(p1) + Math.abs(p2) + Math.abs(p3) + Math.abs(p4) + Math.abs(p5) + Math.abs(p6);
        // Five additions on exact products: error < 5 * 2^-53 * mag; 1e-15 gives a safe margin.
        double bound = mag * 1e-15;
        if (det > bound) {
            return 1;
        }
        if (det < -bound) {
            return -1;
        }
        if (mag == 0) {
            return 0;
        }
        int sign = signOfSum(p1, -p2, -p3, -p4, p5, p6);
        if (sign != UNSETTLED) {
            return sign;
        }
        return orientBig(ax, ay, bx, by, cx, cy);
    }

    /** Stage 3: exact in {@link BigDecimal} (allocates). */
    static int orientBig(float ax, float ay, float bx, float by, float cx, float cy) {
        BigDecimal axd = new BigDecimal(ax);
        BigDecimal ayd = new BigDecimal(ay);
        BigDecimal exact = new BigDecimal(bx).subtract(axd).multiply(new BigDecimal(cy).subtract(ayd))
                .subtract(new BigDecimal(by).subtract(ayd).multiply(new BigDecimal(cx).subtract(axd)));
        return exact.signum();
    }

    /** Returned by {@link #signOfSum} when the cascades did not settle the sign. */
    static final int UNSETTLED = 2;

    /**
     * The exact sign of {@code q0 + ... + q5} for finite doubles whose partial sums cannot
     * overflow, or {@link #UNSETTLED}. Each cascade replaces the terms by their exact rounding
     * errors (q0..q4) and the rounded running sum (q5), which keeps the exact sum unchanged.
     */
    static int signOfSum(double q0, double q1, double q2, double q3, double q4, double q5) {
        for (int pass = 0; pass < MAX_CASCADES; pass++) {
            double s;
            double v;
            // TwoSum(p, q): s = fl(p + q), error (p - (s - v)) + (q - v) with v = s - p, exact.
            s = q0 + q1;
            v = s - q0;
            q0 = (q0 - (s - v)) + (q1 - v);
            q1 = s;
            s = q1 + q2;
            v = s - q1;
            q1 = (q1 - (s - v)) + (q2 - v);
            q2 = s;
            s = q2 + q3;
            v = s - q2;
            q2 = (q2 - (s - v)) + (q3 - v);
            q3 = s;
            s = q3 + q4;
            v = s - q3;
            q3 = (q3 - (s - v)) + (q4 - v);
            q4 = s;
            s = q4 + q5;
            v = s - q4;
            q4 = (q4 - (s - v)) + (q5 - v);
            q5 = s;
            double tail = Math.abs(q0) + Math.abs(q1) + Math.abs(q2) + Math.abs(q3) + Math.abs(q4);
            if (tail == 0) {
                return q5 > 0 ? 1 : q5 < 0 ? -1 : 0;
            }
            // tail is the sum of the error magnitudes rounded 4 times: the true one is below
            // tail * (1 + 5 * 2^-53), so a larger |q5| fixes the sign of the exact sum.
            if (Math.abs(q5) > tail * (1 + 0x1p-48)) {
                return q5 > 0 ? 1 : -1;
            }
        }
        return UNSETTLED;
    }
}
