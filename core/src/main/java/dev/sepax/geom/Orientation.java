package dev.sepax.geom;

import java.math.BigDecimal;

/**
 * Exact orientation predicate for float points.
 *
 * <p>Validation and hull building must never be fooled by rounding, so the sign of
 * {@code (b - a) x (c - a)} is computed exactly: when the coordinate differences are exact in
 * double (nearly always), the two products are compared exactly through their fma residues;
 * otherwise every product of two floats is exact in double, a forward error bound decides the
 * easy cases, and the rest fall back to {@link BigDecimal}, which is exact for float inputs. Not
 * on any hot path, but validation calls it once per vertex, so it must stay cheap for exactly
 * collinear and nearly collinear points too.
 *
 * <p>Stateless and thread-safe; allocates only in the {@link BigDecimal} fallback.
 */
public final class Orientation {
    private Orientation() {}

    /**
     * Returns +1 if {@code a, b, c} turn counter-clockwise, -1 if clockwise, 0 if collinear,
     * all decided exactly.
     */
    public static int orient(float ax, float ay, float bx, float by, float cx, float cy) {
        // Fast exact path: the four coordinate differences are exact in double whenever their
        // operands' exponents are close (nearly always). Then P1 = dx1 * dy2 and P2 = dy1 * dx2 are
        // compared exactly: rounding is monotone, so p1 != p2 orders P1 and P2 the same way, and
        // on p1 == p2 the fma residues e = P - p (exact, no underflow for float inputs) decide.
        double dx1 = (double) bx - ax;
        double dy1 = (double) by - ay;
        double dx2 = (double) cx - ax;
        double dy2 = (double) cy - ay;
        if (exact(bx, ax, dx1) && exact(by, ay, dy1) && exact(cx, ax, dx2) && exact(cy, ay, dy2)) {
            double p1 = dx1 * dy2;
            double p2 = dy1 * dx2;
            if (p1 != p2) {
                return p1 > p2 ? 1 : -1;
            }
            double e1 = Math.fma(dx1, dy2, -p1);
            double e2 = Math.fma(dy1, dx2, -p2);
            return e1 > e2 ? 1 : e1 < e2 ? -1 : 0;
        }
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

    /** Is {@code d = (double) a - b} the exact difference? (Knuth's two-sum error is zero.) */
    private static boolean exact(double a, double b, double d) {
        double nb = -b;
        double bb = d - a;
        return (a - (d - bb)) + (nb - bb) == 0;
    }
}
