package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Polygon;

/** Small seeded scenes for the broad-phase and batch tests: exact grid boxes and random k-gons. */
public final class TestScenes {
    private TestScenes() {}

    /**
     * {@code n} shapes on a {@code side} x {@code side} field: half are axis-aligned boxes with
     * integer corners (so boxes often touch exactly), half are random convex polygons.
     */
    public static ConvexPolygons mixed(long seed, int n, int side) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int s = 0; s < n; s++) {
            if (rnd.nextBoolean()) {
                float x = rnd.nextInt(side);
                float y = rnd.nextInt(side);
                float w = 1 + rnd.nextInt(4);
                float h = 1 + rnd.nextInt(4);
                b.add(x, y, x + w, y, x + w, y + h, x, y + h);
            } else {
                b.add(convex(rnd, 3 + rnd.nextInt(14), (float) rnd.nextDouble(side), (float) rnd.nextDouble(side),
                        0.5f + (float) rnd.nextDouble(2)));
            }
        }
        return b.build();
    }

    /** A random convex k-gon: sorted jittered angles on a stretched circle. */
    public static float[] convex(SplittableRandom rnd, int k, float cx, float cy, float r) {
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            xy[2 * i] = (float) (cx + r * Math.cos(t));
            xy[2 * i + 1] = (float) (cy + 0.7 * r * Math.sin(t));
        }
        return xy;
    }

    /** Every pair (i, j), i < j, whose boxes are within {@code margin}, with the kernels' compares. */
    public static PairBatch bruteForcePairs(ConvexPolygons s, float margin) {
        PairBatch p = new PairBatch(s, 16);
        for (int i = 0; i < s.size(); i++) {
            for (int j = i + 1; j < s.size(); j++) {
                if (s.minX(j) - s.maxX(i) <= margin && s.minX(i) - s.maxX(j) <= margin
                        && s.minY(j) - s.maxY(i) <= margin && s.minY(i) - s.maxY(j) <= margin) {
                    p.add(i, j);
                }
            }
        }
        return p;
    }

    /** The pairs as sorted longs {@code a << 32 | b}, for set comparison. */
    public static long[] sortedKeys(PairBatch p) {
        long[] k = new long[p.size()];
        for (int i = 0; i < k.length; i++) {
            k[i] = ((long) p.shapeA(i) << 32) | p.shapeB(i);
        }
        java.util.Arrays.sort(k);
        return k;
    }

    /** An axis-aligned box as a flat CCW vertex array. */
    public static float[] box(float x0, float y0, float x1, float y1) {
        return new float[] {x0, y0, x1, y0, x1, y1, x0, y1};
    }

    /** Shape {@code i} of {@code s} as a JTS polygon (a test-scope oracle). */
    public static Polygon jts(ConvexPolygons s, int i) {
        int k = s.count(i);
        Coordinate[] c = new Coordinate[k + 1];
        for (int v = 0; v < k; v++) {
            c[v] = new Coordinate(s.vertexX(i, v), s.vertexY(i, v));
        }
        c[k] = c[0];
        return new GeometryFactory().createPolygon(c);
    }
}
