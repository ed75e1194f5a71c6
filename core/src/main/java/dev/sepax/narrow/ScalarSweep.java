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
 *   <li><b>merge class</b> (any other pair): A's edges, then B's, in groups of
 *       {@link ScalarPenetration#MERGE_GROUP}, each edge's support the minimum over its
 *       group's range of the other shape's vertices only, the ranges of
 *       {@code ScalarPenetration.mergeSide} (from the angle merge of the two edge sequences).
 * </ul>
 * Both classes take the axes in the same order (AABB, A's edges by index, B's by index) with
 * the same strict compares, so the tie rule of {@link SweepKernel} holds in both.
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
        return edgeAxes(s, a, b, ux, uy, enter, axis, exit, out, p);
    }

    /**
     * The edge axes of pair (a, b) after the AABB constraints, given their {@code enter},
     * {@code axis} and {@code exit} (an interval that is not empty), then the results of pair
     * {@code p}. Public only so that the SIMD kernel in another package can take exactly this
     * path where it has no scratch; not an API for callers.
     *
     * @return true for a hit
     */
    public static boolean edgeAxes(ConvexPolygons s, int a, int b, float ux, float uy, float enter, int axis,
                                   float exit, SweepResults out, int p) {
        PolygonArrays r = s.arrays();
        // The small class takes every vertex of the other shape for every edge; the merge class
        // groups the edges and takes each group's range only (ScalarPenetration.mergeSide).
        boolean merge = r.capacity[a] > ScalarPenetration.ALL_PAIRS_CAPACITY
                || r.capacity[b] > ScalarPenetration.ALL_PAIRS_CAPACITY;
        float[] x = r.x;
        float[] y = r.y;
        // Edge axes: pass 0 = A's edges against B's vertices, pass 1 = B's edges against A's.
        for (int pass = 0; pass < 2; pass++) {
            int ref = pass == 0 ? a : b;
            int other = pass == 0 ? b : a;
            float rux = pass == 0 ? ux : -ux;
            float ruy = pass == 0 ? uy : -uy;
            int o = r.start[ref];
            int kr = r.count[ref];
            int oo = r.start[other];
            int ko = r.count[other];
            int group = merge ? ScalarPenetration.MERGE_GROUP : kr;
            int groups = (kr + group - 1) / group;
            int j0 = groups > 1 ? ScalarPenetration.supportIndex(r.nx[o], r.ny[o], x, y, oo, ko) : 0;
            int from = j0;
            for (int g = 0; g < groups; g++) {
                int first = g * group;
                int next = g + 1 < groups
                        ? ScalarPenetration.supportIndex(r.nx[o + first + group], r.ny[o + first + group], x, y, oo, ko)
                        : j0;
                int len = ScalarPenetration.rangeLength(from, next, ko, groups);
                int last = Math.min(first + group, kr);
                for (int e = first; e < last; e++) {
                    int i = o + e;
                    float nx = r.nx[i];
                    float ny = r.ny[i];
                    // Separation of the other shape beyond this edge at t = 0: its lowest
                    // projection on n minus the edge's own projection. A vertex equal to this
                    // edge's vertex projects to exactly the same float, so a shared vertex gives
                    // exactly 0.
                    float offset = Math.fma(nx, x[i], ny * y[i]);
                    float support = ScalarPenetration.rangeMin(nx, ny, x, y, oo, ko, from, len);
                    float sep = support - offset;
                    float rate = Math.fma(nx, rux, ny * ruy) + 0f;
                    float t = -sep / rate + 0f;
                    if (rate < 0f) {
                        if (t > enter) {
                            enter = t;
                            axis = pass == 0 ? FIRST_A_EDGE + e : -(1 + e);
                        }
                    } else if (t < exit) {
                        exit = t;
                    }
                    if (enter > exit || exit < 0f) {
                        return miss(out, p); // the interval is empty and can only shrink
                    }
                }
                from = next;
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
