package dev.sepax.shape;

import dev.sepax.geom.FloatConsistency;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.RoundedArrays;
import java.util.ArrayList;
import java.util.List;

/**
 * An immutable, validated struct-of-arrays store of <em>rounded convex shapes</em>: a convex core
 * of 1 to {@link #MAX_CORE_POINTS} points plus a radius per shape, in the core coordinates' unit.
 * The shape is every point within {@code radius} of the core's convex hull, so one store holds,
 * mixed:
 * <pre>
 *   core points   radius   kind
 *   1             r &gt; 0    circle                 (a point when r = 0)
 *   2             r &gt; 0    capsule
 *   2             0        segment
 *   3..1024       0        convex polygon (boxes included)
 *   3..1024       r &gt; 0    rounded polygon
 * </pre>
 * Every query ({@code Sepax.distance()} and the others on this store) needs only the core's
 * support point and the radius, so one GJK serves every pair of kinds.
 *
 * <h2>Layout</h2>
 * The {@link ConvexPolygons} layout: core points in flat {@code x, y} arrays, shape {@code s}
 * owning slots {@code [start[s], start[s] + capacity[s])}, the first {@code count[s]} real, the
 * rest repeating the last point (a repeated point cannot change a support point: ties keep the
 * first); capacities 4, 8, 16, 32, then multiples of 16; 16 spare slots after the last shape.
 * Outward unit edge normals per slot (edge {@code i} from point {@code i} to {@code i + 1},
 * cyclic; a two-point core has the segment's two sides as edges 0 and 1, a one-point core none),
 * for the separating-axis part of the penetration query. One {@code radius} per shape.
 *
 * <h2>How polygons come in</h2>
 * {@link #of(ConvexPolygons)} wraps a polygon store without copying: the view shares its
 * vertex and slot arrays (so a world store rewritten by {@code Poses.transform} is seen by the
 * view at once) and adds a radius of 0, or the radii given. Rounded queries take only this
 * class, so this is the one way in for polygons, and the {@link Builder} the one way in for
 * everything else.
 *
 * <h2>Validation</h2>
 * Rejected with an {@link IllegalArgumentException} of the form {@code shape=i: reason}: a
 * negative, NaN or infinite radius, or one above {@link ConvexPolygons#MAX_COORDINATE}; a
 * non-finite core coordinate or one beyond {@code MAX_COORDINATE}; no core point, or more than
 * {@link #MAX_CORE_POINTS}; a two-point core whose points coincide (that is a circle: pass one
 * point) or so short that products of its coordinates would underflow; a core of three or more
 * points that {@link ConvexPolygons} refuses (non-convex, zero area, ...), in which case the
 * reason is the polygon store's, and the core is cleaned the same way (either winding, CCW
 * kept, duplicate and collinear points dropped).
 *
 * <h2>Threads and allocation</h2>
 * Immutable after construction and safe to share between threads (a view shares the mutability
 * of the polygon store it wraps). Building allocates; reading never does.
 */
public final class RoundedShapes {
    /** The most core points a shape may have. */
    public static final int MAX_CORE_POINTS = 1024;
    /** Spare slots after the last shape in every per-slot array. */
    public static final int TAIL_SLACK = ConvexPolygons.TAIL_SLACK;
    /** Smallest allowed {@code |p1 - p0| * max|coordinate|} of a two-point core (as for polygon edges). */
    private static final double MIN_SEGMENT_SCALE = 0x1p-100;

    /** What a shape is, from its core point count and radius. */
    public enum Kind {
        /** One core point, radius 0. */
        POINT,
        /** One core point, radius &gt; 0. */
        CIRCLE,
        /** Two core points, radius 0. */
        SEGMENT,
        /** Two core points, radius &gt; 0. */
        CAPSULE,
        /** Three or more core points, radius 0. */
        POLYGON,
        /** Three or more core points, radius &gt; 0. */
        ROUNDED_POLYGON
    }

    private final int size;
    private final int maxCount;
    private final RoundedArrays arrays;
    private final ConvexPolygons wrapped;

    private RoundedShapes(int size, int maxCount, RoundedArrays arrays, ConvexPolygons wrapped) {
        this.size = size;
        this.maxCount = maxCount;
        this.arrays = arrays;
        this.wrapped = wrapped;
    }

    /**
     * A view of {@code polygons} with radius 0 for every shape: no vertex is copied.
     *
     * @throws IllegalArgumentException if {@code polygons} is null
     */
    public static RoundedShapes of(ConvexPolygons polygons) {
        if (polygons == null) {
            throw new IllegalArgumentException("polygons is null");
        }
        return of(polygons, new float[polygons.size()]);
    }

    /**
     * A view of {@code polygons} with radius {@code radii[s]} for shape {@code s} (rounded
     * polygons): the vertices are shared, the radii copied.
     *
     * @throws IllegalArgumentException if the lengths differ, or naming the shape with a bad radius
     */
    public static RoundedShapes of(ConvexPolygons polygons, float[] radii) {
        if (polygons == null || radii == null) {
            throw new IllegalArgumentException(polygons == null ? "polygons is null" : "radii is null");
        }
        if (radii.length != polygons.size()) {
            throw new IllegalArgumentException("radii.length=" + radii.length + " != polygons.size=" + polygons.size());
        }
        float[] r = radii.clone();
        for (int s = 0; s < r.length; s++) {
            checkRadius(s, r[s]);
        }
        PolygonArrays pa = polygons.arrays();
        RoundedArrays a = new RoundedArrays(pa.x, pa.y, pa.nx, pa.ny, pa.start, pa.count, pa.capacity, r);
        return new RoundedShapes(polygons.size(), polygons.maxCount(), a, polygons);
    }

    /** A new builder. Builders are not thread-safe. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects shapes, validating each as it is added. */
    public static final class Builder {
        private final List<float[]> cores = new ArrayList<>();
        private final List<Float> radii = new ArrayList<>();

        private Builder() {}

        /** Adds a circle of radius {@code r > 0} (a point when {@code r = 0}) centred at {@code (cx, cy)}. */
        public Builder circle(float cx, float cy, float r) {
            return add(r, cx, cy);
        }

        /** Adds a capsule: the segment {@code (x0, y0)-(x1, y1)} swept by a circle of radius {@code r}. */
        public Builder capsule(float x0, float y0, float x1, float y1, float r) {
            return add(r, x0, y0, x1, y1);
        }

        /** Adds the segment {@code (x0, y0)-(x1, y1)}: a capsule of radius 0. */
        public Builder segment(float x0, float y0, float x1, float y1) {
            return add(0f, x0, y0, x1, y1);
        }

        /** Adds a convex polygon {@code x0, y0, x1, y1, ...} (radius 0), validated as {@link ConvexPolygons} does. */
        public Builder polygon(float... xy) {
            return add(0f, xy);
        }

        /** Adds the axis-aligned box {@code [minX, maxX] x [minY, maxY]}. */
        public Builder box(float minX, float minY, float maxX, float maxY) {
            return add(0f, minX, minY, maxX, minY, maxX, maxY, minX, maxY);
        }

        /**
         * Adds a shape with any core: {@code core = x0, y0, ...} of 1 to {@link #MAX_CORE_POINTS}
         * points, and its radius.
         *
         * @throws IllegalArgumentException naming this shape's index and the reason
         */
        public Builder add(float radius, float... core) {
            int shape = cores.size();
            checkRadius(shape, radius);
            cores.add(cleanCore(shape, core));
            radii.add(radius);
            return this;
        }

        /** Number of shapes added so far. */
        public int size() {
            return cores.size();
        }

        /** Builds the store. The builder may be reused afterwards. */
        public RoundedShapes build() {
            int n = cores.size();
            int[] start = new int[n];
            int[] count = new int[n];
            int[] capacity = new int[n];
            float[] radius = new float[n];
            int slots = 0;
            int maxCount = 0;
            for (int s = 0; s < n; s++) {
                int k = cores.get(s).length / 2;
                start[s] = slots;
                count[s] = k;
                capacity[s] = ConvexPolygons.capacityFor(k);
                radius[s] = radii.get(s);
                maxCount = Math.max(maxCount, k);
                slots = Math.addExact(slots, capacity[s]);
            }
            float[] x = new float[slots + TAIL_SLACK];
            float[] y = new float[slots + TAIL_SLACK];
            for (int s = 0; s < n; s++) {
                float[] xy = cores.get(s);
                int k = count[s];
                for (int i = 0; i < capacity[s]; i++) {
                    int j = Math.min(i, k - 1);
                    x[start[s] + i] = xy[2 * j];
                    y[start[s] + i] = xy[2 * j + 1];
                }
            }
            float[] nx = new float[slots + TAIL_SLACK];
            float[] ny = new float[slots + TAIL_SLACK];
            for (int s = 0; s < n; s++) {
                unitNormals(x, y, start[s], count[s], capacity[s], nx, ny);
            }
            return new RoundedShapes(n, maxCount, new RoundedArrays(x, y, nx, ny, start, count, capacity, radius),
                    null);
        }
    }

    /**
     * Outward unit normals of a core's edges, in the expression {@link ConvexPolygons} uses (the
     * edge in double, divided by its double length, rounded once), so a polygon core gets the
     * same normals in both stores. A two-point core's edges are p0 -&gt; p1 and p1 -&gt; p0: the
     * double differences negate exactly, so the two normals are exact opposites. A one-point
     * core has no edge: its slots hold (0, 0), which no query reads.
     */
    private static void unitNormals(float[] x, float[] y, int o, int k, int cap, float[] nx, float[] ny) {
        if (k == 1) {
            return;
        }
        for (int i = 0; i < k; i++) {
            int j = i + 1 == k ? o : o + i + 1;
            double dx = (double) x[j] - x[o + i];
            double dy = (double) y[j] - y[o + i];
            double l = Math.sqrt(dx * dx + dy * dy);
            nx[o + i] = (float) (dy / l);
            ny[o + i] = (float) (-dx / l);
        }
        for (int i = k; i < cap; i++) {
            nx[o + i] = nx[o + k - 1];
            ny[o + i] = ny[o + k - 1];
        }
    }

    private static void checkRadius(int shape, float r) {
        if (!Float.isFinite(r)) {
            throw new IllegalArgumentException("shape=" + shape + ": radius=" + r + " is not finite");
        }
        if (r < 0) {
            throw new IllegalArgumentException("shape=" + shape + ": radius=" + r + " is negative");
        }
        if (r > ConvexPolygons.MAX_COORDINATE) {
            throw new IllegalArgumentException("shape=" + shape + ": radius=" + r + " beyond 2^60 (distances would overflow)");
        }
    }

    private static float[] cleanCore(int shape, float[] core) {
        if (core == null) {
            throw new IllegalArgumentException("shape=" + shape + ": core array is null");
        }
        if ((core.length & 1) != 0) {
            throw new IllegalArgumentException("shape=" + shape + ": odd coordinate count " + core.length
                    + " (expected x0, y0, x1, y1, ...)");
        }
        int k = core.length / 2;
        if (k == 0) {
            throw new IllegalArgumentException("shape=" + shape + ": core has no point");
        }
        if (k > MAX_CORE_POINTS) {
            throw new IllegalArgumentException("shape=" + shape + ": core has " + k + " points, more than "
                    + MAX_CORE_POINTS);
        }
        for (int i = 0; i < core.length; i++) {
            if (!Float.isFinite(core[i])) {
                throw new IllegalArgumentException("shape=" + shape + ": core point " + (i / 2) + " has non-finite "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + core[i]);
            }
            if (Math.abs(core[i]) > ConvexPolygons.MAX_COORDINATE) {
                throw new IllegalArgumentException("shape=" + shape + ": core point " + (i / 2) + " has "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + core[i] + " beyond +-2^60 (distances would overflow)");
            }
        }
        if (k == 1) {
            return core.clone();
        }
        if (k == 2) {
            if (core[0] == core[2] && core[1] == core[3]) {
                throw new IllegalArgumentException("shape=" + shape + ": the two core points coincide at ("
                        + core[0] + ", " + core[1] + "); a circle has one core point");
            }
            double dx = (double) core[2] - core[0];
            double dy = (double) core[3] - core[1];
            double m = Math.max(Math.max(Math.abs(core[0]), Math.abs(core[1])), Math.max(Math.abs(core[2]), Math.abs(core[3])));
            if (Math.sqrt(dx * dx + dy * dy) * m < MIN_SEGMENT_SCALE) {
                throw new IllegalArgumentException("shape=" + shape + ": core segment of length " + Math.sqrt(dx * dx + dy * dy)
                        + " is too small at this position (products would underflow)");
            }
            return core.clone();
        }
        // The polygon store's own cleaning and float-consistency weld, with this shape's index.
        return FloatConsistency.weld(shape, PolygonCleaner.clean(shape, core));
    }

    // ---- Queries -------------------------------------------------------------------------

    /** Number of shapes. */
    public int size() {
        return size;
    }

    /** Real core point count of shape {@code s} (after cleaning). */
    public int count(int s) {
        return arrays.count()[checkShape(s)];
    }

    /** The largest core point count in the store (0 when empty). */
    public int maxCount() {
        return maxCount;
    }

    /** Radius of shape {@code s}. */
    public float radius(int s) {
        return arrays.radius()[checkShape(s)];
    }

    /** What shape {@code s} is (see the class doc). */
    public Kind kind(int s) {
        int k = count(s);
        boolean round = arrays.radius()[s] > 0;
        if (k == 1) {
            return round ? Kind.CIRCLE : Kind.POINT;
        }
        if (k == 2) {
            return round ? Kind.CAPSULE : Kind.SEGMENT;
        }
        return round ? Kind.ROUNDED_POLYGON : Kind.POLYGON;
    }

    /** Core point {@code i} of shape {@code s}, x. */
    public float pointX(int s, int i) {
        return arrays.x()[arrays.start()[checkShape(s)] + checkPoint(s, i)];
    }

    /** Core point {@code i} of shape {@code s}, y. */
    public float pointY(int s, int i) {
        return arrays.y()[arrays.start()[checkShape(s)] + checkPoint(s, i)];
    }

    /** The real core points of shape {@code s} as a new array {@code x0, y0, ...} (allocates). */
    public float[] core(int s) {
        int o = arrays.start()[checkShape(s)];
        int k = arrays.count()[s];
        float[] out = new float[2 * k];
        for (int i = 0; i < k; i++) {
            out[2 * i] = arrays.x()[o + i];
            out[2 * i + 1] = arrays.y()[o + i];
        }
        return out;
    }

    /** The polygon store this is a view of ({@link #of(ConvexPolygons)}), or null for a built store. */
    public ConvexPolygons polygons() {
        return wrapped;
    }

    /**
     * The raw arrays, for kernels only (see {@link RoundedArrays}); the store's own arrays, not
     * copies. Not an API for callers.
     */
    public RoundedArrays arrays() {
        return arrays;
    }

    private int checkShape(int s) {
        if (s < 0 || s >= size) {
            throw new IndexOutOfBoundsException("shape=" + s + ": out of range [0, " + size + ")");
        }
        return s;
    }

    private int checkPoint(int s, int i) {
        if (i < 0 || i >= arrays.count()[s]) {
            throw new IndexOutOfBoundsException("shape=" + s + ": point=" + i + " out of range [0, " + arrays.count()[s] + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "RoundedShapes[size=" + size + ", maxCount=" + maxCount + (wrapped != null ? ", view" : "") + "]";
    }
}
