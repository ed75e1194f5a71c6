package dev.sepax.bench;

import dev.sepax.batch.PairBatch;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;
import dev.sepax.solid.SolidPoses;
import java.util.SplittableRandom;

/**
 * The 3D benchmark workloads: {@code H8}, {@code H16}, {@code H32}, {@code H64} (4096 random
 * hulls of about k points each, on 0.7..1 of a sphere of radius 0.5..1.5, randomly rotated and
 * placed in a cube of side 16) and {@code OBB} (4096 random boxes, half-extents 0.25..1.25),
 * each with 32 768 broad-phase pairs: pairs whose bounding spheres overlap, exactly half of
 * them intersecting (by the scalar reference at tolerance 0), in random order.
 */
public final class SolidWorkloads {
    /** Shapes per workload. */
    public static final int SHAPES = 4096;
    /** Pairs per workload. */
    public static final int PAIRS = 32768;

    private SolidWorkloads() {}

    /** A hull workload: the world store, its pairs, and each shape's world vertices (x, y, z triples). */
    public record Hulls(ConvexPolyhedra world, PairBatch pairs, float[][] points) {}

    /** A box workload. */
    public record Boxes(OrientedBoxes boxes, PairBatch pairs) {}

    /** The workload {@code H<k>}. */
    public static Hulls hulls(String name, long seed) {
        if (!name.matches("H\\d+")) {
            throw new IllegalArgumentException("workload=" + name + ": expected H<k>");
        }
        int k = Integer.parseInt(name.substring(1));
        SplittableRandom r = new SplittableRandom(seed ^ k);
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        float[] radius = new float[SHAPES];
        for (int i = 0; i < SHAPES; i++) {
            radius[i] = (float) r.nextDouble(0.5, 1.5);
            b.addHull(cloud(r, k, radius[i]));
        }
        ConvexPolyhedra local = b.build();
        SolidPoses poses = new SolidPoses(SHAPES);
        float[] c = centres(r, poses);
        ConvexPolyhedra world = local.worldCopy();
        poses.transform(local, world);
        float[][] points = new float[SHAPES][];
        for (int i = 0; i < SHAPES; i++) {
            int n = world.vertexCount(i);
            points[i] = new float[3 * n];
            for (int v = 0; v < n; v++) {
                for (int a = 0; a < 3; a++) {
                    points[i][3 * v + a] = world.vertex(i, v, a);
                }
            }
        }
        return new Hulls(world, pairs(r, c, radius, (i, j) -> ScalarHullSat.INSTANCE.intersects(world, i, j, 0f)),
                points);
    }

    /** The workload {@code OBB}. */
    public static Boxes boxes(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        OrientedBoxes boxes = new OrientedBoxes(SHAPES);
        SolidPoses poses = new SolidPoses(SHAPES);
        float[] c = centres(r, poses);
        float[] radius = new float[SHAPES];
        for (int i = 0; i < SHAPES; i++) {
            float[] q = quaternion(r);
            float hx = (float) r.nextDouble(0.25, 1.25);
            float hy = (float) r.nextDouble(0.25, 1.25);
            float hz = (float) r.nextDouble(0.25, 1.25);
            boxes.setRotated(i, c[3 * i], c[3 * i + 1], c[3 * i + 2], q[0], q[1], q[2], q[3], hx, hy, hz);
            radius[i] = (float) Math.sqrt(hx * hx + hy * hy + hz * hz);
        }
        return new Boxes(boxes, pairs(r, c, radius, (i, j) -> ScalarObbSat.INSTANCE.intersects(boxes, i, j, 0f)));
    }

    private static float[] centres(SplittableRandom r, SolidPoses poses) {
        float side = 16; // dense enough for 16 384 intersecting and 16 384 apart candidates
        float[] c = new float[3 * SHAPES];
        for (int i = 0; i < SHAPES; i++) {
            float[] q = quaternion(r);
            for (int a = 0; a < 3; a++) {
                c[3 * i + a] = (float) r.nextDouble(0, side);
            }
            poses.setQuaternion(i, q[0], q[1], q[2], q[3], c[3 * i], c[3 * i + 1], c[3 * i + 2]);
        }
        return c;
    }

    /**
     * PAIRS pairs among those whose bounding spheres overlap (the broad phase's candidates), half
     * of them intersecting and half not by the scalar reference, in random order.
     */
    private static PairBatch pairs(SplittableRandom r, float[] c, float[] radius,
                                   java.util.function.BiPredicate<Integer, Integer> intersects) {
        int[] hit = new int[PAIRS];
        int[] miss = new int[PAIRS];
        int nh = 0;
        int nm = 0;
        // Every candidate, in a random order (the shapes are placed at random, so scanning i in
        // order would favour low indices only mildly; a random start and stride remove even that).
        int start = r.nextInt(SHAPES);
        for (int s = 0; s < SHAPES && nh + nm < PAIRS; s++) {
            int i = (start + s * 1237) % SHAPES; // 1237 is prime, so this visits every shape once
            for (int j = 0; j < SHAPES && nh + nm < PAIRS; j++) {
                double dx = c[3 * i] - c[3 * j];
                double dy = c[3 * i + 1] - c[3 * j + 1];
                double dz = c[3 * i + 2] - c[3 * j + 2];
                double reach = radius[i] + radius[j];
                if (i == j || dx * dx + dy * dy + dz * dz >= reach * reach) {
                    continue;
                }
                if (intersects.test(i, j)) {
                    if (nh < PAIRS / 2) {
                        hit[nh++] = i * SHAPES + j;
                    }
                } else if (nm < PAIRS / 2) {
                    miss[nm++] = i * SHAPES + j;
                }
            }
        }
        if (nh + nm < PAIRS) {
            throw new IllegalStateException("found only " + nh + " intersecting and " + nm + " separated candidate pairs");
        }
        int[] all = new int[PAIRS];
        System.arraycopy(hit, 0, all, 0, nh);
        System.arraycopy(miss, 0, all, nh, nm);
        for (int k = PAIRS - 1; k > 0; k--) {
            int m = r.nextInt(k + 1);
            int t = all[k];
            all[k] = all[m];
            all[m] = t;
        }
        PairBatch p = new PairBatch(SHAPES, PAIRS);
        for (int e : all) {
            p.add(e / SHAPES, e % SHAPES);
        }
        return p;
    }

    static float[] cloud(SplittableRandom r, int k, double radius) {
        float[] p = new float[3 * k];
        for (int i = 0; i < k; i++) {
            double x;
            double y;
            double z;
            double l;
            do {
                x = r.nextDouble(-1, 1);
                y = r.nextDouble(-1, 1);
                z = r.nextDouble(-1, 1);
                l = Math.sqrt(x * x + y * y + z * z);
            } while (l > 1 || l < 0.1);
            double s = radius * r.nextDouble(0.7, 1.0) / l;
            p[3 * i] = (float) (x * s);
            p[3 * i + 1] = (float) (y * s);
            p[3 * i + 2] = (float) (z * s);
        }
        return p;
    }

    static float[] quaternion(SplittableRandom r) {
        double x;
        double y;
        double z;
        double w;
        double l;
        do {
            x = r.nextDouble(-1, 1);
            y = r.nextDouble(-1, 1);
            z = r.nextDouble(-1, 1);
            w = r.nextDouble(-1, 1);
            l = Math.sqrt(x * x + y * y + z * z + w * w);
        } while (l > 1 || l < 0.1);
        return new float[] {(float) (x / l), (float) (y / l), (float) (z / l), (float) (w / l)};
    }
}
