package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.OrientedBoxes;

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
    /**
     * The same pairs ordered by the capacity classes of their shapes, so that the kernels'
     * lanes-across-pairs paths (runs of pairs of like shapes) take part in the warm-up as they do
     * on a caller's batch of like shapes, besides the per-pair paths that {@link #pairs} exercises.
     */
    final PairBatch groupedPairs;
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
        groupedPairs = grouped(shapes, pairs);
        velocities = new Velocities(n);
        for (int s = 0; s < n; s++) {
            velocities.set(s, (float) rnd.nextDouble(-2, 2), (float) rnd.nextDouble(-2, 2));
        }
    }

    /** {@code pairs} stably sorted by (larger capacity, smaller capacity) of their two shapes. */
    private static PairBatch grouped(ConvexPolygons shapes, PairBatch pairs) {
        int[] cap = shapes.arrays().capacity;
        int n = pairs.size();
        long[] keys = new long[n];
        for (int p = 0; p < n; p++) {
            int ca = cap[pairs.shapeA(p)];
            int cb = cap[pairs.shapeB(p)];
            keys[p] = ((long) Math.max(ca, cb) << 42) | ((long) Math.min(ca, cb) << 21) | p;
        }
        java.util.Arrays.sort(keys);
        PairBatch out = new PairBatch(shapes, n);
        for (long key : keys) {
            int p = (int) (key & ((1 << 21) - 1));
            out.add(pairs.shapeA(p), pairs.shapeB(p));
        }
        return out;
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

    /**
     * The rounded batch the distance kernel is warmed on: circles, capsules, segments, plain and
     * rounded polygons mixed on the same grid, about half of the pairs overlapping, in one store.
     */
    static final class Rounded {
        final RoundedShapes shapes;
        final PairBatch pairs;
        /** Velocities for the shape cast: mostly towards a neighbour, some away, some at rest. */
        final Velocities velocities;

        private Rounded() {
            SplittableRandom rnd = new SplittableRandom(0x5e9a_d157);
            int n = SIDE * SIDE;
            RoundedShapes.Builder b = RoundedShapes.builder();
            for (int s = 0; s < n; s++) {
                float cx = (float) ((s % SIDE) * 1.6 + rnd.nextDouble(0.4));
                float cy = (float) ((s / SIDE) * 1.6 + rnd.nextDouble(0.4));
                float r = (float) (0.1 + rnd.nextDouble(0.3));
                switch (s % 5) {
                    case 0 -> b.circle(cx, cy, 0.4f + r);
                    case 1 -> b.capsule(cx - 0.4f, cy - 0.2f, cx + 0.4f, cy + 0.2f, r);
                    case 2 -> b.segment(cx - 0.6f, cy + 0.3f, cx + 0.6f, cy - 0.3f);
                    case 3 -> b.polygon(polygon(rnd, COUNTS[rnd.nextInt(COUNTS.length)], cx, cy, 0.6 + r));
                    default -> b.add(r, polygon(rnd, COUNTS[rnd.nextInt(COUNTS.length)], cx, cy, 0.5));
                }
            }
            shapes = b.build();
            pairs = new PairBatch(n, PAIRS);
            while (pairs.size() < PAIRS) {
                int a = rnd.nextInt(n);
                int c = rnd.nextInt(10);
                int other = c < 4 ? a + 1 : c < 8 ? a + SIDE : c < 9 ? a + SIDE + 1 : rnd.nextInt(n);
                if (other < n && other != a) {
                    pairs.add(a, other);
                }
            }
            velocities = new Velocities(n);
            for (int s = 0; s < n; s++) {
                if (s % 7 != 3) {
                    velocities.set(s, (float) rnd.nextDouble(-2, 2), (float) rnd.nextDouble(-2, 2));
                }
            }
        }

        private static final class Holder {
            static final Rounded SCENE = new Rounded();
        }

        static Rounded get() {
            return Holder.SCENE;
        }
    }

    /**
     * The 3D batch the hull and box kernels are warmed on: hulls of 4 to 64 random points and
     * boxes on a grid, and rotated boxes, about half of the neighbour pairs intersecting.
     */
    static final class Solid {
        private static final int[] HULL_POINTS = {4, 6, 8, 12, 16, 24, 32, 48, 64};
        private static final int SIDE = 6;

        final ConvexPolyhedra hulls;
        final PairBatch hullPairs;
        final OrientedBoxes boxes;
        final PairBatch boxPairs;

        private Solid() {
            SplittableRandom rnd = new SplittableRandom(0x5e9a_3d3d);
            int n = SIDE * SIDE * SIDE;
            ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
            boxes = new OrientedBoxes(n);
            for (int s = 0; s < n; s++) {
                float cx = (float) ((s % SIDE) * 1.6 + rnd.nextDouble(0.4));
                float cy = (float) ((s / SIDE % SIDE) * 1.6 + rnd.nextDouble(0.4));
                float cz = (float) ((s / (SIDE * SIDE)) * 1.6 + rnd.nextDouble(0.4));
                if (s % 6 == 5) {
                    b.addBox(cx, cy, cz, 0.7f, 0.5f, 0.6f);
                } else {
                    int k = HULL_POINTS[rnd.nextInt(HULL_POINTS.length)];
                    float[] xyz = new float[3 * k];
                    for (int i = 0; i < k; i++) {
                        // Points on an ellipsoid: every one is a hull vertex, none coplanar by design.
                        double u = rnd.nextDouble(-1, 1);
                        double t = rnd.nextDouble(2 * Math.PI);
                        double r = Math.sqrt(1 - u * u);
                        xyz[3 * i] = (float) (cx + 0.8 * r * Math.cos(t));
                        xyz[3 * i + 1] = (float) (cy + 0.7 * r * Math.sin(t));
                        xyz[3 * i + 2] = (float) (cz + 0.75 * u);
                    }
                    b.addHull(xyz);
                }
                boxes.setRotated(s, cx, cy, cz, (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1),
                        (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(0.1, 1),
                        (float) (0.4 + rnd.nextDouble(0.4)), (float) (0.3 + rnd.nextDouble(0.4)),
                        (float) (0.3 + rnd.nextDouble(0.3)));
            }
            hulls = b.build();
            hullPairs = neighbours(rnd, n);
            boxPairs = neighbours(rnd, n);
        }

        private static PairBatch neighbours(SplittableRandom rnd, int n) {
            PairBatch pairs = new PairBatch(n, PAIRS);
            while (pairs.size() < PAIRS) {
                int a = rnd.nextInt(n);
                int c = rnd.nextInt(10);
                int other = c < 3 ? a + 1 : c < 6 ? a + SIDE : c < 8 ? a + SIDE * SIDE : c < 9 ? a + SIDE + 1
                        : rnd.nextInt(n);
                if (other < n && other != a) {
                    pairs.add(a, other);
                }
            }
            return pairs;
        }

        private static final class Holder {
            static final Solid SCENE = new Solid();
        }

        static Solid get() {
            return Holder.SCENE;
        }
    }
}
