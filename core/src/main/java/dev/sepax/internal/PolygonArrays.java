package dev.sepax.internal;

/**
 * The raw struct-of-arrays of one {@link dev.sepax.shape.ConvexPolygons} store, for the kernels of
 * core's packages and of {@code dev.sepax.simd}. Not part of the public API: the module exports
 * this package to {@code dev.sepax.simd} only, so a caller on the module path cannot reach these
 * arrays (a caller on the class path must treat them as read-only).
 *
 * <h2>Layout</h2>
 * <pre>
 *   per slot (vertex i of shape s is slot start[s] + i, i &lt; capacity[s]; TAIL_SLACK spare slots at the end):
 *     x, y        vertex                     (slots count[s] .. capacity[s]-1 repeat the last vertex)
 *     enx, eny    exact edge normal (dy, -dx) of the edge from vertex i to i+1, outward for CCW
 *     nx, ny      unit edge normal (rounded from double)
 *     len         length of the stored edge, {@link #edgeLength} (in every store, world stores included)
 *   per shape:
 *     minX, minY, maxX, maxY, bounds (the same four interleaved), centroidX, centroidY, area
 *     magnitude   largest absolute vertex coordinate (exact)
 *     span        largest |enx| + |eny| over the real edges (float; the exact kernels' filter)
 * </pre>
 * The arrays are the store's own, not copies. Only {@link dev.sepax.shape.Poses} writes them, and
 * only in a world store ({@link #worldStore}).
 */
public final class PolygonArrays {
    public final int size;
    public final int[] start;
    public final int[] count;
    public final int[] capacity;
    public final float[] x;
    public final float[] y;
    public final float[] enx;
    public final float[] eny;
    public final float[] nx;
    public final float[] ny;
    public final float[] len;
    public final float[] minX;
    public final float[] minY;
    public final float[] maxX;
    public final float[] maxY;
    public final float[] bounds;
    public final float[] centroidX;
    public final float[] centroidY;
    public final float[] area;
    /** The largest real vertex count of any shape. */
    public final int maxCount;
    /** True only for stores that {@link dev.sepax.shape.Poses} may rewrite. */
    public final boolean worldStore;
    /** Per shape: the largest absolute vertex coordinate, exact. */
    public final float[] magnitude;
    /**
     * Per shape: the largest {@code |enx| + |eny|} over its real edges, each term and the sum
     * rounded in float (within {@code 3u} of the exact L1 edge length).
     */
    public final float[] span;

    /** Wraps a store's arrays; called by {@link dev.sepax.shape.ConvexPolygons} only. */
    public PolygonArrays(int size, int[] start, int[] count, int[] capacity, float[] x, float[] y,
                         float[] enx, float[] eny, float[] nx, float[] ny, float[] len,
                         float[] minX, float[] minY, float[] maxX, float[] maxY, float[] bounds,
                         float[] centroidX, float[] centroidY, float[] area, int maxCount, boolean worldStore,
                        float[] magnitude, float[] span) {
        this.size = size;
        this.start = start;
        this.count = count;
        this.capacity = capacity;
        this.x = x;
        this.y = y;
        this.enx = enx;
        this.eny = eny;
        this.nx = nx;
        this.ny = ny;
        this.len = len;
        this.minX = minX;
        this.minY = minY;
        this.maxX = maxX;
        this.maxY = maxY;
        this.bounds = bounds;
        this.centroidX = centroidX;
        this.centroidY = centroidY;
        this.area = area;
        this.maxCount = maxCount;
        this.worldStore = worldStore;
        this.magnitude = magnitude;
        this.span = span;
    }

    /**
     * The length of the edge from {@code slot} to {@code next} as every store's {@code len} holds
     * it: the float differences in double (exact unless the two coordinates are more than
     * {@code 2^29} ulps apart), the root rounded once to float, so within {@code 1.0001u} of the
     * exact length of the stored edge. {@code ConvexPolygons} and the transform kernels compute
     * it with this expression, so a world store holds the bits of a store built from its floats.
     */
    public static float edgeLength(float[] x, float[] y, int slot, int next) {
        double dx = (double) x[next] - x[slot];
        double dy = (double) y[next] - y[slot];
        return (float) Math.sqrt(dx * dx + dy * dy);
    }
}
