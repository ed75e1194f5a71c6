package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.Velocities;

import java.util.SplittableRandom;

/**
 * Shared fixtures for the swept-test specifications (also used by simd's differential test
 * through the core test jar): random convex polygons, random motion, and shapes moved to a time.
 */
public final class SweepCases {
    private SweepCases() {}

    /** A random convex polygon with {@code k} vertices around {@code (cx, cy)}, CCW, radius about {@code r}. */
    public static float[] convex(SplittableRandom rnd, int k, float cx, float cy, float r) {
        // Sorted jittered angles on an ellipse: convex, with vertices kept apart.
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        double stretch = 0.4 + 0.6 * rnd.nextDouble();
        double rot = rnd.nextDouble(2 * Math.PI);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            double ex = r * Math.cos(t);
            double ey = r * stretch * Math.sin(t);
            xy[2 * i] = (float) (cx + ex * Math.cos(rot) - ey * Math.sin(rot));
            xy[2 * i + 1] = (float) (cy + ex * Math.sin(rot) + ey * Math.cos(rot));
        }
        return xy;
    }

    /** An axis-aligned rectangle, CCW. */
    public static float[] box(float x0, float y0, float x1, float y1) {
        return new float[] {x0, y0, x1, y0, x1, y1, x0, y1};
    }

    /**
     * Shapes of {@code shapes} translated by {@code v * t} (each vertex rounded once), as a new
     * world store with recomputed normals and bounds.
     */
    public static ConvexPolygons movedTo(ConvexPolygons shapes, Velocities v, float t) {
        Poses poses = new Poses(shapes.size());
        for (int s = 0; s < shapes.size(); s++) {
            poses.setCosSin(s, v.vx(s) * t, v.vy(s) * t, 1f, 0f);
        }
        ConvexPolygons world = shapes.newWorldStore();
        poses.transform(shapes, world);
        return world;
    }

    /** One pair (0, 1) swept over {@code [0, tMax]} by {@code kernel}; results in slot 0. */
    public static SweepResults sweepOne(SweepKernel kernel, ConvexPolygons shapes, Velocities v, float tMax) {
        PairBatch pairs = PairBatch.of(new int[] {0}, new int[] {1}, shapes);
        SweepResults out = new SweepResults(1);
        kernel.sweep(shapes, v, pairs, tMax, out);
        return out;
    }

    /**
     * A random two-shape case: A near the origin, B at distance up to about 6 radii, both moving
     * with speeds up to about 8 radii per unit time, B roughly towards A, so that about half of
     * the cases make contact within {@code t in [0, 1]}.
     */
    public static Object[] randomCase(SplittableRandom rnd) {
        int ka = 3 + rnd.nextInt(14);
        int kb = 3 + rnd.nextInt(14);
        float ra = (float) (0.3 + rnd.nextDouble());
        float rb = (float) (0.3 + rnd.nextDouble());
        double dir = rnd.nextDouble(2 * Math.PI);
        double dist = rnd.nextDouble(6.0);
        float bx = (float) (dist * Math.cos(dir));
        float by = (float) (dist * Math.sin(dir));
        ConvexPolygons shapes = ConvexPolygons.of(convex(rnd, ka, 0f, 0f, ra), convex(rnd, kb, bx, by, rb));
        double head = dir + Math.PI + rnd.nextGaussian() * 0.5;
        double speed = rnd.nextDouble(8.0);
        Velocities v = new Velocities(2);
        v.set(0, (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1));
        v.set(1, v.vx(0) + (float) (speed * Math.cos(head)), v.vy(0) + (float) (speed * Math.sin(head)));
        return new Object[] {shapes, v};
    }
}
