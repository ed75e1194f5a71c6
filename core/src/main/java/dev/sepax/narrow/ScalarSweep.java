package dev.sepax.narrow;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.BitWords;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.internal.SweepArguments;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

/**
 * The scalar reference swept test: per-axis time intervals of the separating-axis test for
 * translating convex polygons (see {@link SweepKernel} for the decision and its float rules).
 *
 * <p>Per pair: the four swept AABB constraints first (x+, x-, y+, y-), then the edge axes; the
 * pair stops as soon as the interval is empty, since entries only grow and exits only shrink.
 * The edge axes come in one of two ways, chosen per capacity class as in
 * {@link ScalarPenetration}:
 * <ul>
 *   <li><b>small class</b> (both capacities at most {@link ScalarPenetration#ALL_PAIRS_CAPACITY}):
 *       A's edges, then B's, each edge's support the minimum over every vertex of the other
 *       shape ({@code 2 m k} products);
 *   <li><b>merge class</b> (any other pair): one walk round the Minkowski difference, A's and
 *       B's edges interleaved by angle, each edge's support its paired vertex only
 *       ({@code m + k} steps; see {@link #mergePair}).
 * </ul>
 * The float expressions here define the results every other {@link SweepKernel} must
 * reproduce bit for bit. Rotation is out of scope (it needs conservative advancement over GJK
 * distances).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarSweep implements SweepKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarSweep INSTANCE = new ScalarSweep();

    /** No axis entered: the normal is (0, 0). Codes 1..4: AABB x+, x-, y+, y-. */
    private static final int NO_AXIS = 0;
    /** A's edge {@code i} has code {@code FIRST_A_EDGE + i}; B's edge {@code j} has {@code -(1 + j)}. */
    private static final int FIRST_A_EDGE = 5;

    private ScalarSweep() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     SweepResults out) {
        SweepArguments.check(shapes, velocities, pairs, from, to, tMax, out);
        // + 0f: a tMax of -0 becomes +0, so every time compared below is free of -0.
        float window = tMax + 0f;
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                if (sweepPair(shapes, velocities.vxs(), velocities.vys(), pa[p], pb[p], window, out, p)) {
                    bits |= 1L << p;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.hits().words(), w, end, bits);
        }
        return hits;
    }

    /** Sweeps one pair, writes its times and normal to slot {@code p} of {@code out}, returns the hit. */
    private static boolean sweepPair(ConvexPolygons s, float[] vx, float[] vy, int a, int b, float tMax,
                                     SweepResults out, int p) {
        // B moves relative to A with u; A's axes see u, B's axes see -u (negation is exact).
        float ux = vx[b] - vx[a];
        float uy = vy[b] - vy[a];
        float enter = Float.NEGATIVE_INFINITY;
        int axis = NO_AXIS;
        PolygonArrays r = s.arrays();
        float exit = tMax;

        // Swept AABB: x+ (B right of A), x- (B left of A), y+ (B above A), y- (B below A).
        // The differences of bounds are exact in sign, and one side's gap is the other's with
        // the shapes swapped, bit for bit.
        for (int c = 0; c < 4; c++) {
            float sep = c == 0 ? r.minX[b] - r.maxX[a]
                    : c == 1 ? r.minX[a] - r.maxX[b]
                    : c == 2 ? r.minY[b] - r.maxY[a]
                    : r.minY[a] - r.maxY[b];
            float rate = (c == 0 ? ux : c == 1 ? -ux : c == 2 ? uy : -uy) + 0f;
            // With rate == +0 the quotient is -inf when sep > 0 (apart, never closing: the exit
            // lies in the past, so no contact), +inf when sep < 0 and NaN when sep == 0 (no
            // constraint: neither compare below accepts them).
            float t = -sep / rate + 0f;
            if (rate < 0f) {
                if (t > enter) {
                    enter = t;
                    axis = 1 + c;
                }
            } else if (t < exit) {
                exit = t;
            }
        }
        if (enter > exit || exit < 0f) {
            return miss(out, p);
        }
        if (r.capacity[a] > ScalarPenetration.ALL_PAIRS_CAPACITY || r.capacity[b] > ScalarPenetration.ALL_PAIRS_CAPACITY) {
            return mergePair(s, a, b, ux, uy, enter, axis, exit, out, p);
        }

        // Edge axes: pass 0 = A's edges against B's vertices, pass 1 = B's edges against A's.
        for (int pass = 0; pass < 2; pass++) {
            int ref = pass == 0 ? a : b;
            int other = pass == 0 ? b : a;
            float rux = pass == 0 ? ux : -ux;
            float ruy = pass == 0 ? uy : -uy;
            int o = r.start[ref];
            int end = o + r.count[ref];
            int oo = r.start[other];
            int oend = oo + r.count[other];
            for (int i = o; i < end; i++) {
                float nx = r.nx[i];
                float ny = r.ny[i];
                // Separation of the other shape beyond this edge at t = 0: its lowest projection
                // on n minus the edge's own projection. A vertex equal to this edge's vertex
                // projects to exactly the same float, so a shared vertex gives exactly 0.
                float offset = Math.fma(nx, r.x[i], ny * r.y[i]);
                float support = Float.POSITIVE_INFINITY;
                for (int j = oo; j < oend; j++) {
                    float d = Math.fma(nx, r.x[j], ny * r.y[j]);
                    if (d < support) {
                        support = d;
                    }
                }
                float sep = support - offset;
                float rate = Math.fma(nx, rux, ny * ruy) + 0f;
                float t = -sep / rate + 0f;
                if (rate < 0f) {
                    if (t > enter) {
                        enter = t;
                        axis = pass == 0 ? FIRST_A_EDGE + (i - o) : -(1 + (i - o));
                    }
                } else if (t < exit) {
                    exit = t;
                }
                if (enter > exit || exit < 0f) {
                    return miss(out, p); // the interval is empty and can only shrink
                }
            }
        }

        return hit(s, a, b, enter, axis, exit, out, p);
    }

    /**
     * The merge class after the AABB constraints: the edge axes from one walk round the
     * Minkowski difference, then the results of pair {@code p}. Given the AABB stage's
     * {@code enter}, {@code axis} and {@code exit}, whose interval is not empty.
     *
     * <p>The walk is {@link ScalarPenetration#mergeWalk}'s, with A as P and B as Q (the swept
     * test has no swap symmetry to keep): B's start vertex {@code q0} has the least
     * {@code fma(nx0, x, ny0 * y)} for A's edge 0 (first on ties), then each step compares A's
     * edge {@code i} and B's edge {@code j} by {@code c = nxA * nyB - nyA * nxB}: {@code c <= 0}
     * takes A's edge with B's vertex {@code j} as its support, {@code c >= 0} (or NaN) B's edge
     * with A's vertex {@code i}. An axis's separation is {@code support - offset}, the
     * expressions of the small class evaluated at the paired vertex only, and its time and
     * rate follow as in the small class. The entry axis keeps the small class's order
     * (AABB, A's edges by index, B's edges by index): on equal entry times an A edge replaces
     * a B edge, and a B edge replaces a B edge of a larger index. The pair stops at the first
     * step that leaves the interval empty.
     *
     * <p>Public only so that the SIMD kernel in another package runs exactly this walk; not an
     * API for callers.
     *
     * @return true for a hit
     */
    public static boolean mergePair(ConvexPolygons s, int a, int b, float ux, float uy, float enter, int axis,
                                    float exit, SweepResults out, int p) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        int oa = r.start[a];
        int ka = r.count[a];
        int ob = r.start[b];
        int kb = r.count[b];
        float n0x = nx[oa];
        float n0y = ny[oa];
        float least = Float.POSITIVE_INFINITY;
        int q0 = 0;
        for (int j = 0; j < kb; j++) {
            float d = Math.fma(n0x, x[ob + j], n0y * y[ob + j]);
            if (d < least) {
                least = d;
                q0 = j;
            }
        }
        float nux = -ux;
        float nuy = -uy;
        int i = 0;
        int j = q0;
        int jEnd = q0 + kb;
        while (i < ka || j < jEnd) {
            int si = oa + (i < ka ? i : 0);
            int sj = ob + (j < kb ? j : j - kb);
            float c = nx[si] * ny[sj] - ny[si] * nx[sj];
            boolean aFirst = i < ka && (j == jEnd || c <= 0f);
            boolean bFirst = j < jEnd && (i == ka || !(c < 0f));
            if (aFirst) {
                float inx = nx[si];
                float iny = ny[si];
                float sep = Math.fma(inx, x[sj], iny * y[sj]) - Math.fma(inx, x[si], iny * y[si]);
                float rate = Math.fma(inx, ux, iny * uy) + 0f;
                float t = -sep / rate + 0f;
                if (rate < 0f) {
                    // A's edges rank before B's: an equal time replaces a B edge.
                    if (t > enter || (t == enter && axis < 0)) {
                        enter = t;
                        axis = FIRST_A_EDGE + i;
                    }
                } else if (t < exit) {
                    exit = t;
                }
                i++;
            }
            if (bFirst) {
                float jnx = nx[sj];
                float jny = ny[sj];
                float sep = Math.fma(jnx, x[si], jny * y[si]) - Math.fma(jnx, x[sj], jny * y[sj]);
                float rate = Math.fma(jnx, nux, jny * nuy) + 0f;
                float t = -sep / rate + 0f;
                if (rate < 0f) {
                    int code = -(1 + (sj - ob));
                    // B's edges come from q0 round: on an equal time the smaller index wins.
                    if (t > enter || (t == enter && axis < 0 && code > axis)) {
                        enter = t;
                        axis = code;
                    }
                } else if (t < exit) {
                    exit = t;
                }
                j++;
            }
            if (enter > exit || exit < 0f) {
                return miss(out, p); // the interval is empty and can only shrink
            }
        }
        return hit(s, a, b, enter, axis, exit, out, p);
    }

    /** Writes the hit of pair {@code p}: times and the normal of the entry axis. */
    private static boolean hit(ConvexPolygons s, int a, int b, float enter, int axis, float exit, SweepResults out,
                               int p) {
        out.tFirsts()[p] = enter > 0f ? enter : 0f;
        out.tLasts()[p] = exit;
        float nx;
        float ny;
        PolygonArrays r = s.arrays();
        if (axis >= FIRST_A_EDGE) {
            int slot = r.start[a] + axis - FIRST_A_EDGE;
            nx = r.nx[slot];
            ny = r.ny[slot];
        } else if (axis < 0) {
            // B's outward normal points towards A: flip it to point from A to B.
            int slot = r.start[b] - axis - 1;
            nx = -r.nx[slot];
            ny = -r.ny[slot];
        } else {
            nx = axis == 1 ? 1f : axis == 2 ? -1f : 0f;
            ny = axis == 3 ? 1f : axis == 4 ? -1f : 0f;
        }
        out.normalXs()[p] = nx;
        out.normalYs()[p] = ny;
        return true;
    }

    private static boolean miss(SweepResults out, int p) {
        out.tFirsts()[p] = Float.NaN;
        out.tLasts()[p] = Float.NaN;
        out.normalXs()[p] = 0f;
        out.normalYs()[p] = 0f;
        return false;
    }
}
