package dev.sepax.narrow;

import dev.sepax.shape.ConvexPolygons;

/**
 * The float error band of the separation computed by the verdict kernels.
 *
 * <p>Each separation is {@code fl(fl(enx * fl(bx - ax)) + fl(eny * fl(by - ay)))}, then compared
 * with {@code fl(tolerance * len)}. With unit roundoff {@code u = 2^-24}: each component of the
 * edge normal {@code (enx, eny)} is one rounded subtraction, and the two differences, the two
 * products and the sum add one rounding each, so to first order the computed value is off by at
 * most {@code 4u (|enx (bx - ax)| + |eny (by - ay)|) <= 4u |edge| |b - a|}, that is
 * {@code 4u |b - a|} in distance units. Since {@code |b - a| <= 2 sqrt(2) M}, where {@code M}
 * is the largest absolute coordinate of the two shapes, that is at most {@code 8 sqrt(2) u M},
 * about {@code 11.3 u M}. The limit {@code tolerance * len} adds two more roundings,
 * {@code 2u |tolerance|} in distance units. The AABB axes are off by at most {@code 2u M}.
 *
 * <p>{@link #of(ConvexPolygons, int, int)} is {@code 16 u M}: it covers the separation with
 * room for the second-order terms, and the limit for any {@code |tolerance| <= 2 M}.
 * {@link #of(ConvexPolygons, int, int, float)} adds {@code 2u |tolerance|} and covers every
 * tolerance. A pair whose true separation is farther than the band from the tolerance gets the
 * exact verdict. Measured on random pairs (FloatBandPropertiesTest), the error stays below
 * {@code 8 u M}.
 *
 * <p>The bound assumes that no product underflows into the subnormal range (below
 * {@code 2^-126}), where rounding is absolute rather than relative. The store guarantees it: it
 * refuses any shape with an edge whose {@code length * max|coordinate|} is below {@code 2^-100}
 * (two shapes both within about {@code 2^-50} of the origin, or edges only a few subnormal
 * steps long), so underflow adds at most {@code 2^-49 M}. Exact touching (a
 * true separation of 0) lies inside the band at tolerance 0; see {@link SatKernel} for what the
 * kernels promise there.
 *
 * <p>Pairs of two large polygons (both of a capacity class of at least 64, see
 * {@link ScalarSat}) take the O(log k) path: an axis is declared separating from the one vertex
 * a checked binary search finds, which can be a rounding away from the true minimum. Along a
 * chain of edges within {@code 4.1u} radians of perpendicular to the axis, no longer than the
 * other polygon's perimeter ({@code <= 8 M}), that adds at most {@code 33 u M};
 * {@link #ofLargePairs} adds {@code 40 u M} (the derivation is in the source of the search,
 * {@code dev.sepax.internal.SupportSearch}). A pair that path declares intersecting is so
 * exactly (a common interior point, proven) or by the linear scan.
 *
 * <p>Static functions only: thread-safe and allocation-free.
 */
public final class FloatBand {
    /** Unit roundoff of float. */
    public static final float UNIT_ROUNDOFF = 0x1p-24f;

    private FloatBand() {}

    /**
     * The band for shapes {@code a} and {@code b} of {@code shapes}, in distance units:
     * {@code 16 u M}; valid for tolerances with {@code |tolerance| <= 2 M}.
     */
    public static float of(ConvexPolygons shapes, int a, int b) {
        float m = Math.max(magnitude(shapes, a), magnitude(shapes, b));
        return 16 * UNIT_ROUNDOFF * m;
    }

    /**
     * The band for shapes {@code a} and {@code b} at the given tolerance, in distance units:
     * {@code 16 u M + 2 u |tolerance|}.
     */
    public static float of(ConvexPolygons shapes, int a, int b, float tolerance) {
        return of(shapes, a, b) + 2 * UNIT_ROUNDOFF * Math.abs(tolerance);
    }

    /**
     * The band of a pair on the O(log k) path for large polygons, in distance units:
     * {@code 56 u M + 2 u |tolerance|} ({@link #of(ConvexPolygons, int, int, float)} plus
     * {@code 40 u M}, see the class comment).
     */
    public static float ofLargePairs(ConvexPolygons shapes, int a, int b, float tolerance) {
        float m = Math.max(magnitude(shapes, a), magnitude(shapes, b));
        return of(shapes, a, b, tolerance) + 40 * UNIT_ROUNDOFF * m;
    }

    private static float magnitude(ConvexPolygons s, int i) {
        return Math.max(Math.max(Math.abs(s.minX(i)), Math.abs(s.maxX(i))),
                Math.max(Math.abs(s.minY(i)), Math.abs(s.maxY(i))));
    }
}
