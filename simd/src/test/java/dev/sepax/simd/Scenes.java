package dev.sepax.simd;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded shape stores and pair batches for the differential tests: random convex hulls of 3 to
 * 64 (and some 200 to 1024) vertices at scales 1e-3 to 1e6, pairs built to touch exactly (a
 * shared vertex, a shared edge, boxes flush along an axis) and then nudged by a few ulps,
 * slivers, and pairs of nearby shapes that intersect about half the time.
 */
final class Scenes {
    private Scenes() {}

    /** A store plus pairs over it. */
    record Scene(ConvexPolygons shapes, PairBatch pairs) {}

    /** A convex polygon of about {@code k} vertices (the hull of k points on a jittered ellipse). */
    static float[] convex(SplittableRandom rnd, int k, double cx, double cy, double r) {
        double phase = rnd.nextDouble(2 * Math.PI);
        double stretch = rnd.nextInt(4) == 0 ? 0.05 + 0.2 * rnd.nextDouble() : 0.5 + 0.5 * rnd.nextDouble();
        float[] pts = new float[2 * k];
        for (int i = 0; i < k; i++) {
            double t = 2 * Math.PI * (i + 0.1 + 0.8 * rnd.nextDouble()) / k;
            double ex = r * Math.cos(t);
            double ey = r * stretch * Math.sin(t);
            pts[2 * i] = (float) (cx + ex * Math.cos(phase) - ey * Math.sin(phase));
            pts[2 * i + 1] = (float) (cy + ex * Math.sin(phase) + ey * Math.cos(phase));
        }
        return ConvexPolygons.hull(pts);
    }

    /** A thin triangle or quad: width about 1e-6 of its length (or less). */
    static float[] sliver(SplittableRandom rnd, double cx, double cy, double r) {
        double ang = rnd.nextDouble(2 * Math.PI);
        double ux = Math.cos(ang) * r;
        double uy = Math.sin(ang) * r;
        double w = Math.pow(10, -rnd.nextDouble(3, 6));
        float[] pts = {
            (float) (cx - ux), (float) (cy - uy),
            (float) (cx + ux), (float) (cy + uy),
            (float) (cx - uy * w), (float) (cy + ux * w),
            (float) (cx + uy * w * rnd.nextDouble()), (float) (cy - ux * w * rnd.nextDouble()),
        };
        for (int tries = 0; ; tries++) {
            try {
                return ConvexPolygons.hull(pts);
            } catch (IllegalArgumentException degenerate) {
                // rounding made it collinear: widen it
                pts[4] = (float) (cx - uy * w * (2 << tries));
                pts[5] = (float) (cy + ux * w * (2 << tries));
            }
        }
    }

    /** Moves every coordinate by {@code ulps} steps (nextUp for positive, nextDown for negative). */
    static float[] nudge(float[] xy, int ulpsX, int ulpsY) {
        float[] out = xy.clone();
        for (int i = 0; i < out.length; i++) {
            int u = (i & 1) == 0 ? ulpsX : ulpsY;
            for (int n = 0; n < Math.abs(u); n++) {
                out[i] = u > 0 ? Math.nextUp(out[i]) : Math.nextDown(out[i]);
            }
        }
        return out;
    }

    /**
     * Two hulls sharing the exact float vertices {@code u} and {@code v} (an edge of both when
     * {@code edge}, else only {@code u}), on opposite sides of the line through them.
     */
    static float[][] touching(SplittableRandom rnd, int k, double cx, double cy, double r, boolean edge) {
        double ang = rnd.nextDouble(2 * Math.PI);
        float ux = (float) (cx + r * Math.cos(ang));
        float uy = (float) (cy + r * Math.sin(ang));
        float vx = (float) (cx - r * Math.cos(ang));
        float vy = (float) (cy - r * Math.sin(ang));
        double nx = -Math.sin(ang);
        double ny = Math.cos(ang);
        float[] a = side(rnd, k, ux, uy, vx, vy, nx, ny, r, edge);
        float[] b = side(rnd, k, ux, uy, vx, vy, -nx, -ny, r, edge);
        return new float[][] {ConvexPolygons.hull(a), ConvexPolygons.hull(b)};
    }

    private static float[] side(SplittableRandom rnd, int k, float ux, float uy, float vx, float vy,
                                double nx, double ny, double r, boolean edge) {
        int extra = Math.max(1, k - 2);
        float[] pts = new float[2 * (extra + 2)];
        pts[0] = ux;
        pts[1] = uy;
        // Without the shared edge, v moves off the line so only u is shared.
        double off = edge ? 0 : 0.3 * r;
        pts[2] = (float) (vx + nx * off);
        pts[3] = (float) (vy + ny * off);
        for (int i = 0; i < extra; i++) {
            double s = 0.1 + 0.8 * rnd.nextDouble();
            double t = (0.2 + rnd.nextDouble()) * r;
            pts[4 + 2 * i] = (float) (ux + s * (vx - ux) + nx * t);
            pts[5 + 2 * i] = (float) (uy + s * (vy - uy) + ny * t);
        }
        return pts;
    }

    /** Random exponent in [lo, hi] as a power of ten. */
    static double scale(SplittableRandom rnd, double lo, double hi) {
        return Math.pow(10, rnd.nextDouble(lo, hi));
    }

    /** Vertex count for a shape: 3..64, and with probability {@code big} 200..1024. */
    static int vertexCount(SplittableRandom rnd, double big) {
        if (rnd.nextDouble() < big) {
            return rnd.nextInt(200, 1025);
        }
        return rnd.nextInt(4) == 0 ? rnd.nextInt(3, 65) : rnd.nextInt(3, 17);
    }

    /**
     * Clusters of nearby random shapes (scale 1e-3..1e6, offset from the origin by up to 1e3
     * sizes) and random pairs within a cluster, plus engineered touching pairs and slivers.
     */
    static Scene mixed(long seed, int clusters, int perCluster, int pairCount, double big) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        int[] clusterStart = new int[clusters + 1];
        for (int c = 0; c < clusters; c++) {
            clusterStart[c] = b.size();
            double r = scale(rnd, -3, 6);
            double cx = (rnd.nextDouble() - 0.5) * r * scale(rnd, 0, 3);
            double cy = (rnd.nextDouble() - 0.5) * r * scale(rnd, 0, 3);
            int n = 0;
            while (n < perCluster) {
                int kind = rnd.nextInt(10);
                double px = cx + (rnd.nextDouble() - 0.5) * 4 * r;
                double py = cy + (rnd.nextDouble() - 0.5) * 4 * r;
                double rr = r * (0.3 + rnd.nextDouble());
                int k = vertexCount(rnd, big);
                if (kind == 0 && n + 2 <= perCluster) {
                    // Exactly touching pair, then nudged by -4..4 ulps per axis (0 = exact).
                    float[][] t = touching(rnd, k, px, py, rr, rnd.nextBoolean());
                    b.add(t[0]);
                    b.add(ConvexPolygons.hull(nudge(t[1], rnd.nextInt(-4, 5), rnd.nextInt(-4, 5))));
                    n += 2;
                } else if (kind == 1 && n + 2 <= perCluster) {
                    // Axis-aligned boxes flush along x, nudged by a few ulps.
                    float x0 = (float) px;
                    float y0 = (float) py;
                    float w = (float) rr;
                    float h = (float) (rr * (0.2 + rnd.nextDouble()));
                    float y1 = y0 + (float) (rnd.nextDouble() * h);
                    b.add(x0 - w, y0, x0, y0, x0, y0 + h, x0 - w, y0 + h);
                    float[] box = {x0, y1, x0 + w, y1, x0 + w, y1 + h, x0, y1 + h};
                    b.add(nudge(box, rnd.nextInt(-4, 5), 0));
                    n += 2;
                } else if (kind == 2) {
                    b.add(sliver(rnd, px, py, rr));
                    n++;
                } else {
                    b.add(convex(rnd, k, px, py, rr));
                    n++;
                }
            }
        }
        clusterStart[clusters] = b.size();
        ConvexPolygons shapes = b.build();
        PairBatch pairs = new PairBatch(shapes, pairCount);
        // First the engineered neighbours (2i, 2i+1) within each cluster, then random pairs.
        for (int c = 0; c < clusters && pairs.size() < pairCount; c++) {
            for (int s = clusterStart[c]; s + 1 < clusterStart[c + 1] && pairs.size() < pairCount; s += 2) {
                pairs.add(s, s + 1);
                if (pairs.size() < pairCount) {
                    pairs.add(s + 1, s);
                }
            }
        }
        while (pairs.size() < pairCount) {
            int c = rnd.nextInt(clusters);
            int lo = clusterStart[c];
            int n = clusterStart[c + 1] - lo;
            pairs.add(lo + rnd.nextInt(n), lo + rnd.nextInt(n));
        }
        return new Scene(shapes, pairs);
    }

    /** Convenience: all shapes as a list of flat arrays (for building variants). */
    static List<float[]> shapesOf(ConvexPolygons s) {
        List<float[]> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            out.add(s.vertices(i));
        }
        return out;
    }
}
