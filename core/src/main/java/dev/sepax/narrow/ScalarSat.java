package dev.sepax.narrow;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.SupportSearch;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference kernel: the Box2D form of the separating-axis test.
 *
 * <p>For each pair: the AABB axes first (exact compares, evaluated branch-free for 64 pairs at a
 * time), then the cached axis if any, then A's edges starting with the one facing B, then B's.
 * Along an edge it stops as soon as one vertex of the other shape comes within the tolerance,
 * since that axis can no longer separate, trying first the vertex that stopped the previous
 * edge; it stops the pair at the first separating axis. None of the orderings can change a
 * verdict: it is an OR over axes of an AND over vertices. The float expressions here define the verdict that every other kernel must
 * reproduce bit for bit (see {@link SatKernel}).
 *
 * <h2>Large polygons: O(log k) support</h2>
 * When both shapes of a pair have a capacity class of at least
 * {@code SupportSearch.MIN_CAPACITY} (64 slots, chosen by measurement, docs/decisions.md), the
 * pair leaves the linear scan for {@code SupportSearch.edgeAxes}, whose steps every kernel
 * follows in the same order: the cached axis; a common interior point of the two shapes (the
 * centre of the intersection of the AABBs, then the midpoint of the support vertices towards each other) proven in
 * O(log k), which decides an intersecting pair exactly; the edges at those support vertices,
 * each tested against the other shape's support vertex towards it, found by a checked search
 * over that shape's normals' angular order (O(log k)) instead of a scan of all its vertices;
 * and the linear scan for the few pairs left (near contact). The price is a wider float band on
 * the "separated" side only: the searched vertex can be a rounding away from the true minimum,
 * so {@link FloatBand#ofLargePairs} is {@code 56 u M} instead of {@code 16 u M} (the derivation is
 * in {@code dev.sepax.internal.SupportSearch}). A pair declared intersecting is so exactly, or,
 * as in the linear scan, backed by a vertex within reach of every axis. The common-point steps
 * run at tolerance {@code >= 0} only. {@link #LINEAR} keeps the linear scan at every size (for
 * benchmarks and tests).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarSat implements SatKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarSat INSTANCE = new ScalarSat(SupportSearch.MIN_CAPACITY, "scalar");

    /**
     * The same kernel with the linear scan at every size (no O(log k) support): the reference
     * of {@code simd-linear}, for benchmarks and differential tests.
     */
    public static final ScalarSat LINEAR = new ScalarSat(SupportSearch.LINEAR_ONLY, "scalar-linear");

    /** Pairs whose capacities are both at least this take the O(log k) path. */
    private final int logMinCapacity;
    private final String name;

    private ScalarSat(int logMinCapacity, String name) {
        this.logMinCapacity = logMinCapacity;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        BatchArguments.checkPair(shapes, a, b);
        BatchArguments.checkTolerance(tolerance);
        if (aabbSeparates(shapes, a, b, tolerance)) {
            return false;
        }
        return axes(shapes, a, b, tolerance, 0) == NONE;
    }

    /** The edge axes of the pair: the O(log k) path for two large shapes, else {@link #edgeAxes}. */
    private int axes(ConvexPolygons s, int a, int b, float tol, int hint) {
        int[] cap = s.arrays().capacity;
        if (cap[a] >= logMinCapacity && cap[b] >= logMinCapacity) {
            return SupportSearch.edgeAxes(s.arrays(), a, b, tol, hint);
        }
        return edgeAxes(s, a, b, tol, hint);
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, from, to, tolerance, out, axisCache);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long live = aabbSurvivors(shapes, pa, pb, w, end, tolerance);
            // Pass 2: the edge axes, survivors only.
            long bits = 0;
            while (live != 0) {
                int bit = Long.numberOfTrailingZeros(live);
                live &= live - 1;
                int p = w + bit;
                int hint = axisCache == null ? 0 : axisCache[p];
                int axis = axes(shapes, pa[p], pb[p], tolerance, hint);
                if (axis == NONE) {
                    bits |= 1L << bit;
                } else if (axisCache != null) {
                    axisCache[p] = axis;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.words(), w, end, bits);
        }
        return hits;
    }

    /** No separating axis: the pair intersects. */
    static final int NONE = 0;
    /** Separated by an AABB axis. */
    static final int AABB = Integer.MIN_VALUE;

    /**
     * The linear scan (at every size): returns {@link #NONE} if the pair intersects, otherwise a separating axis: {@link #AABB},
     * {@code 1 + i} for A's edge i, or {@code -(1 + j)} for B's edge j.
     *
     * <p>Axis order (it never changes the verdict, only the work): AABB, the cached hint, A's
     * edges starting at the one whose normal points most towards B's centroid, then B's edges
     * likewise. Along each edge the vertex loop starts at the last witness, the vertex of the
     * other shape that killed the previous axis: neighbouring edges of a convex polygon are
     * usually killed by the same vertex, so an intersecting pair costs about {@code m + k}
     * dot products instead of {@code m * k / 2}.
     */
    static int separatingAxis(ConvexPolygons s, int a, int b, float tol, int hint) {
        return aabbSeparates(s, a, b, tol) ? AABB : edgeAxes(s, a, b, tol, hint);
    }

    /**
     * Do the world x and y axes separate shapes {@code a} and {@code b} by more than
     * {@code tol}? Exact at tolerance 0, since the sign of a float difference is exact. Every
     * verdict kernel calls this (or {@link #aabbSurvivors}), so all evaluate the same compares.
     */
    public static boolean aabbSeparates(ConvexPolygons s, int a, int b, float tol) {
        PolygonArrays r = s.arrays();
        return r.minX[b] - r.maxX[a] > tol || r.minX[a] - r.maxX[b] > tol
                || r.minY[b] - r.maxY[a] > tol || r.minY[a] - r.maxY[b] > tol;
    }

    /**
     * Pass 1 of a batch word: bit {@code p & 63} is set for each pair {@code p} in
     * {@code [first, end)} that the AABB axes do not separate ({@link #aabbSeparates}'s
     * compares). {@code first} is a multiple of 64 and {@code end <= first + 64}.
     */
    public static long aabbSurvivors(ConvexPolygons s, int[] pa, int[] pb, int first, int end, float tol) {
        assert (first & 63) == 0 && end - first <= 64 : "first=" + first + ", end=" + end;
        PolygonArrays r = s.arrays();
        float[] minX = r.minX;
        float[] maxX = r.maxX;
        float[] minY = r.minY;
        float[] maxY = r.maxY;
        // Branch-free: about half of a broad phase's pairs fail here at random, which a branch
        // per pair would mispredict half the time; non-short-circuit | and a shifted 0/1 avoid it.
        long live = 0;
        for (int p = first; p < end; p++) {
            int a = pa[p];
            int b = pb[p];
            boolean apart = (minX[b] - maxX[a] > tol) | (minX[a] - maxX[b] > tol)
                    | (minY[b] - maxY[a] > tol) | (minY[a] - maxY[b] > tol);
            live |= (apart ? 0L : 1L) << p; // Java masks the shift: bit p & 63
        }
        return live;
    }

    /** {@link #separatingAxis} without the AABB axes (the caller has tested them). */
    static int edgeAxes(ConvexPolygons s, int a, int b, float tol, int hint) {
        PolygonArrays r = s.arrays();
        if (hint > 0 && hint <= r.count[a] && edgeSeparates(s, r.start[a] + hint - 1, b, tol)) {
            return hint;
        }
        // hint >= -count, not -hint <= count: -Integer.MIN_VALUE overflows to itself.
        if (hint < 0 && hint >= -r.count[b] && edgeSeparates(s, r.start[b] - hint - 1, a, tol)) {
            return hint;
        }
        // Centre-to-centre direction: only steers the search order.
        float dx = r.centroidX[b] - r.centroidX[a];
        float dy = r.centroidY[b] - r.centroidY[a];
        int i = firstSeparatingEdge(s, a, b, tol, dx, dy);
        if (i >= 0) {
            return 1 + i;
        }
        int j = firstSeparatingEdge(s, b, a, tol, -dx, -dy);
        if (j >= 0) {
            return -(1 + j);
        }
        return NONE;
    }

    /**
     * Index (0-based) of an edge of {@code ref} that separates {@code other}, or -1 when none
     * does. {@code (dx, dy)} points from {@code ref} towards {@code other}.
     */
    private static int firstSeparatingEdge(ConvexPolygons s, int ref, int other, float tol, float dx, float dy) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] enx = r.enx;
        float[] eny = r.eny;
        float[] len = r.len;
        int o = r.start[ref];
        int k = r.count[ref];
        int oo = r.start[other];
        int ko = r.count[other];
        // Best axis first: the edge whose normal points most towards the other shape separates
        // most often. The witness search starts at the other's vertex furthest towards ref,
        // the one most likely to be within reach of every edge.
        int first = bestEdge(s, o, k, dx, dy);
        int w = extremeVertex(s, oo, ko, -dx, -dy);
        int i = first;
        for (int n = 0; n < k; n++) {
            int slot = o + i;
            float nx = enx[slot];
            float ny = eny[slot];
            float px = x[slot];
            float py = y[slot];
            // The normal has the edge's length, so scale the tolerance instead of the normal.
            float limit = tol * len[slot];
            int found = -1;
            int j = w;
            for (int m = 0; m < ko; m++) {
                int v = oo + j;
                float sep = nx * (x[v] - px) + ny * (y[v] - py);
                if (sep <= limit) {
                    found = j; // this vertex is within reach: the axis cannot separate
                    break;
                }
                j = j + 1 == ko ? 0 : j + 1;
            }
            if (found < 0) {
                return i;
            }
            w = found;
            i = i + 1 == k ? 0 : i + 1;
        }
        return -1;
    }

    /** The edge in {@code [o, o + k)} whose unit normal has the largest dot with {@code (dx, dy)}. */
    static int bestEdge(ConvexPolygons s, int o, int k, float dx, float dy) {
        int best = 0;
        float bestDot = Float.NEGATIVE_INFINITY;
        PolygonArrays r = s.arrays();
        for (int i = 0; i < k; i++) {
            float d = r.nx[o + i] * dx + r.ny[o + i] * dy;
            if (d > bestDot) {
                bestDot = d;
                best = i;
            }
        }
        return best;
    }

    /** The vertex in {@code [o, o + k)} with the largest dot with {@code (dx, dy)}. */
    static int extremeVertex(ConvexPolygons s, int o, int k, float dx, float dy) {
        int best = 0;
        float bestDot = Float.NEGATIVE_INFINITY;
        PolygonArrays r = s.arrays();
        for (int j = 0; j < k; j++) {
            float d = r.x[o + j] * dx + r.y[o + j] * dy;
            if (d > bestDot) {
                bestDot = d;
                best = j;
            }
        }
        return best;
    }

    /** Does the edge in slot {@code slot} separate shape {@code other} by more than {@code tol}? */
    static boolean edgeSeparates(ConvexPolygons s, int slot, int other, float tol) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float nx = r.enx[slot];
        float ny = r.eny[slot];
        float px = x[slot];
        float py = y[slot];
        // The normal has the edge's length, so scale the tolerance instead of the normal.
        float limit = tol * r.len[slot];
        int o = r.start[other];
        int end = o + r.count[other];
        for (int j = o; j < end; j++) {
            float sep = nx * (x[j] - px) + ny * (y[j] - py);
            if (sep <= limit) {
                return false; // this vertex is within reach: the axis cannot separate
            }
        }
        return true;
    }
}
