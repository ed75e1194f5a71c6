package dev.sepax.concave;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;

/** Generated concave polygons with holes, and their JTS twins built from the same float coordinates. */
public final class ConcaveFixtures {
    public static final GeometryFactory JTS = new GeometryFactory();

    private ConcaveFixtures() {}

    /** A magnitude regime: where the polygons sit and how big they are. */
    public record Regime(String name, double originX, double originY, double radius) {}

    public static final Regime[] REGIMES = {
        new Regime("unit", 0, 0, 1),
        new Regime("1e2", 100, -100, 5),
        new Regime("utm", 5.0e5, 5.8e5, 40),
        new Regime("lonlat", 13.4, 52.5, 0.05),
    };

    /**
     * A star-shaped concave polygon around {@code (cx, cy)} with {@code k} vertices at radii in
     * {@code [0.5, 1] * r}, and, when {@code holes > 0}, up to two star-shaped holes inside the
     * radius-0.5 disc (only for {@code k >= 12}: with fewer vertices a chord of the outer ring
     * may come closer to the centre than 0.45 r). Rings as floats, ring 0 outer (CCW), holes CW.
     */
    public static float[][] star(SplittableRandom rnd, double cx, double cy, double r, int k, int holes) {
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

    /** The JTS polygon with exactly these (float) coordinates. */
    static Polygon jts(float[][] rings) {
        LinearRing shell = linear(rings[0]);
        LinearRing[] holes = new LinearRing[rings.length - 1];
        for (int h = 1; h < rings.length; h++) {
            holes[h - 1] = linear(rings[h]);
        }
        return JTS.createPolygon(shell, holes);
    }

    static Geometry jtsPart(float[] xy) {
        return JTS.createPolygon(linear(xy));
    }

    private static LinearRing linear(float[] xy) {
        int n = xy.length / 2;
        Coordinate[] c = new Coordinate[n + 1];
        for (int i = 0; i < n; i++) {
            c[i] = new Coordinate(xy[2 * i], xy[2 * i + 1]);
        }
        c[n] = c[0];
        return JTS.createLinearRing(c);
    }

    /**
     * Signed shoelace area in double, relative to {@code (ox, oy)} (near the polygon, so that
     * far-from-origin coordinates do not cancel): differences of floats and a nearby double are
     * exact, the rest has relative error ~1e-15 per term.
     */
    static double area(float[] xy, double ox, double oy) {
        int n = xy.length / 2;
        double a = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            a += (xy[2 * i] - ox) * (xy[2 * j + 1] - oy) - (xy[2 * j] - ox) * (xy[2 * i + 1] - oy);
        }
        return a / 2;
    }

    /** The JTS polygon translated by {@code (-ox, -oy)} (exact in double for nearby origins). */
    public static Polygon jts(float[][] rings, double ox, double oy) {
        LinearRing shell = linear(rings[0], ox, oy);
        LinearRing[] holes = new LinearRing[rings.length - 1];
        for (int h = 1; h < rings.length; h++) {
            holes[h - 1] = linear(rings[h], ox, oy);
        }
        return JTS.createPolygon(shell, holes);
    }

    static Polygon jtsPart(float[] xy, double ox, double oy) {
        return JTS.createPolygon(linear(xy, ox, oy));
    }

    private static LinearRing linear(float[] xy, double ox, double oy) {
        int n = xy.length / 2;
        Coordinate[] c = new Coordinate[n + 1];
        for (int i = 0; i < n; i++) {
            c[i] = new Coordinate(xy[2 * i] - ox, xy[2 * i + 1] - oy);
        }
        c[n] = c[0];
        return JTS.createLinearRing(c);
    }
}
