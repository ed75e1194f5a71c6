package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.RoundedShapes;
import java.util.SplittableRandom;

/**
 * Generators of rounded shapes and double-precision oracles for the distance tests. Public so
 * that {@code sepax-simd}'s differential tests reuse them through core's test jar.
 */
public final class RoundedFixtures {
    private RoundedFixtures() {}

    /**
     * Adds one random shape of a random kind (point, circle, segment, capsule, polygon of 3..kMax
     * points, rounded polygon) of overall size about {@code size} around {@code (cx, cy)}.
     */
    public static void addRandom(RoundedShapes.Builder b, SplittableRandom rnd, int kMax, double cx, double cy, double size) {
        int kind = rnd.nextInt(6);
        double r = size * rnd.nextDouble(0.05, 0.6);
        switch (kind) {
            case 0 -> b.circle((float) cx, (float) cy, 0f);
            case 1 -> b.circle((float) cx, (float) cy, (float) size);
            case 2, 3 -> {
                double ang = rnd.nextDouble(2 * Math.PI);
                double h = size * rnd.nextDouble(0.2, 1);
                float x0 = (float) (cx - h * Math.cos(ang));
                float y0 = (float) (cy - h * Math.sin(ang));
                float x1 = (float) (cx + h * Math.cos(ang));
                float y1 = (float) (cy + h * Math.sin(ang));
                b.capsule(x0, y0, x1, y1, kind == 2 ? 0f : (float) r);
            }
            default -> {
                float[] xy = FindFixtures.convex(rnd, 3 + rnd.nextInt(Math.max(1, kMax - 2)), cx, cy,
                        kind == 4 ? size : size - r);
                b.add(kind == 4 ? 0f : (float) r, xy);
            }
        }
    }

    /**
     * A store of two random shapes (0 = A, 1 = B) of mixed kinds, placed so that roughly half
     * the pairs overlap, at a random offset and scale.
     */
    public static RoundedShapes randomPair(SplittableRandom rnd, int kMax) {
        double scale = Math.pow(10, rnd.nextDouble(-1, 2));
        double ox = rnd.nextDouble(-100, 100);
        double oy = rnd.nextDouble(-100, 100);
        double sa = scale * rnd.nextDouble(0.3, 1.5);
        double sb = scale * rnd.nextDouble(0.3, 1.5);
        double dist = (sa + sb) * rnd.nextDouble(0, 1.4);
        double ang = rnd.nextDouble(2 * Math.PI);
        RoundedShapes.Builder b = RoundedShapes.builder();
        addRandom(b, rnd, kMax, ox, oy, sa);
        addRandom(b, rnd, kMax, ox + dist * Math.cos(ang), oy + dist * Math.sin(ang), sb);
        return b.build();
    }

    /** A store of {@code n} random shapes of mixed kinds in a square where neighbours often overlap. */
    public static RoundedShapes mixedStore(SplittableRandom rnd, int n, int kMax) {
        RoundedShapes.Builder b = RoundedShapes.builder();
        double side = Math.sqrt(n) * 1.5;
        for (int i = 0; i < n; i++) {
            addRandom(b, rnd, kMax, rnd.nextDouble(side), rnd.nextDouble(side), rnd.nextDouble(0.3, 1.2));
        }
        return b.build();
    }

    /** Every ordered pair (i, j), i != j, of {@code s} whose centres are within {@code reach}, plus (0, 0). */
    public static PairBatch nearbyPairs(RoundedShapes s, double reach) {
        PairBatch p = new PairBatch(s.size(), 0);
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < s.size(); j++) {
                if (i != j && Math.hypot(s.pointX(i, 0) - s.pointX(j, 0), s.pointY(i, 0) - s.pointY(j, 0)) < reach) {
                    p.add(i, j);
                }
            }
        }
        if (s.size() > 0) {
            p.add(0, 0);
        }
        return p;
    }

    /** {@code s} with shape {@code b} moved by {@code (tx, ty)}, shapes 0 and 1 only: A = a, B = b moved. */
    public static RoundedShapes withBMoved(RoundedShapes s, int a, int b, double tx, double ty) {
        float[] cb = s.core(b);
        for (int i = 0; i < cb.length; i += 2) {
            cb[i] = (float) (cb[i] + tx);
            cb[i + 1] = (float) (cb[i + 1] + ty);
        }
        return RoundedShapes.builder().add(s.radius(a), s.core(a)).add(s.radius(b), cb).build();
    }

    /** Both shapes of {@code s} (0 and 1) moved by {@code (tx, ty)}. */
    public static RoundedShapes translated(RoundedShapes s, double tx, double ty) {
        RoundedShapes.Builder b = RoundedShapes.builder();
        for (int i = 0; i < s.size(); i++) {
            float[] c = s.core(i);
            for (int j = 0; j < c.length; j += 2) {
                c[j] = (float) (c[j] + tx);
                c[j + 1] = (float) (c[j + 1] + ty);
            }
            b.add(s.radius(i), c);
        }
        return b.build();
    }

    // ---- Double-precision oracles ----------------------------------------------------------

    /** The true distance of the rounded shapes {@code a} and {@code b}: brute force in double. */
    public static double distance(RoundedShapes s, int a, int b) {
        return Math.max(0, coreDistance(s.core(a), s.core(b)) - s.radius(a) - s.radius(b));
    }

    /** Distance between the convex hulls of two cores (1, 2 or 3+ CCW points): 0 if they meet. */
    public static double coreDistance(float[] a, float[] b) {
        if (inside(a, b[0], b[1]) || inside(b, a[0], a[1])) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        int ka = a.length / 2;
        int kb = b.length / 2;
        for (int i = 0; i < edges(ka); i++) {
            int i2 = (i + 1) % ka;
            for (int j = 0; j < edges(kb); j++) {
                int j2 = (j + 1) % kb;
                best = Math.min(best, segmentDistance(a[2 * i], a[2 * i + 1], a[2 * i2], a[2 * i2 + 1],
                        b[2 * j], b[2 * j + 1], b[2 * j2], b[2 * j2 + 1]));
            }
        }
        return best;
    }

    /** Distance of {@code (px, py)} to the convex hull of a core (0 inside). */
    public static double pointToCore(float[] c, double px, double py) {
        if (inside(c, px, py)) {
            return 0;
        }
        int k = c.length / 2;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < edges(k); i++) {
            int i2 = (i + 1) % k;
            best = Math.min(best, pointSegment(px, py, c[2 * i], c[2 * i + 1], c[2 * i2], c[2 * i2 + 1]));
        }
        return best;
    }

    private static int edges(int k) {
        return k == 1 ? 1 : k == 2 ? 1 : k;
    }

    /** True if the point lies in the CCW polygon core (3+ points), boundary included; false for smaller cores. */
    private static boolean inside(float[] c, double px, double py) {
        int k = c.length / 2;
        if (k < 3) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            double cross = ((double) c[2 * j] - c[2 * i]) * (py - c[2 * i + 1])
                    - ((double) c[2 * j + 1] - c[2 * i + 1]) * (px - c[2 * i]);
            if (cross < 0) {
                return false;
            }
        }
        return true;
    }

    /** Distance between segments p1-p2 and q1-q2 (either may be a point); 0 if they cross. */
    public static double segmentDistance(double p1x, double p1y, double p2x, double p2y,
                                         double q1x, double q1y, double q2x, double q2y) {
        double d1 = orient(p1x, p1y, p2x, p2y, q1x, q1y);
        double d2 = orient(p1x, p1y, p2x, p2y, q2x, q2y);
        double d3 = orient(q1x, q1y, q2x, q2y, p1x, p1y);
        double d4 = orient(q1x, q1y, q2x, q2y, p2x, p2y);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
            return 0;
        }
        return Math.min(Math.min(pointSegment(p1x, p1y, q1x, q1y, q2x, q2y), pointSegment(p2x, p2y, q1x, q1y, q2x, q2y)),
                Math.min(pointSegment(q1x, q1y, p1x, p1y, p2x, p2y), pointSegment(q2x, q2y, p1x, p1y, p2x, p2y)));
    }

    private static double orient(double ax, double ay, double bx, double by, double cx, double cy) {
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    }

    /** Distance from a point to the segment a-b (a point when a == b). */
    public static double pointSegment(double px, double py, double ax, double ay, double bx, double by) {
        double ex = bx - ax;
        double ey = by - ay;
        double ll = ex * ex + ey * ey;
        double t = ll == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / ll));
        return Math.hypot(px - (ax + t * ex), py - (ay + t * ey));
    }

    /**
     * The penetration depth of the rounded shapes {@code a} and {@code b} in double: for cores
     * apart, {@code rA + rB - coreDistance}; for cores that meet, the least overlap of the cores
     * along the normals of every core edge, both signs (in 2D the minimum translation of two
     * convex sets is along one of them), {@code max n.a - min n.b}, plus {@code rA + rB}.
     * Independent of the kernels: normals from the double edge vectors, projections of every point.
     */
    public static double penetration(RoundedShapes s, int a, int b) {
        float[] ca = s.core(a);
        float[] cb = s.core(b);
        double rs = (double) s.radius(a) + s.radius(b);
        double gap = coreDistance(ca, cb);
        if (gap > 0) {
            return rs - gap;
        }
        double best = Double.POSITIVE_INFINITY;
        for (float[] c : new float[][] {ca, cb}) {
            int k = c.length / 2;
            for (int i = 0; k > 1 && i < k; i++) {
                int j = (i + 1) % k;
                double ex = (double) c[2 * j] - c[2 * i];
                double ey = (double) c[2 * j + 1] - c[2 * i + 1];
                double l = Math.hypot(ex, ey);
                for (int sign = -1; sign <= 1; sign += 2) {
                    double nx = sign * ey / l;
                    double ny = -sign * ex / l;
                    best = Math.min(best, extent(ca, nx, ny) + extent(cb, -nx, -ny));
                }
            }
        }
        return (best == Double.POSITIVE_INFINITY ? 0 : best) + rs;
    }

    private static double extent(float[] c, double nx, double ny) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < c.length; i += 2) {
            m = Math.max(m, nx * c[i] + ny * c[i + 1]);
        }
        return m;
    }
}
