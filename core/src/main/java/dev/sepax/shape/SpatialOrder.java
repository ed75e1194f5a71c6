package dev.sepax.shape;

import dev.sepax.internal.HilbertCurve;

/**
 * A store renumbered along a Hilbert curve, with the permutation that maps its indices back to
 * the caller's ids: shapes close in space get close indices, so a kernel walking pairs of nearby
 * shapes reads nearby memory instead of jumping across a store larger than the caches.
 *
 * <h2>Why</h2>
 * With random ids, each pair of a large store reads two random places of a store far larger
 * than the caches: a cache miss or two per pair, whose cost grows with the store. Along a Hilbert
 * curve, a shape's neighbours in space sit mostly within a few hundred indices of it; with the
 * pairs then sorted on their first shape (see {@code dev.sepax.batch.PairOrder}) a kernel streams
 * through the store.
 *
 * <h2>Ids</h2>
 * {@link #store()} holds the caller's shape {@code userId(i)} at index {@code i}, bit for bit;
 * {@link #storedIndex(int)} is the inverse. Pairs, poses and results of the ordered store are in
 * store indices: translate at the edges ({@code PairOrder.toStored} for pair batches). The order
 * is the AABB centres' position on a Hilbert curve of {@code 2^16 x 2^16} cells over the store's
 * extent (ties keep the caller's order), so it is deterministic.
 *
 * <p>Immutable and thread-safe; building allocates the ordered store and two {@code int[size]}.
 */
public final class SpatialOrder {

    private final ConvexPolygons store;
    private final int[] userOf;
    private final int[] storedOf;

    private SpatialOrder(ConvexPolygons store, int[] userOf, int[] storedOf) {
        this.store = store;
        this.userOf = userOf;
        this.storedOf = storedOf;
    }

    /**
     * {@code shapes} in Hilbert order of their AABB centres.
     *
     * @throws IllegalArgumentException if {@code shapes} is null
     */
    public static SpatialOrder hilbert(ConvexPolygons shapes) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        int n = shapes.size;
        double[] cx = new double[n];
        double[] cy = new double[n];
        for (int s = 0; s < n; s++) {
            cx[s] = 0.5 * ((double) shapes.minX[s] + shapes.maxX[s]);
            cy[s] = 0.5 * ((double) shapes.minY[s] + shapes.maxY[s]);
        }
        int[] userOf = HilbertCurve.order(cx, cy);
        int[] storedOf = new int[n];
        for (int i = 0; i < n; i++) {
            storedOf[userOf[i]] = i;
        }
        return new SpatialOrder(shapes.permuted(userOf), userOf, storedOf);
    }

    /** The shapes in Hilbert order: index {@code i} holds the caller's shape {@link #userId}{@code (i)}. */
    public ConvexPolygons store() {
        return store;
    }

    /** Number of shapes. */
    public int size() {
        return userOf.length;
    }

    /** The caller's id of the ordered store's shape {@code stored}. */
    public int userId(int stored) {
        if (stored < 0 || stored >= userOf.length) {
            throw new IndexOutOfBoundsException("stored=" + stored + ": out of range [0, " + userOf.length + ")");
        }
        return userOf[stored];
    }

    /** The ordered store's index of the caller's shape {@code userId}. */
    public int storedIndex(int userId) {
        if (userId < 0 || userId >= storedOf.length) {
            throw new IndexOutOfBoundsException("userId=" + userId + ": out of range [0, " + storedOf.length + ")");
        }
        return storedOf[userId];
    }

    @Override
    public String toString() {
        return "SpatialOrder[hilbert, shapes=" + userOf.length + "]";
    }
}
