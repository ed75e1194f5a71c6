package dev.sepax.internal;

import dev.sepax.geom.ExactSeparation;
import dev.sepax.shape.ConvexPolygons;

/**
 * The exact verdict of one pair, and the float filter that lets the exact kernels decide almost
 * every pair in float: shared by {@code dev.sepax.narrow.ExactSat} and
 * {@code dev.sepax.simd.VectorExactSat}.
 *
 * <h2>What is decided</h2>
 * The pair (A, B) is separated iff some candidate axis separates it by more than the tolerance
 * {@code t}, in exact real arithmetic on the stored float vertices: the world x and y axes
 * ({@code minX_b - maxX_a > t} and the three others) and the edge normals of A and of B (every
 * vertex {@code p} of the other shape has {@code S / |e| > t}, {@code S = cross(e, a_i - p)},
 * {@code e} the exact edge vector {@code a_{i+1} - a_i}). Otherwise the pair intersects. At
 * {@code t = 0} that is exactly "the closed polygons share a point", touching included.
 *
 * <h2>The filter ({@link #band})</h2>
 * The float kernels compute {@code s = fl(enx * fl(px - ax) + eny * fl(py - ay))} (the
 * {@code SatKernel} expression, with {@code enx = fl(dy)}, {@code eny = -fl(dx)}) and the limit
 * {@code L = fl(t * len)}, {@code len} the stored edge's length ({@link PolygonArrays#edgeLength},
 * in world stores too). With {@code u = 2^-24}, seven roundings give
 * <pre>
 *   |s - S| &lt;= ((1+u)^4 - 1) (|dy| |px - ax| + |dx| |py - ay|) + 3 * 2^-150
 *           &lt;= 4.0001u (|dx| + |dy|) * 2M + 2^-148               M = max |coordinate| of A and B
 *   |L - t|e|| &lt;= 2.0001u |t| |e| + 2^-150                         len is |e| rounded via double
 * </pre>
 * and the thresholds {@code lo = fl(L - B)}, {@code hi = fl(L + B)} add {@code u (|L| + B)}.
 * So with {@code span_A = max (|dx| + |dy|)} over A's edges (kept per shape by the store) any
 * {@code B} with {@code B (1 - u) >= span_A (8.0001u M + 3.0003u |t|) + 2^-147} makes
 * {@code s <= lo} prove {@code S <= t|e|} (the vertex is within reach: the axis cannot separate)
 * and {@code s > hi} prove {@code S > t|e|}. {@link #band} returns
 * {@code fl(fl(fl(fl(9u fl(M_A + M_B)) + fl(4u |t|)) * span_A) + 2^-120)} (capped, see there), with
 * {@code M_A}, {@code M_B} the two shapes' magnitudes: {@code fl(M_A + M_B) >= M}, three
 * roundings of a value with a 12% margin over the first term, and the added floor (the sum of
 * two non-negative floats rounds to at least each of them) covers the absolute terms and any
 * underflow.
 * Only a separation with {@code lo < s <= hi} needs the exact predicate
 * ({@link ExactSeparation#beyond}).
 *
 * <p>The AABB axes at {@code t = 0} are exact in float (the sign of a float difference is
 * exact); at other tolerances {@link ExactSeparation#gapExceeds} decides them.
 *
 * <p>Stateless, thread-safe; allocation only in the {@link java.math.BigDecimal} stage of the
 * exact predicates.
 */
public final class ExactVerdict {
    /** No separating axis: the pair intersects. */
    public static final int NONE = 0;
    /** Separated by an AABB axis. */
    public static final int AABB = Integer.MIN_VALUE;

    private static final float C_MAGNITUDE = 9 * 0x1p-24f;
    private static final float C_TOLERANCE = 4 * 0x1p-24f;
    private static final float MIN_BAND = 0x1p-120f;
    private static final float MAX_BAND = 0x1p126f;

    private ExactVerdict() {}

    /**
     * The filter band of {@code ref}'s edge separations against {@code other} at tolerance
     * {@code tolerance}, in the kernels' separation units (distance times edge length); see the
     * class comment. Capped at {@code 2^126}, so that a threshold is never NaN: a band that
     * large needs {@code |t| * len > 2^147}, where {@code fl(t * len)} is already infinite and
     * the float compare against it is exact (every separation is below {@code 2^125}).
     */
    public static float band(float[] magnitude, float[] span, int ref, int other, float tolerance) {
        float c = scaledMagnitude(magnitude, ref, other) + C_TOLERANCE * Math.abs(tolerance);
        return Math.min(c * span[ref] + MIN_BAND, MAX_BAND);
    }

    /**
     * {@code fl(9u fl(M_ref + M_other))}, the magnitude factor of {@link #band}, the same for both
     * sides of a pair. The sum, not the maximum, of the two magnitudes: at most twice as wide,
     * and no compare (a float maximum is a branch or a blend sequence, once per pair).
     */
    public static float scaledMagnitude(float[] magnitude, int a, int b) {
        return C_MAGNITUDE * (magnitude[a] + magnitude[b]);
    }

    /**
     * {@link #band} at tolerance 0 from {@code scaled = scaledMagnitude(.., ref, other)} and
     * {@code span[ref]}: the same value (the cap is out of reach at tolerance 0, where the band
     * stays below {@code 2^104} for coordinates within {@code ConvexPolygons.MAX_COORDINATE}).
     */
    public static float zeroToleranceBand(float scaled, float span) {
        return scaled * span + MIN_BAND;
    }

    /** Do the world x and y axes separate shapes {@code a} and {@code b} by more than {@code t}, exactly? */
    public static boolean aabbSeparates(PolygonArrays s, int a, int b, float t) {
        return ExactSeparation.gapExceeds(s.minX[b], s.maxX[a], t) || ExactSeparation.gapExceeds(s.minX[a], s.maxX[b], t)
                || ExactSeparation.gapExceeds(s.minY[b], s.maxY[a], t) || ExactSeparation.gapExceeds(s.minY[a], s.maxY[b], t);
    }

    /**
     * {@link #NONE} if the pair intersects, exactly (see class comment); otherwise a separating
     * axis: {@link #AABB}, {@code 1 + i} for A's edge i, {@code -(1 + j)} for B's edge j.
     * {@code hint} (the {@code SatKernel} axis-cache encoding, 0 for none) is tried first.
     */
    public static int separatingAxis(ConvexPolygons shapes, int a, int b, float t, int hint) {
        PolygonArrays s = shapes.arrays();
        if (aabbSeparates(s, a, b, t)) {
            return AABB;
        }
        return edgeAxes(s, a, b, t, hint);
    }

    /** {@link #separatingAxis} without the AABB axes (the caller has decided them exactly). */
    public static int edgeAxes(PolygonArrays s, int a, int b, float t, int hint) {
        float bandA = band(s.magnitude, s.span, a, b, t);
        float bandB = band(s.magnitude, s.span, b, a, t);
        if (hint > 0 && hint <= s.count[a] && reach(s, a, hint - 1, b, 0, t, bandA) < 0) {
            return hint;
        }
        // hint >= -count, not -hint <= count: -Integer.MIN_VALUE overflows to itself.
        if (hint < 0 && hint >= -s.count[b] && reach(s, b, -hint - 1, a, 0, t, bandB) < 0) {
            return hint;
        }
        int i = firstSeparatingEdge(s, a, b, t, bandA);
        if (i >= 0) {
            return 1 + i;
        }
        int j = firstSeparatingEdge(s, b, a, t, bandB);
        if (j >= 0) {
            return -(1 + j);
        }
        return NONE;
    }

    /**
     * Does edge {@code i} of {@code ref} separate {@code other} by more than {@code t}, exactly?
     * {@code band} is {@link #band}{@code (.., ref, other, t)}; the search starts at vertex
     * {@code w} of {@code other} (0-based; any start gives the same answer).
     */
    public static boolean edgeSeparates(PolygonArrays s, int ref, int i, int other, int w, float t, float band) {
        return reach(s, ref, i, other, w, t, band) < 0;
    }

    /** Index of an edge of {@code ref} that separates {@code other} exactly, or -1. */
    private static int firstSeparatingEdge(PolygonArrays s, int ref, int other, float t, float band) {
        int k = s.count[ref];
        int w = 0;
        for (int i = 0; i < k; i++) {
            int found = reach(s, ref, i, other, w, t, band);
            if (found < 0) {
                return i;
            }
            // Neighbouring edges are usually killed by the same vertex: start there next time.
            w = found;
        }
        return -1;
    }

    /**
     * A vertex (0-based) of {@code other} within reach of edge {@code i} of {@code ref} (its
     * separation is at most {@code t}, exactly), searched from vertex {@code w} on; -1 when every
     * vertex lies beyond, that is when the edge separates.
     */
    private static int reach(PolygonArrays s, int ref, int i, int other, int w, float t, float band) {
        float[] x = s.x;
        float[] y = s.y;
        int o = s.start[ref];
        int slot = o + i;
        int next = i + 1 == s.count[ref] ? o : slot + 1;
        float nx = s.enx[slot];
        float ny = s.eny[slot];
        float px = x[slot];
        float py = y[slot];
        float limit = t == 0 ? t : t * s.len[slot];
        float lo = limit - band;
        float hi = limit + band;
        int oo = s.start[other];
        int ko = s.count[other];
        int j = w;
        for (int m = 0; m < ko; m++) {
            int v = oo + j;
            float sep = nx * (x[v] - px) + ny * (y[v] - py);
            // Proven within reach, proven beyond, or too close to call in float.
            if (sep <= lo || sep <= hi && !ExactSeparation.beyond(px, py, x[next], y[next], x[v], y[v], t)) {
                return j;
            }
            j = j + 1 == ko ? 0 : j + 1;
        }
        return -1;
    }
}
