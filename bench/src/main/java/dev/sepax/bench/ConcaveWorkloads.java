package dev.sepax.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;

/**
 * The concave workloads: J200 (a self-join of 200 concave polygons with 50..500 vertices, a third
 * with holes) and G100k (10^5 small concave fences, with convex query polygons and query points).
 * Polygons are star-shaped around their centre (radii 0.5..1 of their size), so simple; holes sit
 * inside the radius-0.5 disc. Deterministic for a seed.
 */
public final class ConcaveWorkloads {
    private ConcaveWorkloads() {}

    /** Rings of one polygon: ring 0 outer, the rest holes (float {@code x0, y0, ...}). */
    public record Shape(float[][] rings) {}

    /** J200: 200 polygons, 50..500 vertices, in a square where each overlaps a few others. */
    public static List<Shape> join(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Shape> out = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int k = 50 + rnd.nextInt(451);
            out.add(new Shape(star(rnd, rnd.nextDouble(30), rnd.nextDouble(30), 2, k, i % 3 == 0 ? 1 + rnd.nextInt(2) : 0)));
        }
        return out;
    }

    /** G100k: {@code n} fences of 6..16 vertices, sizes 0.5..2, over a square of side {@code sqrt(n) * 3}. */
    public static List<Shape> fences(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double side = Math.sqrt(n) * 3;
        List<Shape> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new Shape(star(rnd, rnd.nextDouble(side), rnd.nextDouble(side), 0.5 + rnd.nextDouble(1.5),
                    6 + rnd.nextInt(11), 0)));
        }
        return out;
    }

    /** Convex query polygons (vehicles) of 4..8 vertices, size ~2, over the fences' square. */
    public static float[][] queries(int fences, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double side = Math.sqrt(fences) * 3;
        float[][] q = new float[count][];
        for (int i = 0; i < count; i++) {
            int k = 4 + rnd.nextInt(5);
            double cx = rnd.nextDouble(side);
            double cy = rnd.nextDouble(side);
            double r = 0.5 + rnd.nextDouble(1.5);
            float[] xy = new float[2 * k];
            for (int j = 0; j < k; j++) {
                double a = 2 * Math.PI * (j + 0.5 * rnd.nextDouble()) / k;
                xy[2 * j] = (float) (cx + r * Math.cos(a));
                xy[2 * j + 1] = (float) (cy + r * Math.sin(a));
            }
            q[i] = xy;
        }
        return q;
    }

    /** Query points over the fences' square: {@code x0, y0, x1, y1, ...}. */
    public static float[] points(int fences, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double side = Math.sqrt(fences) * 3;
        float[] p = new float[2 * count];
        for (int i = 0; i < 2 * count; i++) {
            p[i] = (float) rnd.nextDouble(side);
        }
        return p;
    }

    static float[][] star(SplittableRandom rnd, double cx, double cy, double r, int k, int holes) {
        List<float[]> rings = new ArrayList<>();
        rings.add(ring(rnd, cx, cy, r, 0.5, k, false));
        holes = k >= 12 ? holes : 0;
        if (holes >= 1) {
            rings.add(ring(rnd, cx - 0.22 * r, cy, 0.2 * r, 0.4, 6 + rnd.nextInt(10), true));
        }
        if (holes >= 2) {
            rings.add(ring(rnd, cx + 0.22 * r, cy + 0.05 * r, 0.18 * r, 0.4, 5 + rnd.nextInt(8), true));
        }
        return rings.toArray(new float[0][]);
    }

    private static float[] ring(SplittableRandom rnd, double cx, double cy, double r, double inner, int k, boolean cw) {
        float[] xy = new float[2 * k];
        for (int i = 0; i < k; i++) {
            double angle = 2 * Math.PI * (i + 0.1 + 0.8 * rnd.nextDouble()) / k;
            double rad = r * (inner + (1 - inner) * rnd.nextDouble());
            int j = cw ? k - 1 - i : i;
            xy[2 * j] = (float) (cx + rad * Math.cos(angle));
            xy[2 * j + 1] = (float) (cy + rad * Math.sin(angle));
        }
        return xy;
    }

    /** The JTS polygon with exactly these float coordinates. */
    public static Polygon jts(GeometryFactory f, float[][] rings) {
        LinearRing shell = linear(f, rings[0]);
        LinearRing[] holes = new LinearRing[rings.length - 1];
        for (int h = 1; h < rings.length; h++) {
            holes[h - 1] = linear(f, rings[h]);
        }
        return f.createPolygon(shell, holes);
    }

    /** A JTS polygon of one ring. */
    public static Polygon jts(GeometryFactory f, float[] ring) {
        return f.createPolygon(linear(f, ring));
    }

    private static LinearRing linear(GeometryFactory f, float[] xy) {
        int n = xy.length / 2;
        Coordinate[] c = new Coordinate[n + 1];
        for (int i = 0; i < n; i++) {
            c[i] = new Coordinate(xy[2 * i], xy[2 * i + 1]);
        }
        c[n] = c[0];
        return f.createLinearRing(c);
    }
}
