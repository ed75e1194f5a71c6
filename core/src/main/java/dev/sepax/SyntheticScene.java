package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

import java.util.SplittableRandom;

/**
 * The private batch the facade warms the SIMD kernels on: random convex polygons of every
 * capacity class the kernels specialise (3 to 64 vertices), laid on a grid so that about half of
 * the candidate pairs intersect, with pairs between equal and between different classes, plus
 * random velocities. Warming on every path keeps C2 from compiling a kernel for a narrower profile
 * than a caller's batches and deoptimising on the caller's first unusual pair. Built once per JVM
 * (a few hundred kilobytes), seeded, never shared with callers.
 */
final class SyntheticScene {
    /** Vertex counts cycled through: every capacity class 4, 8, 16, 32, 48, 64. */
    private static final int[] COUNTS = {3, 4, 5, 6, 8, 7, 10, 12, 16, 4, 20, 24, 32, 3, 40, 48, 64, 8};
    private static final int SIDE = 16;
    static final int PAIRS = 1024;

    final ConvexPolygons shapes;
    final PairBatch pairs;
    final Velocities velocities;

    private SyntheticScene() {
        SplittableRandom rnd = new SplittableRandom(0x5e9a_c01d);
        int n = SIDE * SIDE;
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int s = 0; s < n; s++) {
            int k = COUNTS[rnd.nextInt(COUNTS.length)];
            double cx = (s % SIDE) * 1.6 + rnd.nextDouble(0.4);
            double cy = (s / SIDE) * 1.6 + rnd.nextDouble(0.4);
            b.add(polygon(rnd, k, cx, cy, 0.6 + rnd.nextDouble(0.5)));
        }
        shapes = b.build();
        pairs = new PairBatch(shapes, PAIRS);
        while (pairs.size() < PAIRS) {
            int a = rnd.nextInt(n);
            // Mostly grid neighbours (near pairs, about half intersecting), some far pairs that
            // the AABB axes reject.
            int c = rnd.nextInt(10);
            int other = c < 4 ? a + 1 : c < 8 ? a + SIDE : c < 9 ? a + SIDE + 1 : rnd.nextInt(n);
            if (other < n && other != a) {
                pairs.add(a, other);
            }
        }
        velocities = new Velocities(n);
        for (int s = 0; s < n; s++) {
            velocities.set(s, (float) rnd.nextDouble(-2, 2), (float) rnd.nextDouble(-2, 2));
        }
    }

    private static float[] polygon(SplittableRandom rnd, int k, double cx, double cy, double r) {
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.2 + 0.6 * rnd.nextDouble()) / k;
            xy[2 * i] = (float) (cx + r * Math.cos(t));
            xy[2 * i + 1] = (float) (cy + r * 0.8 * Math.sin(t));
        }
        return xy;
    }

    private static final class Holder {
        static final SyntheticScene SCENE = new SyntheticScene();
    }

    static SyntheticScene get() {
        return Holder.SCENE;
    }
}
