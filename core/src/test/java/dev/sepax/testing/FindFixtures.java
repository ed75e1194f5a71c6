package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

import java.math.BigDecimal;
import java.util.SplittableRandom;

/**
 * Shape generators and double-precision helpers for the find-query tests (penetration,
 * manifolds, intersection polygons). Public so that {@code sepax-simd}'s differential tests
 * reuse them through core's test jar.
 */
public final class FindFixtures {
    private FindFixtures() {}

    /**
     * A random convex polygon with exactly {@code k} vertices around {@code (cx, cy)}: sorted
     * jittered angles on a stretched, rotated ellipse. CCW, {@code x0, y0, ...}.
     */
    public static float[] convex(SplittableRandom rnd, int k, double cx, double cy, double radius) {
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        double stretch = 0.4 + 0.6 * rnd.nextDouble();
        double rot = rnd.nextDouble(2 * Math.PI);
        double c = Math.cos(rot);
        double s = Math.sin(rot);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            double ex = radius * Math.cos(t);
            double ey = radius * stretch * Math.sin(t);
            xy[2 * i] = (float) (cx + c * ex - s * ey);
            xy[2 * i + 1] = (float) (cy + s * ex + c * ey);
        }
        return xy;
    }

    /**
     * A store of two random convex polygons (shape 0 = A, shape 1 = B) with 3..{@code kMax}
     * vertices, placed so that roughly half the pairs intersect, at a random offset and scale.
     */
    public static ConvexPolygons randomPair(SplittableRandom rnd, int kMax) {
        double scale = Math.pow(10, rnd.nextDouble(-1, 2));
        double ox = rnd.nextDouble(-100, 100);
        double oy = rnd.nextDouble(-100, 100);
        double ra = scale * rnd.nextDouble(0.3, 1.5);
        double rb = scale * rnd.nextDouble(0.3, 1.5);
        double dist = (ra + rb) * rnd.nextDouble(0, 1.2);
        double ang = rnd.nextDouble(2 * Math.PI);
        return ConvexPolygons.of(
                convex(rnd, 3 + rnd.nextInt(kMax - 2), ox, oy, ra),
                convex(rnd, 3 + rnd.nextInt(kMax - 2), ox + dist * Math.cos(ang), oy + dist * Math.sin(ang), rb));
    }

    /** A store of shape {@code a} of {@code s} as shape 0 and shape {@code b} moved by (tx, ty) as shape 1. */
    public static ConvexPolygons withBMoved(ConvexPolygons s, int a, int b, double tx, double ty) {
        float[] vb = s.vertices(b);
        for (int i = 0; i < vb.length; i += 2) {
            vb[i] = (float) (vb[i] + tx);
            vb[i + 1] = (float) (vb[i + 1] + ty);
        }
        return ConvexPolygons.of(s.vertices(a), vb);
    }

    /**
     * The overlap of the projections of shapes a and b onto direction (dx, dy) (unit), in double:
     * positive = overlap length needed to push them apart along this line, negative = gap.
     */
    public static double overlapAlong(ConvexPolygons s, int a, int b, double dx, double dy) {
        double[] ia = interval(s, a, dx, dy);
        double[] ib = interval(s, b, dx, dy);
        return Math.min(ia[1] - ib[0], ib[1] - ia[0]);
    }

    private static double[] interval(ConvexPolygons s, int i, double dx, double dy) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int v = 0; v < s.count(i); v++) {
            double d = dx * s.vertexX(i, v) + dy * s.vertexY(i, v);
            lo = Math.min(lo, d);
            hi = Math.max(hi, d);
        }
        return new double[] {lo, hi};
    }

    /**
     * The largest signed distance from point (px, py) to the lines of shape i's edges: {@code <= 0}
     * inside, {@code > 0} outside by at most that much.
     */
    public static double outside(ConvexPolygons s, int i, double px, double py) {
        int k = s.count(i);
        double worst = Double.NEGATIVE_INFINITY;
        for (int v = 0; v < k; v++) {
            double ax = s.vertexX(i, v);
            double ay = s.vertexY(i, v);
            double bx = s.vertexX(i, (v + 1) % k);
            double by = s.vertexY(i, (v + 1) % k);
            double ex = bx - ax;
            double ey = by - ay;
            double l = Math.hypot(ex, ey);
            worst = Math.max(worst, (ey * (px - ax) - ex * (py - ay)) / l);
        }
        return worst;
    }

    /** Largest absolute coordinate of shapes a and b. */
    public static double magnitude(ConvexPolygons s, int a, int b) {
        double m = 0;
        for (int i : new int[] {a, b}) {
            m = Math.max(m, Math.max(Math.max(Math.abs(s.minX(i)), Math.abs(s.maxX(i))),
                    Math.max(Math.abs(s.minY(i)), Math.abs(s.maxY(i)))));
        }
        return m;
    }

    /**
     * A store mixing many shape sizes (3..kMax vertices; capacities 4 to 48 and beyond) and
     * some exactly degenerate configurations (boxes sharing edges, identical shapes, a vertex on
     * an edge), for differential tests; pairs are all ordered pairs of nearby shapes.
     */
    public static ConvexPolygons mixedStore(SplittableRandom rnd, int n, int kMax) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        double side = Math.sqrt(n) * 1.6;
        for (int i = 0; i < n; i++) {
            int kind = rnd.nextInt(10);
            double cx = rnd.nextDouble(side);
            double cy = rnd.nextDouble(side);
            if (kind == 0) {
                // Integer boxes: exact shared edges, vertices on edges, axis-aligned ties.
                float x0 = (float) Math.floor(cx);
                float y0 = (float) Math.floor(cy);
                float w = 1 + rnd.nextInt(2);
                b.add(x0, y0, x0 + w, y0, x0 + w, y0 + 1, x0, y0 + 1);
            } else {
                b.add(convex(rnd, 3 + rnd.nextInt(kMax - 2), cx, cy, rnd.nextDouble(0.3, 1.2)));
            }
        }
        return b.build();
    }

    /** All ordered pairs (i, j) of {@code s} whose AABBs, fattened by {@code margin}, overlap (i == j included). */
    public static PairBatch nearbyPairs(ConvexPolygons s, float margin) {
        PairBatch p = new PairBatch(s, 16);
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < s.size(); j++) {
                if (s.minX(i) - margin <= s.maxX(j) && s.minX(j) - margin <= s.maxX(i)
                        && s.minY(i) - margin <= s.maxY(j) && s.minY(j) - margin <= s.maxY(i)) {
                    p.add(i, j);
                }
            }
        }
        return p;
    }

    /**
     * A pair within a few hundred {@code u M} of touching: random convex shapes (one of them
     * with 33..64 vertices most of the time, so the merge class dominates), or with
     * {@code mirrored} B the point reflection of A (every edge of B exactly antiparallel to one
     * of A's: the walk's ties), then B moved along the exact best axis by the exact depth plus
     * a random offset.
     */
    public static ConvexPolygons nearTouching(SplittableRandom rnd, boolean mirrored) {
        return nearTouching(rnd, mirrored, 100, false);
    }

    /**
     * As {@link #nearTouching(SplittableRandom, boolean)}, but both shapes with 3..8 vertices
     * (in the penetration's small class) and centred anywhere within {@code far} of the origin,
     * so that shapes of size 0.1 to 100 meet coordinates up to {@code far}.
     */
    public static ConvexPolygons nearTouchingSmall(SplittableRandom rnd, boolean mirrored, double far) {
        return nearTouching(rnd, mirrored, far, true);
    }

    private static ConvexPolygons nearTouching(SplittableRandom rnd, boolean mirrored, double far, boolean small) {
        double scale = Math.pow(10, rnd.nextDouble(-1, 2));
        double ox = rnd.nextDouble(-far, far);
        double oy = rnd.nextDouble(-far, far);
        int ka = small || rnd.nextInt(10) == 0 ? 3 + rnd.nextInt(6) : 33 + rnd.nextInt(32);
        float[] a = convex(rnd, ka, ox, oy, scale * rnd.nextDouble(0.3, 1.5));
        float[] b;
        if (mirrored) {
            b = new float[a.length];
            for (int i = 0; i < a.length; i++) {
                b[i] = -a[i];
            }
        } else {
            b = convex(rnd, small ? 3 + rnd.nextInt(6) : 3 + rnd.nextInt(62), ox, oy, scale * rnd.nextDouble(0.3, 1.5));
        }
        ConvexPolygons s = ConvexPolygons.of(a, b);
        // Move B onto A's centre region first, then out along the exact best axis.
        double cx = (s.minX(0) + s.maxX(0)) / 2 - (s.minX(1) + s.maxX(1)) / 2 + rnd.nextDouble(-0.3, 0.3) * scale;
        double cy = (s.minY(0) + s.maxY(0)) / 2 - (s.minY(1) + s.maxY(1)) / 2 + rnd.nextDouble(-0.3, 0.3) * scale;
        s = withBMoved(s, 0, 1, cx, cy);
        double[] axis = new double[2];
        double depth = exactDepth(s, axis);
        double offset = rnd.nextDouble(-300, 300) * 0x1p-24 * magnitude(s, 0, 1);
        return withBMoved(s, 0, 1, (depth + offset) * axis[0], (depth + offset) * axis[1]);
    }

    public static double exactDepth(ConvexPolygons s) {
        return exactDepth(s, new double[2]);
    }

    /**
     * The exact SAT depth of pair (0, 1) (minus the largest separation over both shapes' edges
     * and the world axes); its axis, A to B, into {@code axis}.
     */
    public static double exactDepth(ConvexPolygons s, double[] axis) {
        double best = Double.NEGATIVE_INFINITY;
        for (int ref = 0; ref < 2; ref++) {
            int other = 1 - ref;
            int k = s.count(ref);
            for (int i = 0; i < k; i++) {
                BigDecimal ax = bd(s.vertexX(ref, i));
                BigDecimal ay = bd(s.vertexY(ref, i));
                BigDecimal ex = bd(s.vertexX(ref, (i + 1) % k)).subtract(ax);
                BigDecimal ey = bd(s.vertexY(ref, (i + 1) % k)).subtract(ay);
                BigDecimal least = null;
                for (int v = 0; v < s.count(other); v++) {
                    // Outward normal of a CCW edge: (ey, -ex); exact orientation determinant.
                    BigDecimal d = ey.multiply(bd(s.vertexX(other, v)).subtract(ax))
                            .subtract(ex.multiply(bd(s.vertexY(other, v)).subtract(ay)));
                    least = least == null || d.compareTo(least) < 0 ? d : least;
                }
                double len = Math.sqrt(ex.multiply(ex).add(ey.multiply(ey)).doubleValue());
                double sep = least.doubleValue() / len;
                if (sep > best) {
                    best = sep;
                    double sign = ref == 0 ? 1 : -1;
                    axis[0] = sign * ey.doubleValue() / len;
                    axis[1] = -sign * ex.doubleValue() / len;
                }
            }
        }
        double[][] gaps = {
            {gap(s.minX(1), s.maxX(0)), 1, 0}, {gap(s.minX(0), s.maxX(1)), -1, 0},
            {gap(s.minY(1), s.maxY(0)), 0, 1}, {gap(s.minY(0), s.maxY(1)), 0, -1}};
        for (double[] g : gaps) {
            if (g[0] > best) {
                best = g[0];
                axis[0] = g[1];
                axis[1] = g[2];
            }
        }
        return -best;
    }

    private static double gap(float lo, float hi) {
        return bd(lo).subtract(bd(hi)).doubleValue();
    }

    private static BigDecimal bd(float f) {
        return new BigDecimal(f);
    }
}
