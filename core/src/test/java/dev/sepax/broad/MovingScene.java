package dev.sepax.broad;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import java.util.SplittableRandom;

/**
 * A seeded scene of moving shapes for the broad-phase tests: boxes and random convex polygons
 * modelled round their local origin, positions on a square field, per-shape velocity and spin,
 * bouncing off the field's walls. {@link #step()} advances one frame and rewrites the world store.
 */
final class MovingScene {
    final ConvexPolygons local;
    final ConvexPolygons world;
    private final Poses poses;
    private final double[] x;
    private final double[] y;
    private final double[] angle;
    private final double[] vx;
    private final double[] vy;
    private final double[] spin;
    private final double side;

    /**
     * {@code n} shapes of size about 1 on a {@code side} x {@code side} field, moving up to
     * {@code speed} per frame; sizes on a grid of 1/4 so that boxes often touch exactly at rest.
     */
    MovingScene(long seed, int n, double side, double speed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        this.side = side;
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        x = new double[n];
        y = new double[n];
        angle = new double[n];
        vx = new double[n];
        vy = new double[n];
        spin = new double[n];
        for (int s = 0; s < n; s++) {
            int kind = rnd.nextInt(3);
            if (kind == 0) {
                float w = (1 + rnd.nextInt(4)) / 4f;
                float h = (1 + rnd.nextInt(4)) / 4f;
                b.add(-w, -h, w, -h, w, h, -w, h);
            } else {
                int k = kind == 1 ? 3 : 3 + rnd.nextInt(6);
                b.add(convex(rnd, k, 0.3 + rnd.nextDouble(0.9)));
            }
            x[s] = Math.floor(rnd.nextDouble(side) * 4) / 4;
            y[s] = Math.floor(rnd.nextDouble(side) * 4) / 4;
            // A quarter rest, so pairs of resting shapes stay; speed 0 rests everything.
            boolean still = rnd.nextInt(4) == 0 || speed == 0;
            vx[s] = still ? 0 : rnd.nextDouble(-speed, speed);
            vy[s] = still ? 0 : rnd.nextDouble(-speed, speed);
            spin[s] = still ? 0 : rnd.nextDouble(-0.05, 0.05);
        }
        local = b.build();
        world = local.newWorldStore();
        poses = new Poses(n);
        pose();
    }

    static float[] convex(SplittableRandom rnd, int k, double r) {
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            xy[2 * i] = (float) (r * Math.cos(t));
            xy[2 * i + 1] = (float) (0.8 * r * Math.sin(t));
        }
        return xy;
    }

    /** Advances one frame and rewrites {@link #world}. */
    void step() {
        for (int s = 0; s < x.length; s++) {
            x[s] += vx[s];
            y[s] += vy[s];
            angle[s] += spin[s];
            if (x[s] < 0 || x[s] > side) {
                vx[s] = -vx[s];
            }
            if (y[s] < 0 || y[s] > side) {
                vy[s] = -vy[s];
            }
        }
        pose();
    }

    /** Moves every shape to a new random place (an incoherent frame). */
    void teleport(SplittableRandom rnd) {
        for (int s = 0; s < x.length; s++) {
            x[s] = rnd.nextDouble(side);
            y[s] = rnd.nextDouble(side);
        }
        pose();
    }

    private void pose() {
        for (int s = 0; s < x.length; s++) {
            poses.set(s, (float) x[s], (float) y[s], angle[s]);
        }
        poses.transform(local, world);
    }
}
