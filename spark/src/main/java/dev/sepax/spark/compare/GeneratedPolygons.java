package dev.sepax.spark.compare;

import java.util.SplittableRandom;

/**
 * Reproducible random convex (or {@link #concave}) polygons for the join benchmark and tests: polygon {@code i} of a
 * side depends only on {@code (seed, i)}, so Spark tasks can generate any slice of a data set
 * independently, and two runs produce the same rows.
 *
 * <p>Each polygon has 3 to 8 vertices at jittered angles round a centre, with radii from 1 to 5
 * units; centres are uniform in a square sized so that a polygon meets about one polygon of
 * the other side on average. Every coordinate is a multiple of {@code 2^-8} below {@code 2^15},
 * so it is exact in float and double and printed exactly by {@link Double#toString}: Sepax
 * (which rounds to float) and a double-precision library read the same vertices. Vertices are
 * at least about 0.3 radians of turn apart, far from collinear, so no store drops one.
 *
 * <p>Stateless; thread-safe; each call allocates its result.
 */
public final class GeneratedPolygons {
    private GeneratedPolygons() {}

    /** Side of the square holding {@code n} centres, for about one cross-side hit per polygon. */
    public static double side(long n) {
        // Mean radius 3: two polygons meet when their centres are within about 4.5 units.
        return Math.max(16, Math.sqrt(n * Math.PI * 4.5 * 4.5 / 1.2));
    }

    /** Vertices {@code x0, y0, x1, y1, ...} of polygon {@code i} in a square of {@code side}. */
    public static double[] polygon(long seed, long i, double side) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        double cx = r.nextDouble(side);
        double cy = r.nextDouble(side);
        int k = 3 + r.nextInt(6);
        double radius = 1 + 4 * r.nextDouble();
        return ring(r, cx, cy, k, radius, false);
    }

    /**
     * {@code k} quantised vertices at jittered angles round {@code (cx, cy)}, each at
     * {@code size}, or with {@code jitteredRadii} at its own radius in {@code [0.4, 1) size}
     * (drawn after its angle, so a convex ring's draws are its angles only).
     */
    private static double[] ring(SplittableRandom r, double cx, double cy, int k, double size, boolean jitteredRadii) {
        double turn = r.nextDouble(2 * Math.PI);
        double step = 2 * Math.PI / k;
        double[] xy = new double[2 * k];
        for (int v = 0; v < k; v++) {
            double a = turn + step * (v + 0.3 * (r.nextDouble() - 0.5));
            double radius = jitteredRadii ? size * (0.4 + 0.6 * r.nextDouble()) : size;
            xy[2 * v] = quantise(cx + radius * Math.cos(a));
            xy[2 * v + 1] = quantise(cy + radius * Math.sin(a));
        }
        return xy;
    }

    /**
     * Concave polygon {@code i}: 8 to 16 vertices at jittered angles round a centre (at most 1.3
     * steps apart), radii from 0.4 to 1 times a size of 1 to 5 units, so the ring is star-shaped
     * round its centre and simple; every fourth has a square hole of half-size 0.15 times the
     * size round the centre, inside the disc of radius {@code 0.4 cos(0.65 pi / 4) > 0.35} times
     * the size that every such ring contains. Coordinates quantised as {@link #polygon}'s (a
     * shift of at most {@code 2^-9}, far below the vertices' spacing). The rings in the form of
     * {@link #wkt(double[][])}: outer first.
     */
    public static double[][] concave(long seed, long i, double side) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i + 0x5DEECE66DL);
        double cx = r.nextDouble(side);
        double cy = r.nextDouble(side);
        int k = 8 + r.nextInt(9);
        double size = 1 + 4 * r.nextDouble();
        double[] xy = ring(r, cx, cy, k, size, true);
        if (i % 4 != 0) {
            return new double[][] {xy};
        }
        double h = 0.15 * size;
        double x0 = quantise(cx - h);
        double y0 = quantise(cy - h);
        double x1 = quantise(cx + h);
        double y1 = quantise(cy + h);
        return new double[][] {xy, {x0, y0, x0, y1, x1, y1, x1, y0}};
    }

    /** Rings (outer first) as a WKT {@code POLYGON}, each ring's closing vertex repeated. */
    public static String wkt(double[][] rings) {
        StringBuilder b = new StringBuilder(32 * rings[0].length).append("POLYGON (");
        for (int k = 0; k < rings.length; k++) {
            double[] xy = rings[k];
            b.append(k > 0 ? ", (" : "(");
            for (int v = 0; v <= xy.length / 2; v++) {
                int j = 2 * (v % (xy.length / 2));
                if (v > 0) {
                    b.append(", ");
                }
                b.append(xy[j]).append(' ').append(xy[j + 1]);
            }
            b.append(')');
        }
        return b.append(')').toString();
    }

    /** The polygon as WKT, closing vertex repeated. */
    public static String wkt(double[] xy) {
        return wkt(new double[][] {xy});
    }

    private static double quantise(double v) {
        return Math.rint(v * 256) / 256;
    }
}
