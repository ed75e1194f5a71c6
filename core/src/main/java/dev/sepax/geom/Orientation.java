package dev.sepax.geom;

import java.math.BigDecimal;

/**
 * Exact orientation predicate for float points.
 *
 * <p>Validation and hull building must never be fooled by rounding, so the sign of
 * {@code (b - a) x (c - a)} is computed exactly: every product of two floats is exact in
 * double, a forward error bound decides the easy cases, and the rest fall back to
 * {@link BigDecimal}, which is exact for float inputs. Not on any hot path.
 */
public final class Orientation {
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
        BigDecimal axd = new BigDecimal(ax);
        BigDecimal ayd = new BigDecimal(ay);
        BigDecimal exact = new BigDecimal(bx).subtract(axd).multiply(new BigDecimal(cy).subtract(ayd))
                .subtract(new BigDecimal(by).subtract(ayd).multiply(new BigDecimal(cx).subtract(axd)));
        return exact.signum();
    }
}
