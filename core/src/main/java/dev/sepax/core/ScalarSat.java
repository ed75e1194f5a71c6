package dev.sepax.core;

/**
 * The scalar reference kernel: the Box2D form of the separating-axis test.
 *
 * <p>For each pair: the AABB axes first (exact compares), then the cached axis if any, then A's
 * edges, then B's. Along an edge it stops as soon as one vertex of the other shape comes within
 * the tolerance, since that axis can no longer separate; it stops the pair at the first
 * separating axis. The float expressions here define the verdict that every other kernel must
 * reproduce bit for bit (see {@link SatKernel}).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarSat implements SatKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarSat INSTANCE = new ScalarSat();

    private ScalarSat() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        BatchArguments.checkPair(shapes, a, b);
        BatchArguments.checkTolerance(tolerance);
        return separatingAxis(shapes, a, b, tolerance, 0) == NONE;
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, from, to, tolerance, out, axisCache);
        int[] pa = pairs.as();
        int[] pb = pairs.bs();
        long[] words = out.words();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                int hint = axisCache == null ? 0 : axisCache[p];
                int axis = separatingAxis(shapes, pa[p], pb[p], tolerance, hint);
                if (axis == NONE) {
                    bits |= 1L << p;
                } else if (axisCache != null && axis != AABB) {
                    axisCache[p] = axis;
                }
            }
            hits += Long.bitCount(bits);
            long mask = end - w == 64 ? -1L : ((1L << (end - w)) - 1) << w;
            int word = w >>> 6;
            words[word] = (words[word] & ~mask) | bits;
        }
        return hits;
    }

    /** No separating axis: the pair intersects. */
    static final int NONE = 0;
    /** Separated by an AABB axis. */
    static final int AABB = Integer.MIN_VALUE;

    /**
     * Returns {@link #NONE} if the pair intersects, otherwise a separating axis: {@link #AABB},
     * {@code 1 + i} for A's edge i, or {@code -(1 + j)} for B's edge j.
     */
    static int separatingAxis(ConvexPolygons s, int a, int b, float tol, int hint) {
        // World x and y axes: exact, since the sign of a float difference is exact.
        if (s.minX[b] - s.maxX[a] > tol || s.minX[a] - s.maxX[b] > tol
                || s.minY[b] - s.maxY[a] > tol || s.minY[a] - s.maxY[b] > tol) {
            return AABB;
        }
        if (hint > 0 && hint <= s.count[a] && edgeSeparates(s, s.start[a] + hint - 1, b, tol)) {
            return hint;
        }
        if (hint < 0 && -hint <= s.count[b] && edgeSeparates(s, s.start[b] - hint - 1, a, tol)) {
            return hint;
        }
        int i = firstSeparatingEdge(s, a, b, tol);
        if (i >= 0) {
            return 1 + i;
        }
        int j = firstSeparatingEdge(s, b, a, tol);
        if (j >= 0) {
            return -(1 + j);
        }
        return NONE;
    }

    /** Index (0-based) of the first edge of {@code ref} that separates {@code other}, or -1. */
    private static int firstSeparatingEdge(ConvexPolygons s, int ref, int other, float tol) {
        int o = s.start[ref];
        int k = s.count[ref];
        for (int i = 0; i < k; i++) {
            if (edgeSeparates(s, o + i, other, tol)) {
                return i;
            }
        }
        return -1;
    }

    /** Does the edge in slot {@code slot} separate shape {@code other} by more than {@code tol}? */
    static boolean edgeSeparates(ConvexPolygons s, int slot, int other, float tol) {
        float[] x = s.x;
        float[] y = s.y;
        float nx = s.enx[slot];
        float ny = s.eny[slot];
        float px = x[slot];
        float py = y[slot];
        // The normal has the edge's length, so scale the tolerance instead of the normal.
        float limit = tol * s.len[slot];
        int o = s.start[other];
        int end = o + s.count[other];
        for (int j = o; j < end; j++) {
            float sep = nx * (x[j] - px) + ny * (y[j] - py);
            if (sep <= limit) {
                return false; // this vertex is within reach: the axis cannot separate
            }
        }
        return true;
    }
}
