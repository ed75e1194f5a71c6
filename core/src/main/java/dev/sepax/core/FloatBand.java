package dev.sepax.core;

/**
 * The float error band of the separation computed by the verdict kernels.
 *
 * <p>Each separation is {@code fl(fl(enx * fl(bx - ax)) + fl(eny * fl(by - ay)))}, then compared
 * with {@code tolerance * |edge|}. With unit roundoff {@code u = 2^-24}, the subtractions, the
 * two products and the sum each add at most {@code u} relative error, and the edge normal itself
 * was rounded once per component; all of it is bounded by {@code 5u |b - a|} in distance units.
 * Since {@code |b - a| <= 2 sqrt(2) M}, where {@code M} is the largest absolute coordinate of
 * the two shapes, the band is {@code 16 u M}. A pair whose true separation is farther than the
 * band from the tolerance gets the exact verdict.
 */
public final class FloatBand {
    /** Unit roundoff of float. */
    public static final float UNIT_ROUNDOFF = 0x1p-24f;

    private FloatBand() {}

    /** The band for shapes {@code a} and {@code b} of {@code shapes}, in distance units. */
    public static float of(ConvexPolygons shapes, int a, int b) {
        float m = Math.max(magnitude(shapes, a), magnitude(shapes, b));
        return 16 * UNIT_ROUNDOFF * m;
    }

    private static float magnitude(ConvexPolygons s, int i) {
        return Math.max(Math.max(Math.abs(s.minX(i)), Math.abs(s.maxX(i))),
                Math.max(Math.abs(s.minY(i)), Math.abs(s.maxY(i))));
    }
}
