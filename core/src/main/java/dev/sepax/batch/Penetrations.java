package dev.sepax.batch;

import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.ConvexPolygons;

/**
 * Caller-owned results of a {@link dev.sepax.narrow.PenetrationKernel}: one entry per pair, struct of arrays.
 *
 * <pre>
 *  index p:     normalX[p], normalY[p]   unit normal of the best axis, pointing from A to B
 *               depth[p]                 overlap along it, in distance units;
 *                                        depth &gt;= 0: intersecting (0 = touching),
 *                                        depth &lt; 0: separated by at least -depth
 *               axis[p]                  which axis won (codes below)
 * </pre>
 *
 * <p>Axis codes: {@code 1 + i} for edge {@code i} of A (the normal is A's outward unit normal
 * of that edge), {@code -(1 + j)} for edge {@code j} of B (the normal is minus B's outward unit
 * normal), {@link #AXIS_WORLD_X} or {@link #AXIS_WORLD_Y} for a world axis of the AABB test
 * (the normal is {@code (+-1, 0)} or {@code (0, +-1)}), {@link #AXIS_CORES} for rounded shapes
 * whose cores are apart (the normal joins the cores' closest points). Edge codes use the encoding of the
 * {@code axisCache} of {@link dev.sepax.narrow.SatKernel#test}, so a separating axis found here may seed that
 * cache; the two world codes are ignored there as hints.
 *
 * <p>The arrays are public through accessors for direct reading (no copies); kernels write
 * entries {@code [from, to)} of a call and leave the others alone, so threads may fill disjoint
 * ranges of one buffer concurrently. A kernel writes each entry once, with its final values, and
 * never uses the buffer as scratch. Allocation happens only in the constructor.
 */
public final class Penetrations {
    /** Axis code: the world x axis (the AABB test) won. */
    public static final int AXIS_WORLD_X = Integer.MAX_VALUE;
    /** Axis code: the world y axis (the AABB test) won. */
    public static final int AXIS_WORLD_Y = Integer.MAX_VALUE - 1;
    /**
     * Axis code of the rounded-shape penetration ({@code dev.sepax.narrow.RoundedPenetrationKernel}):
     * the cores are apart and the normal is the direction between their closest points.
     */
    public static final int AXIS_CORES = Integer.MAX_VALUE - 2;

    final float[] normalX;
    final float[] normalY;
    final float[] depth;
    final int[] axis;

    /** Room for {@code pairs} results, all zero. */
    public Penetrations(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        normalX = new float[pairs];
        normalY = new float[pairs];
        depth = new float[pairs];
        axis = new int[pairs];
    }

    /** Number of results this buffer can hold. */
    public int capacity() {
        return depth.length;
    }

    /** Normal x per pair (A to B, unit length). Read-only by contract. */
    public float[] normalXs() {
        return normalX;
    }

    /** Normal y per pair (A to B, unit length). Read-only by contract. */
    public float[] normalYs() {
        return normalY;
    }

    /** Depth per pair: overlap if {@code >= 0}, minus a separation lower bound if {@code < 0}. Read-only by contract. */
    public float[] depths() {
        return depth;
    }

    /** Winning axis code per pair (see class doc). Read-only by contract. */
    public int[] axes() {
        return axis;
    }

    /** Normal x of pair {@code p}. */
    public float normalX(int p) {
        return normalX[check(p)];
    }

    /** Normal y of pair {@code p}. */
    public float normalY(int p) {
        return normalY[check(p)];
    }

    /** Depth of pair {@code p} (negative: separated). */
    public float depth(int p) {
        return depth[check(p)];
    }

    /** Axis code of pair {@code p}. */
    public int axis(int p) {
        return axis[check(p)];
    }

    /** True if pair {@code p} intersects or touches ({@code depth >= 0}). */
    public boolean intersects(int p) {
        return depth[check(p)] >= 0;
    }

    private int check(int p) {
        if (p < 0 || p >= depth.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + depth.length + ")");
        }
        return p;
    }

    /**
     * Entry checks of a batch penetration call (shared by the scalar and SIMD kernels).
     *
     * @throws IllegalArgumentException naming the offending argument and value
     */
    public static void checkBatch(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (pairs == null) {
            throw new IllegalArgumentException("pairs is null");
        }
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (pairs.shapeCount() > shapes.size()) {
            throw new IllegalArgumentException("pairs.shapeCount=" + pairs.shapeCount() + " > shapes.size="
                    + shapes.size() + ": the batch was validated for a different store");
        }
        if (from < 0 || to > pairs.size() || from > to) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") is not within [0, " + pairs.size() + ")");
        }
        if (out.capacity() < to) {
            throw new IllegalArgumentException("out.capacity=" + out.capacity() + " < to=" + to);
        }
    }

    /**
     * Entry checks of a single-pair call.
     *
     * @throws IndexOutOfBoundsException if {@code a}, {@code b} or {@code index} is out of range
     */
    public static void checkPair(ConvexPolygons shapes, int a, int b, Penetrations out, int index) {
        if (shapes == null || out == null) {
            throw new IllegalArgumentException(shapes == null ? "shapes is null" : "out is null");
        }
        BatchArguments.checkPair(shapes, a, b);
        out.check(index);
    }
}
