package dev.sepax.solid;

import dev.sepax.batch.PairBatch;
import dev.sepax.internal.SolidArguments;

/**
 * Caller-owned results of a {@link HullPenetrationKernel}: one entry per pair, struct of arrays.
 *
 * <pre>
 *  index p:     normalX[p], normalY[p], normalZ[p]   unit normal of the best axis, from A to B
 *               depth[p]                             overlap along it, in the store's length unit;
 *                                                    depth &gt;= 0: intersecting (0 = touching),
 *                                                    depth &lt; 0: separated by at least -depth
 *               axis[p]                              which axis won, and so which features (codes below)
 * </pre>
 *
 * <p>Axis codes, in the encoding of {@link HullOverlapKernel#test}'s axis cache (so a separating
 * axis found here may seed that cache; the world codes are ignored there as hints):
 * <ul>
 *   <li>{@code 1 + i}: face {@code i} of A; the normal is A's outward face normal.</li>
 *   <li>{@code -(1 + j)}: face {@code j} of B; the normal is minus B's outward face normal.</li>
 *   <li>{@link ScalarHullSat#EDGE_PAIR}{@code | (ea << 15) | eb}: edge {@code ea} of A with edge
 *       {@code eb} of B; the normal is perpendicular to both.</li>
 *   <li>{@link #AXIS_WORLD_X}, {@link #AXIS_WORLD_Y}, {@link #AXIS_WORLD_Z}: a world axis of the
 *       AABB test; the normal is {@code +-1} along it.</li>
 *   <li>{@code 0}: no axis (only for non-finite coordinates; the depth is then NaN).</li>
 * </ul>
 * {@link #faceOfA}, {@link #faceOfB}, {@link #edgeOfA} and {@link #edgeOfB} decode them.
 *
 * <p>Kernels write entries {@code [from, to)} of a call and leave the others alone, so threads
 * may fill disjoint ranges of one buffer concurrently; each entry is written once, with its
 * final values. Allocation happens only in the constructor. Not thread-safe for concurrent
 * writes to the same entry.
 */
public final class HullPenetrations {
    /** Axis code: the world x axis (the AABB test) won. */
    public static final int AXIS_WORLD_X = Integer.MAX_VALUE;
    /** Axis code: the world y axis won. */
    public static final int AXIS_WORLD_Y = Integer.MAX_VALUE - 1;
    /** Axis code: the world z axis won. */
    public static final int AXIS_WORLD_Z = Integer.MAX_VALUE - 2;

    final float[] normalX;
    final float[] normalY;
    final float[] normalZ;
    final float[] depth;
    final int[] axis;

    /**
     * Room for {@code pairs} results, all zero.
     *
     * @throws IllegalArgumentException if {@code pairs < 0}
     */
    public HullPenetrations(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        normalX = new float[pairs];
        normalY = new float[pairs];
        normalZ = new float[pairs];
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

    /** Normal y per pair. Read-only by contract. */
    public float[] normalYs() {
        return normalY;
    }

    /** Normal z per pair. Read-only by contract. */
    public float[] normalZs() {
        return normalZ;
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

    /** Normal z of pair {@code p}. */
    public float normalZ(int p) {
        return normalZ[check(p)];
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

    /** The face of A that an axis code names, or -1 if it names none. */
    public static int faceOfA(int code) {
        return code > 0 && code < ScalarHullSat.EDGE_PAIR ? code - 1 : -1;
    }

    /** The face of B that an axis code names, or -1 if it names none. */
    public static int faceOfB(int code) {
        return code < 0 && code != Integer.MIN_VALUE ? -code - 1 : -1;
    }

    /** A's edge of an edge-pair code, or -1 if the code is not an edge pair. */
    public static int edgeOfA(int code) {
        return isEdgePair(code) ? (code >>> 15) & 0x7fff : -1;
    }

    /** B's edge of an edge-pair code, or -1 if the code is not an edge pair. */
    public static int edgeOfB(int code) {
        return isEdgePair(code) ? code & 0x7fff : -1;
    }

    private static boolean isEdgePair(int code) {
        return code >= ScalarHullSat.EDGE_PAIR && code < AXIS_WORLD_Z;
    }

    private int check(int p) {
        if (p < 0 || p >= depth.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + depth.length + ")");
        }
        return p;
    }

    /**
     * Entry checks of a batch call (shared by the scalar and SIMD kernels). Any {@code from} is
     * allowed.
     *
     * @throws IllegalArgumentException naming the offending argument and value
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     */
    public static void checkBatch(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, HullPenetrations out) {
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
     * @throws IllegalArgumentException if {@code shapes} or {@code out} is null
     * @throws IndexOutOfBoundsException if {@code a}, {@code b} or {@code index} is out of range
     */
    public static void checkPair(ConvexPolyhedra shapes, int a, int b, HullPenetrations out, int index) {
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        SolidArguments.checkPair(shapes, shapes == null ? 0 : shapes.size(), a, b, 0f);
        out.check(index);
    }
}
