package dev.sepax.testing;

import dev.sepax.shape.ConvexPolygons;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators for convex polygons, and small exact helpers for tests about them.
 *
 * <p>Every generated polygon is a flat {@code x0, y0, x1, y1, ...} float array, counter-clockwise
 * and <em>strictly convex as stored in float</em>: the ideal shape is rounded to float first and
 * then replaced by its hull ({@link ConvexPolygons#hull}), so rounding can never leave a reflex or
 * collinear vertex behind. Shapes whose hull collapses (a sliver rounded flat) are filtered out.
 *
 * <p>Kinds: near-regular polygons, random points on an ellipse (any aspect), hulls of point
 * clouds, slivers (width down to 1e-6 of the length), axis-aligned boxes and rotated boxes.
 * Sizes are log-uniform from 1e-3 to 1e6; the centre sits within a few sizes of the origin, and
 * sometimes up to a thousand sizes away, which is where float rounding bites.
 *
 * <p>The generators shrink towards small vertex counts, size 1 and centres near the origin.
 * Public so that the simd module's tests can reuse them through the core test-jar.
 */
public final class Polygons {
    /** The largest vertex count the generators produce. */
    public static final int MAX_VERTICES = 64;

    private Polygons() {}

    /** The shape families {@link #convex()} mixes. */
    public enum Kind { NEAR_REGULAR, ELLIPSE, CLOUD, SLIVER, BOX, ROTATED_BOX }

    /** Any kind, 3 to 64 vertices, any size, any placement. */
    public static Arbitrary<float[]> convex() {
        return Arbitraries.oneOf(nearRegular(), ellipses(), clouds(), slivers(), boxes(), rotatedBoxes());
    }

    /** Any kind whose stored vertex count lies in {@code [minVertices, maxVertices]}. */
    public static Arbitrary<float[]> convex(int minVertices, int maxVertices) {
        if (minVertices < 3 || maxVertices > MAX_VERTICES || minVertices > maxVertices) {
            throw new IllegalArgumentException("vertex range [" + minVertices + ", " + maxVertices + "]");
        }
        Arbitrary<float[]> any = maxVertices <= 4
                ? Arbitraries.oneOf(of(Kind.ELLIPSE, minVertices, maxVertices), boxes(), rotatedBoxes(),
                        of(Kind.SLIVER, minVertices, maxVertices))
                : Arbitraries.oneOf(of(Kind.NEAR_REGULAR, minVertices, maxVertices),
                        of(Kind.ELLIPSE, minVertices, maxVertices), of(Kind.SLIVER, minVertices, maxVertices));
        return any.filter(p -> p.length / 2 >= minVertices && p.length / 2 <= maxVertices);
    }

    /** Vertices near a circle, evenly spaced with a little jitter. */
    public static Arbitrary<float[]> nearRegular() {
        return of(Kind.NEAR_REGULAR, 3, MAX_VERTICES);
    }

    /** Random points on an ellipse of aspect 1 to 20, rotated. */
    public static Arbitrary<float[]> ellipses() {
        return of(Kind.ELLIPSE, 3, MAX_VERTICES);
    }

    /** The hull of up to 64 random points in a disc: few vertices, irregular. */
    public static Arbitrary<float[]> clouds() {
        return of(Kind.CLOUD, 3, MAX_VERTICES);
    }

    /** Very thin shapes: width 1e-6 to 1e-2 of the length, 3 to 8 vertices, rotated. */
    public static Arbitrary<float[]> slivers() {
        return of(Kind.SLIVER, 3, 8);
    }

    /** Axis-aligned rectangles, aspect up to 1000. */
    public static Arbitrary<float[]> boxes() {
        return of(Kind.BOX, 4, 4);
    }

    /** Rectangles at a random angle, aspect up to 1000. */
    public static Arbitrary<float[]> rotatedBoxes() {
        return of(Kind.ROTATED_BOX, 4, 4);
    }

    /**
     * Pairs {@code {A, B}} placed near each other: B's vertex mean is moved to A's, then away along
     * a random direction by 0 to 1.2 times the mean of their extents, so that roughly half of the
     * pairs intersect. B keeps its own size, so pairs mix scales.
     */
    public static Arbitrary<float[][]> nearPairs() {
        return nearPairs(convex(), convex());
    }

    /** {@link #nearPairs()} over the given shape generators. */
    public static Arbitrary<float[][]> nearPairs(Arbitrary<float[]> as, Arbitrary<float[]> bs) {
        return Combinators.combine(as, bs, Arbitraries.doubles().between(0, 6.2832).ofScale(4),
                        Arbitraries.doubles().between(0, 1.2))
                .as((a, b, angle, f) -> {
                    double[] ma = vertexMean(a);
                    double[] mb = vertexMean(b);
                    double d = f * (extent(a) + extent(b)) / 2;
                    float[] moved = storedOrNull(translated(b, ma[0] - mb[0] + d * Math.cos(angle),
                            ma[1] - mb[1] + d * Math.sin(angle)));
                    return moved == null ? null : new float[][] {a, moved};
                })
                .filter(p -> p != null);
    }

    /** Sizes, log-uniform in [1e-3, 1e6]; shrinks towards 1. */
    public static Arbitrary<Double> sizes() {
        return Arbitraries.doubles().between(-3, 6).ofScale(4).map(e -> Math.pow(10, e));
    }

    /** Where the centre sits, in sizes: usually within 4, sometimes up to 1000. */
    @SuppressWarnings("unchecked")
    private static Arbitrary<Double> offsets() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.doubles().between(-4, 4)),
                Tuple.of(1, Arbitraries.doubles().between(-1000, 1000)));
    }

    private static Arbitrary<float[]> of(Kind kind, int minN, int maxN) {
        Arbitrary<Integer> n = Arbitraries.integers().between(minN, maxN);
        Arbitrary<Double> offset = offsets();
        return Combinators.combine(n, sizes(), offset, offset, Arbitraries.longs())
                .as((k, size, ox, oy, seed) -> build(kind, k, size, ox * size, oy * size, seed))
                .filter(p -> p != null);
    }

    /**
     * Builds one polygon of the given kind deterministically from {@code seed}; null when its
     * float hull collapses. Public so a failing case can be rebuilt in an example test.
     */
    public static float[] build(Kind kind, int n, double size, double cx, double cy, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double angle = r.nextDouble(0, 2 * Math.PI);
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double half = size / 2;
        double[] px;
        double[] py;
        switch (kind) {
            case NEAR_REGULAR -> {
                px = new double[n];
                py = new double[n];
                for (int i = 0; i < n; i++) {
                    double t = 2 * Math.PI * (i + r.nextDouble(-0.3, 0.3)) / n;
                    double rad = half * (1 + r.nextDouble(-0.05, 0.05));
                    px[i] = rad * Math.cos(t);
                    py[i] = rad * Math.sin(t);
                }
            }
            case ELLIPSE, SLIVER -> {
                double aspect = kind == Kind.SLIVER ? Math.pow(10, r.nextDouble(2, 6)) : r.nextDouble(1, 20);
                px = new double[n];
                py = new double[n];
                double[] t = new double[n];
                for (int i = 0; i < n; i++) {
                    t[i] = r.nextDouble(0, 2 * Math.PI);
                }
                java.util.Arrays.sort(t);
                for (int i = 0; i < n; i++) {
                    px[i] = half * Math.cos(t[i]);
                    py[i] = half / aspect * Math.sin(t[i]);
                }
            }
            case CLOUD -> {
                px = new double[n];
                py = new double[n];
                for (int i = 0; i < n; i++) {
                    double t = r.nextDouble(0, 2 * Math.PI);
                    double rad = half * Math.sqrt(r.nextDouble());
                    px[i] = rad * Math.cos(t);
                    py[i] = rad * Math.sin(t);
                }
            }
            case BOX, ROTATED_BOX -> {
                double aspect = Math.pow(10, r.nextDouble(0, 3));
                double hx = half;
                double hy = half / aspect;
                if (r.nextBoolean()) {
                    double tmp = hx;
                    hx = hy;
                    hy = tmp;
                }
                px = new double[] {-hx, hx, hx, -hx};
                py = new double[] {-hy, -hy, hy, hy};
                if (kind == Kind.BOX) {
                    c = 1;
                    s = 0;
                }
            }
            default -> throw new AssertionError(kind);
        }
        float[] xy = new float[2 * px.length];
        for (int i = 0; i < px.length; i++) {
            xy[2 * i] = (float) (cx + c * px[i] - s * py[i]);
            xy[2 * i + 1] = (float) (cy + s * px[i] + c * py[i]);
        }
        return storedOrNull(xy);
    }

    /** The float hull of a point cloud, or null when it spans no area. */
    public static float[] hullOrNull(float[] points) {
        try {
            return ConvexPolygons.hull(points);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The hull of a point cloud as a store holds it, or null when the store refuses it. The
     * store can drop a nearly collinear hull vertex, or refuse a hull of almost no area ("zero
     * area at float precision"), so shapes generated for stores come from here, not from
     * {@link #hullOrNull}.
     */
    public static float[] storedOrNull(float[] points) {
        float[] h = hullOrNull(points);
        if (h == null) {
            return null;
        }
        try {
            return ConvexPolygons.of(h).vertices(0);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    // ---- Helpers for properties ------------------------------------------------------------

    /** Number of vertices of a flat polygon. */
    public static int count(float[] p) {
        return p.length / 2;
    }

    /** The largest absolute coordinate of the given polygons. */
    public static float maxAbs(float[]... polygons) {
        float m = 0;
        for (float[] p : polygons) {
            for (float v : p) {
                m = Math.max(m, Math.abs(v));
            }
        }
        return m;
    }

    /** The polygon's extent: the larger side of its AABB. */
    public static double extent(float[] p) {
        double lox = Double.POSITIVE_INFINITY;
        double hix = Double.NEGATIVE_INFINITY;
        double loy = Double.POSITIVE_INFINITY;
        double hiy = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.length; i += 2) {
            lox = Math.min(lox, p[i]);
            hix = Math.max(hix, p[i]);
            loy = Math.min(loy, p[i + 1]);
            hiy = Math.max(hiy, p[i + 1]);
        }
        return Math.max(hix - lox, hiy - loy);
    }

    /** Vertex average, in double (inside a convex polygon). */
    public static double[] vertexMean(float[] p) {
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < p.length; i += 2) {
            sx += p[i];
            sy += p[i + 1];
        }
        return new double[] {sx / count(p), sy / count(p)};
    }

    /** {@code p} moved by {@code (dx, dy)} in double, then rounded to float. */
    public static float[] translated(float[] p, double dx, double dy) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i += 2) {
            q[i] = (float) (p[i] + dx);
            q[i + 1] = (float) (p[i + 1] + dy);
        }
        return q;
    }

    /** {@code p} scaled by {@code f} about {@code (cx, cy)} in double, then rounded to float. */
    public static float[] scaledAbout(float[] p, double f, double cx, double cy) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i += 2) {
            q[i] = (float) (cx + f * (p[i] - cx));
            q[i + 1] = (float) (cy + f * (p[i + 1] - cy));
        }
        return q;
    }

    /** The same vertices in the opposite (clockwise) order, starting from the same vertex. */
    public static float[] reversed(float[] p) {
        int k = count(p);
        float[] q = new float[p.length];
        for (int i = 0; i < k; i++) {
            int src = (k - i) % k;
            q[2 * i] = p[2 * src];
            q[2 * i + 1] = p[2 * src + 1];
        }
        return q;
    }

    /** The same cycle starting at vertex {@code first}. */
    public static float[] rotatedStart(float[] p, int first) {
        int k = count(p);
        float[] q = new float[p.length];
        for (int i = 0; i < k; i++) {
            int src = (first + i) % k;
            q[2 * i] = p[2 * src];
            q[2 * i + 1] = p[2 * src + 1];
        }
        return q;
    }

    /**
     * Exact orientation of {@code a, b, c}: +1 counter-clockwise, -1 clockwise, 0 collinear.
     * Independent of core's predicate: a double filter with Shewchuk's bound, then BigDecimal.
     */
    public static int orient(float ax, float ay, float bx, float by, float cx, float cy) {
        double l = ((double) bx - ax) * ((double) cy - ay);
        double rr = ((double) by - ay) * ((double) cx - ax);
        double det = l - rr;
        double bound = 3.3306690738754716e-16 * (Math.abs(l) + Math.abs(rr));
        if (det > bound) {
            return 1;
        }
        if (det < -bound) {
            return -1;
        }
        BigDecimal axd = new BigDecimal(ax);
        BigDecimal ayd = new BigDecimal(ay);
        return new BigDecimal(bx).subtract(axd).multiply(new BigDecimal(cy).subtract(ayd))
                .subtract(new BigDecimal(by).subtract(ayd).multiply(new BigDecimal(cx).subtract(axd)))
                .signum();
    }

    /**
     * True if {@code p} is a strictly convex CCW polygon: every vertex lies strictly left of every
     * edge it is not an endpoint of (this also rules out boundaries that wind twice). Exact.
     */
    public static boolean isStrictlyConvexCcw(float[] p) {
        int k = count(p);
        if (k < 3) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            for (int v = 0; v < k; v++) {
                if (v == i || v == j) {
                    continue;
                }
                if (orient(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], p[2 * v], p[2 * v + 1]) <= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** True if the point lies inside or on the CCW convex polygon {@code p}. Exact. */
    public static boolean contains(float[] p, float x, float y) {
        int k = count(p);
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            if (orient(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], x, y) < 0) {
                return false;
            }
        }
        return true;
    }
}
