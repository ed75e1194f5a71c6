package dev.sepax.shape;

import dev.sepax.internal.ArrayGrowth;
import dev.sepax.internal.PolygonArrays;

import dev.sepax.geom.FloatConsistency;

import java.util.Arrays;

/**
 * An immutable, validated struct-of-arrays store of convex polygons: the data every kernel reads.
 * Coordinates are in any consistent length unit; the distances, depths, tolerances and bands of
 * the kernels that read a store are in that unit.
 *
 * <h2>Layout</h2>
 * <pre>
 *  slot:      start[s]                 start[s]+count[s]        start[s]+capacity[s]
 *               |  v0   v1   ...   v(k-1) |  v(k-1)  ...  v(k-1)   |  next shape ...
 *  x, y         real vertices, CCW         padding: last vertex repeated
 *  enx, eny     edge normals, edge i runs v(i) -> v(i+1); padding repeats the last normal
 *  nx, ny       the same normals at unit length
 *  len          edge lengths (= |(enx, eny)|)
 * </pre>
 * Every per-slot array has {@link #TAIL_SLACK} spare slots after the last shape, so a kernel may
 * load one full vector past any shape's capacity without going out of bounds.
 *
 * <p>The capacity of a shape with {@code k} vertices is the smallest of 4, 8, 16, 32 that holds
 * it, then the next multiple of 16. A repeated vertex or normal cannot change a minimum, a
 * maximum or a verdict, so kernels may run whole vectors over {@code [start, start + capacity)}
 * without tail masks.
 *
 * <p>Two normal forms are kept on purpose. {@code (enx, eny)} is the edge vector turned right,
 * {@code (dy, -dx)}, computed exactly from the float vertices: the verdict kernels use it because
 * then a vertex shared by both shapes, or an edge shared exactly, gives a separation of exactly 0
 * and so counts as touching. {@code (nx, ny)} is unit length, for depths and contact normals.
 *
 * <h2>Canonical form</h2>
 * Either winding is accepted; the store keeps counter-clockwise order. Exact duplicate
 * consecutive vertices and collinear vertices lying on an edge are dropped, so
 * {@link #count(int)} may be smaller than what the caller passed. Rejected, with an
 * {@link IllegalArgumentException} of the form {@code shape=i: reason}: NaN or infinite
 * coordinates, coordinates beyond {@link #MAX_COORDINATE}, an odd coordinate count, fewer than
 * 3 distinct vertices, zero area, non-convex or self-intersecting boundaries (including a spike
 * where the boundary doubles back on itself), shapes so small that the kernels' products would
 * underflow (an edge with {@code length * max|coordinate| < 2^-100}). Vertex indices in messages
 * are the caller's. All geometric decisions here are exact.
 *
 * <p>One more cleaning step serves the touching guarantee: a vertex so close to collinear with its
 * neighbours that the kernels' float arithmetic would see another vertex of the same polygon
 * outside one of its edges is dropped (moving the boundary by less than the {@link dev.sepax.narrow.FloatBand}).
 * Then a vertex shared exactly by two shapes of a store always counts as touching. That holds
 * for stores built here; a world store written by {@link Poses#transform} is rounded afresh and
 * keeps the guarantee only within the float band.
 *
 * <h2>Threads and allocation</h2>
 * Instances are immutable after construction (the one exception: a store created by
 * {@link #newWorldStore()} is rewritten by {@link Poses#transform}) and safe to share between
 * threads. The array accessors return the store's own arrays, not copies, so kernels can read
 * them without allocation: treat them as read-only. Building allocates; reading never does.
 */
public final class ConvexPolygons {
    /** Spare slots after the last shape in every per-slot array: one 512-bit float vector. */
    public static final int TAIL_SLACK = 16;

    /**
     * The largest absolute coordinate a store accepts, {@code 2^60} (about 1.15e18). A separation
     * multiplies an edge vector by a vertex difference; with coordinates (and pose translations)
     * within this bound, every such product and sum stays finite even after a rotation, where
     * larger coordinates could overflow to infinity or NaN and turn an overlap into a separation.
     */
    public static final float MAX_COORDINATE = 0x1p60f;

    final int size;
    final int[] start;
    final int[] count;
    final int[] capacity;
    final float[] x;
    final float[] y;
    final float[] enx;
    final float[] eny;
    final float[] nx;
    final float[] ny;
    final float[] len;
    final float[] minX;
    final float[] minY;
    final float[] maxX;
    final float[] maxY;
    /** The same AABBs interleaved, four floats per shape: minX, minY, maxX, maxY. */
    final float[] bounds;
    final float[] centroidX;
    final float[] centroidY;
    final float[] area;
    /** Per shape: the largest absolute vertex coordinate (exact). */
    final float[] magnitude;
    /** Per shape: the largest {@code |dx| + |dy|} over its edges, rounded in float. */
    final float[] span;
    final int maxCount;
    /** True only for stores made by {@link #newWorldStore()}: the only ones Poses may rewrite. */
    final boolean worldStore;
    private final PolygonArrays arrays;

    private ConvexPolygons(int size, int[] start, int[] count, int[] capacity, int slots, int maxCount,
                           boolean worldStore) {
        this.size = size;
        this.worldStore = worldStore;
        this.start = start;
        this.count = count;
        this.capacity = capacity;
        this.maxCount = maxCount;
        int n = slots + TAIL_SLACK;
        x = new float[n];
        y = new float[n];
        enx = new float[n];
        eny = new float[n];
        nx = new float[n];
        ny = new float[n];
        len = new float[n];
        minX = new float[size];
        minY = new float[size];
        maxX = new float[size];
        maxY = new float[size];
        bounds = new float[4 * size];
        centroidX = new float[size];
        centroidY = new float[size];
        area = new float[size];
        magnitude = new float[size];
        span = new float[size];
        arrays = new PolygonArrays(size, start, count, capacity, x, y, enx, eny, nx, ny, len,
                minX, minY, maxX, maxY, bounds, centroidX, centroidY, area, maxCount, worldStore,
                magnitude, span);
    }

    /**
     * Builds a store from one flat array per shape: {@code x0, y0, x1, y1, ...}.
     *
     * @throws IllegalArgumentException naming the shape index and the reason, for any bad shape
     */
    public static ConvexPolygons of(float[]... shapes) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        Builder b = builder();
        for (float[] s : shapes) {
            b.add(s);
        }
        return b.build();
    }

    /**
     * Builds a store from the convex hulls of point clouds ({@code x0, y0, x1, y1, ...} each).
     * The hull uses Andrew's monotone chain with an exact orientation test; collinear and
     * duplicate points are dropped.
     *
     * @throws IllegalArgumentException naming the shape index when a cloud has non-finite
     *     coordinates or spans no area (exactly, or at float precision)
     */
    public static ConvexPolygons hullOf(float[]... pointClouds) {
        if (pointClouds == null) {
            throw new IllegalArgumentException("pointClouds is null");
        }
        Builder b = builder();
        for (int s = 0; s < pointClouds.length; s++) {
            b.add(hull(s, pointClouds[s]));
        }
        return b.build();
    }

    /**
     * The exact convex hull of one point cloud, CCW, as {@code x0, y0, x1, y1, ...}. A store
     * built from it can still drop a hull vertex within the float band of its neighbours' line,
     * or refuse a hull whose area vanishes at float precision (see {@link Builder#add(float...)}).
     *
     * @throws IllegalArgumentException if a coordinate is not finite or the hull has no area
     */
    public static float[] hull(float... points) {
        return hull(0, points);
    }

    private static float[] hull(int shape, float[] points) {
        if (points == null || (points.length & 1) != 0) {
            throw new IllegalArgumentException("shape=" + shape + ": point array is null or has an odd length");
        }
        for (int i = 0; i < points.length; i++) {
            if (!Float.isFinite(points[i])) {
                throw new IllegalArgumentException("shape=" + shape + ": point " + (i / 2) + " has non-finite "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + points[i]);
            }
            if (Math.abs(points[i]) > MAX_COORDINATE) {
                throw new IllegalArgumentException("shape=" + shape + ": point " + (i / 2) + " has "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + points[i] + " beyond +-2^60 (separations would overflow)");
            }
        }
        float[] h = ConvexHull.of(points);
        if (h.length < 6) {
            throw new IllegalArgumentException("shape=" + shape + ": hull has zero area (" + (h.length / 2)
                    + " distinct extreme points)");
        }
        return h;
    }

    /** A new builder. Builders are not thread-safe. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Collects shapes, validating each as it is added. The accepted vertices go into one flat
     * pool, not an array per shape: at a million shapes the per-shape arrays stayed live until
     * {@link #build}, so young collections copied them and {@code build} read them back
     * scattered over the heap.
     */
    public static final class Builder {
        /** Accepted shapes' vertices, {@code x, y} interleaved, shape after shape. */
        private float[] pool = new float[64];
        private int poolSize;
        private int[] counts = new int[8];
        private int size;

        private Builder() {}

        /**
         * Adds one polygon, {@code x0, y0, x1, y1, ...}, in either winding. A vertex that the
         * kernels' float separations would put outside one of the polygon's own edges (a nearly
         * collinear vertex) is dropped, which moves the boundary by less than the float band; a
         * polygon left with fewer than 3 vertices that way is refused as having zero area at
         * float precision.
         *
         * @throws IllegalArgumentException naming this shape's index and the reason
         */
        public Builder add(float... xy) {
            int shape = size;
            float[] v = FloatConsistency.weld(shape, PolygonCleaner.clean(shape, xy));
            if (size == counts.length) {
                counts = Arrays.copyOf(counts,
                        ArrayGrowth.grownLength(counts.length, size + 1L, 8, "shape=" + shape + ": the builder's shapes"));
            }
            if (poolSize + (long) v.length > pool.length) {
                pool = Arrays.copyOf(pool, ArrayGrowth.grownLength(pool.length, poolSize + (long) v.length, 64,
                        "shape=" + shape + ": the builder's vertices"));
            }
            System.arraycopy(v, 0, pool, poolSize, v.length);
            poolSize += v.length;
            counts[size++] = v.length / 2;
            return this;
        }

        /** Adds one polygon given as separate coordinate arrays of equal length. */
        public Builder add(float[] xs, float[] ys) {
            int shape = size;
            if (xs == null || ys == null) {
                throw new IllegalArgumentException("shape=" + shape + ": coordinate array is null");
            }
            if (xs.length != ys.length) {
                throw new IllegalArgumentException("shape=" + shape + ": xs.length=" + xs.length
                        + " != ys.length=" + ys.length);
            }
            float[] xy = new float[2 * xs.length];
            for (int i = 0; i < xs.length; i++) {
                xy[2 * i] = xs[i];
                xy[2 * i + 1] = ys[i];
            }
            return add(xy);
        }

        /** Number of shapes added so far. */
        public int size() {
            return size;
        }

        /**
         * Drops the shapes added from index {@code newSize} on: how a caller that adds a group of
         * shapes as one unit (the convex parts of one concave polygon) takes back the group's
         * first shapes when a later one is refused. Allocates nothing.
         *
         * @throws IllegalArgumentException if {@code newSize} is not in {@code [0, size()]}
         */
        public void truncate(int newSize) {
            if (newSize < 0 || newSize > size) {
                throw new IllegalArgumentException("newSize=" + newSize + ": out of range [0, " + size + "]");
            }
            for (int s = newSize; s < size; s++) {
                poolSize -= 2 * counts[s];
            }
            size = newSize;
        }

        /** Builds the store. The builder may be reused afterwards. */
        public ConvexPolygons build() {
            int n = size;
            int[] start = new int[n];
            int[] count = new int[n];
            int[] capacity = new int[n];
            int slots = 0;
            int maxCount = 0;
            for (int s = 0; s < n; s++) {
                int k = counts[s];
                start[s] = slots;
                count[s] = k;
                capacity[s] = capacityFor(k);
                maxCount = Math.max(maxCount, k);
                if ((long) slots + capacity[s] > ArrayGrowth.MAX_LENGTH - TAIL_SLACK) {
                    // The message is built only here: a concatenation per shape was a measurable
                    // part of building large stores.
                    ArrayGrowth.sum(slots, capacity[s], ArrayGrowth.MAX_LENGTH - TAIL_SLACK,
                            "shape=" + s + ": the store's vertex slots");
                }
                slots += capacity[s];
            }
            ConvexPolygons p = new ConvexPolygons(n, start, count, capacity, slots, maxCount, false);
            int from = 0;
            for (int s = 0; s < n; s++) {
                int o = start[s];
                for (int i = 0; i < count[s]; i++) {
                    p.x[o + i] = pool[from++];
                    p.y[o + i] = pool[from++];
                }
                p.deriveFromVertices(s);
                p.deriveLocalQuantities(s);
            }
            assert from == poolSize : "pool " + poolSize + " != read " + from;
            return p;
        }
    }

    /** Capacity class for {@code k} vertices: 4, 8, 16, 32, then multiples of 16. */
    public static int capacityFor(int k) {
        if (k <= 4) {
            return 4;
        }
        if (k <= 8) {
            return 8;
        }
        if (k <= 16) {
            return 16;
        }
        return (k + 15) & ~15;
    }

    /**
     * Recomputes, from the vertices of shape {@code s}: padding, exact edge normals, edge lengths
     * ({@link PolygonArrays#edgeLength}, padding included), AABB, and the magnitude and span that
     * size the exact kernels' float filter (see {@link dev.sepax.internal.ExactVerdict#band}).
     * Unit normals and centroid are handled by the caller (they rotate cheaply). Lengths are
     * derived here, not rotated: the kernels compare a separation along the exact normal, whose
     * length is the stored edge's, with {@code tolerance * len}, and rounding world vertices can
     * change an edge's length far beyond the float band (a unit square posed near {@code 9e6},
     * where the float step is 1, rounds to a diamond of side {@code sqrt 2}).
     */
    void deriveFromVertices(int s) {
        int o = start[s];
        int k = count[s];
        int cap = capacity[s];
        float lox = Float.POSITIVE_INFINITY;
        float loy = Float.POSITIVE_INFINITY;
        float hix = Float.NEGATIVE_INFINITY;
        float hiy = Float.NEGATIVE_INFINITY;
        float l1 = 0;
        for (int i = 0; i < k; i++) {
            int j = i + 1 == k ? o : o + i + 1;
            float vx = x[o + i];
            float vy = y[o + i];
            // Right-hand perpendicular of a CCW edge points outward.
            enx[o + i] = y[j] - vy;
            eny[o + i] = -(x[j] - vx);
            len[o + i] = PolygonArrays.edgeLength(x, y, o + i, j);
            l1 = Math.max(l1, Math.abs(enx[o + i]) + Math.abs(eny[o + i]));
            lox = Math.min(lox, vx);
            loy = Math.min(loy, vy);
            hix = Math.max(hix, vx);
            hiy = Math.max(hiy, vy);
        }
        for (int i = k; i < cap; i++) {
            x[o + i] = x[o + k - 1];
            y[o + i] = y[o + k - 1];
            enx[o + i] = enx[o + k - 1];
            eny[o + i] = eny[o + k - 1];
            len[o + i] = len[o + k - 1];
        }
        minX[s] = lox;
        minY[s] = loy;
        maxX[s] = hix;
        maxY[s] = hiy;
        bounds[4 * s] = lox;
        bounds[4 * s + 1] = loy;
        bounds[4 * s + 2] = hix;
        bounds[4 * s + 3] = hiy;
        magnitude[s] = Math.max(Math.max(Math.abs(lox), Math.abs(hix)), Math.max(Math.abs(loy), Math.abs(hiy)));
        span[s] = l1;
    }

    /** Unit normals, area and centroid of shape {@code s}, in double then rounded. */
    private void deriveLocalQuantities(int s) {
        int o = start[s];
        int k = count[s];
        double a2 = 0;
        double cx = 0;
        double cy = 0;
        double x0 = x[o];
        double y0 = y[o];
        for (int i = 0; i < k; i++) {
            int j = i + 1 == k ? o : o + i + 1;
            double dx = (double) x[j] - x[o + i];
            double dy = (double) y[j] - y[o + i];
            double l = Math.sqrt(dx * dx + dy * dy);
            nx[o + i] = (float) (dy / l);
            ny[o + i] = (float) (-dx / l);
            // Fan from vertex 0, relative coordinates to limit cancellation.
            double ax = x[o + i] - x0;
            double ay = y[o + i] - y0;
            double bx = x[j] - x0;
            double by = y[j] - y0;
            double c = ax * by - ay * bx;
            a2 += c;
            cx += (ax + bx) * c;
            cy += (ay + by) * c;
        }
        padUnitNormals(s);
        area[s] = (float) (a2 / 2);
        centroidX[s] = (float) (x0 + cx / (3 * a2));
        centroidY[s] = (float) (y0 + cy / (3 * a2));
    }

    void padUnitNormals(int s) {
        int o = start[s];
        int k = count[s];
        for (int i = k; i < capacity[s]; i++) {
            nx[o + i] = nx[o + k - 1];
            ny[o + i] = ny[o + k - 1];
        }
    }

    /**
     * A store with this store's shapes and layout whose coordinates {@link Poses#transform}
     * overwrites each frame. Until the first transform it holds a copy of this store's
     * coordinates. Allocates once; reuse it every frame.
     */
    public ConvexPolygons newWorldStore() {
        ConvexPolygons w = new ConvexPolygons(size, start, count, capacity, x.length - TAIL_SLACK, maxCount, true);
        copyInto(w);
        return w;
    }

    private void copyInto(ConvexPolygons w) {
        System.arraycopy(x, 0, w.x, 0, x.length);
        System.arraycopy(y, 0, w.y, 0, y.length);
        System.arraycopy(enx, 0, w.enx, 0, enx.length);
        System.arraycopy(eny, 0, w.eny, 0, eny.length);
        System.arraycopy(nx, 0, w.nx, 0, nx.length);
        System.arraycopy(ny, 0, w.ny, 0, ny.length);
        System.arraycopy(len, 0, w.len, 0, len.length);
        System.arraycopy(minX, 0, w.minX, 0, size);
        System.arraycopy(minY, 0, w.minY, 0, size);
        System.arraycopy(maxX, 0, w.maxX, 0, size);
        System.arraycopy(maxY, 0, w.maxY, 0, size);
        System.arraycopy(bounds, 0, w.bounds, 0, 4 * size);
        System.arraycopy(centroidX, 0, w.centroidX, 0, size);
        System.arraycopy(centroidY, 0, w.centroidY, 0, size);
        System.arraycopy(area, 0, w.area, 0, size);
        System.arraycopy(magnitude, 0, w.magnitude, 0, size);
        System.arraycopy(span, 0, w.span, 0, size);
    }

    /**
     * A store holding this store's shapes in another order: its shape {@code i} is this store's
     * shape {@code order[i]}, every array entry copied bit for bit (so every kernel gives the
     * same per-pair bits on the renumbered pairs). Not a world store. Used by
     * {@link SpatialOrder}; {@code order} must be a permutation of {@code [0, size)}.
     */
    ConvexPolygons permuted(int[] order) {
        int[] newStart = new int[size];
        int[] newCount = new int[size];
        int[] newCapacity = new int[size];
        int slots = 0;
        for (int i = 0; i < size; i++) {
            int s = order[i];
            newStart[i] = slots;
            newCount[i] = count[s];
            newCapacity[i] = capacity[s];
            slots += capacity[s];
        }
        ConvexPolygons p = new ConvexPolygons(size, newStart, newCount, newCapacity, slots, maxCount, false);
        for (int i = 0; i < size; i++) {
            int s = order[i];
            int from = start[s];
            int to = newStart[i];
            int cap = capacity[s];
            System.arraycopy(x, from, p.x, to, cap);
            System.arraycopy(y, from, p.y, to, cap);
            System.arraycopy(enx, from, p.enx, to, cap);
            System.arraycopy(eny, from, p.eny, to, cap);
            System.arraycopy(nx, from, p.nx, to, cap);
            System.arraycopy(ny, from, p.ny, to, cap);
            System.arraycopy(len, from, p.len, to, cap);
            p.minX[i] = minX[s];
            p.minY[i] = minY[s];
            p.maxX[i] = maxX[s];
            p.maxY[i] = maxY[s];
            System.arraycopy(bounds, 4 * s, p.bounds, 4 * i, 4);
            p.centroidX[i] = centroidX[s];
            p.centroidY[i] = centroidY[s];
            p.area[i] = area[s];
            p.magnitude[i] = magnitude[s];
            p.span[i] = span[s];
        }
        return p;
    }

    /** True if {@code other} has exactly this store's shapes, counts and slot layout. */
    public boolean sameLayout(ConvexPolygons other) {
        return other != null && (other.start == start || Arrays.equals(other.start, start)
                && Arrays.equals(other.count, count) && Arrays.equals(other.capacity, capacity));
    }

    // ---- Queries -------------------------------------------------------------------------

    /** Number of shapes. */
    public int size() {
        return size;
    }

    /** Real vertex count of shape {@code s} after cleaning. */
    public int count(int s) {
        return count[checkShape(s)];
    }

    /** First slot of shape {@code s} in the per-slot arrays. */
    public int start(int s) {
        return start[checkShape(s)];
    }

    /** Padded slot count of shape {@code s} (its capacity class). */
    public int capacity(int s) {
        return capacity[checkShape(s)];
    }

    /** The largest real vertex count in the store (0 when empty). */
    public int maxCount() {
        return maxCount;
    }

    /** Vertex {@code i} of shape {@code s}, x. */
    public float vertexX(int s, int i) {
        return x[start(s) + checkVertex(s, i)];
    }

    /** Vertex {@code i} of shape {@code s}, y. */
    public float vertexY(int s, int i) {
        return y[start(s) + checkVertex(s, i)];
    }

    /** The real vertices of shape {@code s} as a new array {@code x0, y0, ...} (allocates). */
    public float[] vertices(int s) {
        int o = start(s);
        int k = count[s];
        float[] out = new float[2 * k];
        for (int i = 0; i < k; i++) {
            out[2 * i] = x[o + i];
            out[2 * i + 1] = y[o + i];
        }
        return out;
    }

    /** AABB of shape {@code s}. */
    public float minX(int s) {
        return minX[checkShape(s)];
    }

    /** AABB of shape {@code s}. */
    public float minY(int s) {
        return minY[checkShape(s)];
    }

    /** AABB of shape {@code s}. */
    public float maxX(int s) {
        return maxX[checkShape(s)];
    }

    /** AABB of shape {@code s}. */
    public float maxY(int s) {
        return maxY[checkShape(s)];
    }

    /** Area centroid of shape {@code s}, rounded to float. */
    public float centroidX(int s) {
        return centroidX[checkShape(s)];
    }

    /** Area centroid of shape {@code s}, rounded to float. */
    public float centroidY(int s) {
        return centroidY[checkShape(s)];
    }

    /**
     * Area of shape {@code s} (positive: the store is CCW), rounded to float. A world store keeps
     * the local shape's (see {@link Poses}).
     */
    public float area(int s) {
        return area[checkShape(s)];
    }

    /**
     * The store's raw arrays, for Sepax's own kernels. The type lives in a package that the
     * module exports only to {@code dev.sepax.simd}: callers on the module path cannot use it.
     *
     * @hidden
     */
    public PolygonArrays arrays() {
        return arrays;
    }

    private int checkShape(int s) {
        if (s < 0 || s >= size) {
            throw new IndexOutOfBoundsException("shape=" + s + ": out of range [0, " + size + ")");
        }
        return s;
    }

    private int checkVertex(int s, int i) {
        if (i < 0 || i >= count[s]) {
            throw new IndexOutOfBoundsException("shape=" + s + ": vertex=" + i + " out of range [0, " + count[s] + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "ConvexPolygons[size=" + size + ", slots=" + (x.length - TAIL_SLACK) + ", maxCount=" + maxCount + "]";
    }
}
