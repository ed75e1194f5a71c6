package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;

import java.util.SplittableRandom;

/**
 * Pairs built to sit inside the float band, for the exact kernels' tests: shared edges, shared
 * vertices, a vertex on an edge to 0-4 ulps on either side, collinear overlaps, slivers, at scales
 * 1e-6..1e6 and far from the origin, plus a share of ordinary random pairs. Shapes {@code 2p} and
 * {@code 2p + 1} make pair {@code p}; the batch also holds every pair reversed ({@code 2n}
 * pairs). Public so that {@code sepax-simd}'s tests reuse it through core's test jar.
 */
public final class AdversarialPairs {
    /** Kinds of pair, for messages. */
    public static final String[] KINDS = {"shared-edge", "shared-vertex", "vertex-on-edge", "collinear", "random"};

    /** A store, its pairs, and the kind of each pair. */
    public record Scene(ConvexPolygons shapes, PairBatch pairs, int[] kind) {
        /** The kind of pair {@code p} of {@link #pairs}. */
        public String kindOf(int p) {
            return KINDS[kind[p % kind.length]];
        }
    }

    private AdversarialPairs() {}

    /** {@code n} shape pairs (2n batch pairs) from {@code seed}. */
    public static Scene scene(long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        int[] kind = new int[n];
        for (int p = 0; p < n; p++) {
            float[][] ab = pair(rnd, true, kind, p);
            builder.add(ab[0]);
            builder.add(ab[1]);
        }
        ConvexPolygons shapes = builder.build();
        return new Scene(shapes, batch(n, shapes), kind);
    }

    /**
     * {@code n} shape pairs built near the local origin, then moved by {@link Poses#transform}:
     * both shapes of a pair get the same random rotation and a translation of up to 1e6 times
     * their scale, so pairs that touch exactly in local space land within a few ulps of touching
     * in the world store.
     */
    public static Scene world(long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        int[] kind = new int[n];
        float[] scale = new float[n];
        for (int p = 0; p < n; p++) {
            float[][] ab = pair(rnd, false, kind, p);
            builder.add(ab[0]);
            builder.add(ab[1]);
            scale[p] = Math.abs(ab[0][0]) + Math.abs(ab[0][1]) + Math.abs(ab[1][0]) + 1e-30f;
        }
        ConvexPolygons local = builder.build();
        Poses poses = new Poses(2 * n);
        for (int p = 0; p < n; p++) {
            double angle = rnd.nextInt(4) == 0 ? rnd.nextInt(4) * Math.PI / 2 : rnd.nextDouble(2 * Math.PI);
            float tx = (float) (scale[p] * Math.pow(10, rnd.nextDouble(6)) * (rnd.nextBoolean() ? 1 : -1));
            float ty = (float) (scale[p] * Math.pow(10, rnd.nextDouble(6)) * (rnd.nextBoolean() ? 1 : -1));
            poses.set(2 * p, tx, ty, angle);
            poses.set(2 * p + 1, tx, ty, angle);
        }
        ConvexPolygons world = local.newWorldStore();
        poses.transform(local, world);
        return new Scene(world, batch(n, world), kind);
    }

    private static PairBatch batch(int n, ConvexPolygons shapes) {
        int[] a = new int[2 * n];
        int[] b = new int[2 * n];
        for (int p = 0; p < n; p++) {
            a[p] = 2 * p;
            b[p] = 2 * p + 1;
            a[n + p] = 2 * p + 1;
            b[n + p] = 2 * p;
        }
        return PairBatch.of(a, b, shapes.size());
    }

    /** One valid pair (retried until both shapes pass the store's checks). */
    private static float[][] pair(SplittableRandom rnd, boolean farAllowed, int[] kind, int p) {
        while (true) {
            double scale = Math.pow(10, rnd.nextDouble(-6, 6));
            double cx = 0;
            double cy = 0;
            if (farAllowed && rnd.nextBoolean()) {
                cx = scale * Math.pow(10, rnd.nextDouble(1, 6)) * (rnd.nextBoolean() ? 1 : -1);
                cy = scale * Math.pow(10, rnd.nextDouble(0, 6)) * (rnd.nextBoolean() ? 1 : -1);
            } else if (!farAllowed) {
                cx = scale * rnd.nextDouble(-1, 1);
                cy = scale * rnd.nextDouble(-1, 1);
            }
            int k = rnd.nextInt(5);
            float[][] ab;
            try {
                ab = switch (k) {
                    case 0 -> sharedEdge(rnd, cx, cy, scale);
                    case 1 -> sharedVertex(rnd, cx, cy, scale);
                    case 2 -> vertexOnEdge(rnd, cx, cy, scale);
                    case 3 -> collinear(rnd, cx, cy, scale);
                    default -> randomPair(rnd, cx, cy, scale);
                };
                ConvexPolygons.builder().add(ab[0]).add(ab[1]); // validates both, or throws
            } catch (IllegalArgumentException e) {
                continue; // degenerate at float precision: draw another
            }
            kind[p] = k;
            return rnd.nextBoolean() ? ab : new float[][] {ab[1], ab[0]};
        }
    }

    /** A random convex polygon (sometimes a sliver), CCW. */
    private static float[] polygon(SplittableRandom rnd, double cx, double cy, double scale) {
        int k = rnd.nextInt(8) == 0 ? 9 + rnd.nextInt(24) : 3 + rnd.nextInt(6);
        float[] xy = FindFixtures.convex(rnd, k, cx, cy, scale);
        if (rnd.nextInt(5) == 0) {
            // Sliver: squash along a random direction by 1e-2..1e-5.
            double squash = Math.pow(10, -rnd.nextDouble(2, 5));
            double ang = rnd.nextDouble(Math.PI);
            double ux = Math.cos(ang);
            double uy = Math.sin(ang);
            for (int i = 0; i < xy.length; i += 2) {
                double dx = xy[i] - cx;
                double dy = xy[i + 1] - cy;
                double along = dx * ux + dy * uy;
                double across = (-dx * uy + dy * ux) * squash;
                xy[i] = (float) (cx + along * ux - across * uy);
                xy[i + 1] = (float) (cy + along * uy + across * ux);
            }
        }
        return xy;
    }

    /** B is a quad built on A's edge i reversed, on its outer side. */
    private static float[][] sharedEdge(SplittableRandom rnd, double cx, double cy, double scale) {
        float[] a = polygon(rnd, cx, cy, scale);
        int k = a.length / 2;
        int i = rnd.nextInt(k);
        int n = (i + 1) % k;
        float x0 = a[2 * i];
        float y0 = a[2 * i + 1];
        float x1 = a[2 * n];
        float y1 = a[2 * n + 1];
        double ox = y1 - y0; // outward normal of a CCW edge
        double oy = -(x1 - x0);
        double h = rnd.nextDouble(0.05, 2);
        return new float[][] {a, {x1, y1, x0, y0, (float) (x0 + h * ox), (float) (y0 + h * oy),
                (float) (x1 + h * ox), (float) (y1 + h * oy)}};
    }

    /** B is a triangle with A's vertex i as a vertex, opening outwards. */
    private static float[][] sharedVertex(SplittableRandom rnd, double cx, double cy, double scale) {
        float[] a = polygon(rnd, cx, cy, scale);
        int k = a.length / 2;
        int i = rnd.nextInt(k);
        float vx = a[2 * i];
        float vy = a[2 * i + 1];
        double ox = vx - cx;
        double oy = vy - cy;
        double ang = Math.atan2(oy, ox) + rnd.nextDouble(-0.3, 0.3);
        double spread = rnd.nextDouble(0.05, 0.6);
        double r = scale * rnd.nextDouble(0.2, 2);
        return new float[][] {a, {vx, vy, (float) (vx + r * Math.cos(ang - spread)), (float) (vy + r * Math.sin(ang - spread)),
                (float) (vx + r * Math.cos(ang + spread)), (float) (vy + r * Math.sin(ang + spread))}};
    }

    /** B's apex on A's edge i (rounded), nudged 0..4 ulps in x and y, either way. */
    private static float[][] vertexOnEdge(SplittableRandom rnd, double cx, double cy, double scale) {
        float[] a = polygon(rnd, cx, cy, scale);
        int k = a.length / 2;
        int i = rnd.nextInt(k);
        int n = (i + 1) % k;
        double x0 = a[2 * i];
        double y0 = a[2 * i + 1];
        double x1 = a[2 * n];
        double y1 = a[2 * n + 1];
        double lambda = rnd.nextInt(4) == 0 ? rnd.nextInt(5) / 4.0 : rnd.nextDouble();
        float px = nudge(rnd, (float) (x0 + lambda * (x1 - x0)));
        float py = nudge(rnd, (float) (y0 + lambda * (y1 - y0)));
        double ex = x1 - x0;
        double ey = y1 - y0;
        double len = Math.hypot(ex, ey);
        double ox = ey / len; // outward unit normal
        double oy = -ex / len;
        double r = scale * rnd.nextDouble(0.1, 2);
        double w = rnd.nextDouble(0.05, 1.5);
        float[] b = {px, py,
                (float) (px + r * (ox + w * ex / len)), (float) (py + r * (oy + w * ey / len)),
                (float) (px + r * (ox - w * ex / len)), (float) (py + r * (oy - w * ey / len))};
        return new float[][] {a, b};
    }

    /**
     * Integer-grid polygons scaled by a power of two (so collinear points stay exact): B has an
     * edge on the line of A's edge i, overlapping it partly or wholly, sometimes nudged 0..4 ulps.
     */
    private static float[][] collinear(SplittableRandom rnd, double cx, double cy, double scale) {
        int e = Math.getExponent(scale) - 14;
        double unit = Math.scalb(1.0, e);
        double gx = Math.rint(cx / unit / 64) * 64;
        double gy = Math.rint(cy / unit / 64) * 64;
        float[] raw = FindFixtures.convex(rnd, 3 + rnd.nextInt(6), 0, 0, 1 << 14);
        for (int j = 0; j < raw.length; j++) {
            raw[j] = (float) Math.rint(raw[j] / 4) * 4;
        }
        float[] hull = ConvexPolygons.hull(raw);
        int k = hull.length / 2;
        int i = rnd.nextInt(k);
        int n = (i + 1) % k;
        double x0 = hull[2 * i];
        double y0 = hull[2 * i + 1];
        double ex = hull[2 * n] - x0;
        double ey = hull[2 * n + 1] - y0;
        // Points x0 + (m / 4) e on the edge's line stay on the integer grid (coordinates are multiples of 4).
        int m1 = rnd.nextInt(-2, 5);
        int m2 = m1 + 1 + rnd.nextInt(4);
        double ox = ey;
        double oy = -ex;
        double h = rnd.nextInt(1, 4) / 4.0;
        double[] b = {x0 + m2 / 4.0 * ex, y0 + m2 / 4.0 * ey, x0 + m1 / 4.0 * ex, y0 + m1 / 4.0 * ey,
                x0 + m1 / 4.0 * ex + h * ox, y0 + m1 / 4.0 * ey + h * oy, x0 + m2 / 4.0 * ex + h * ox, y0 + m2 / 4.0 * ey + h * oy};
        float[] a = new float[hull.length];
        for (int j = 0; j < hull.length; j += 2) {
            a[j] = (float) ((gx + hull[j]) * unit);
            a[j + 1] = (float) ((gy + hull[j + 1]) * unit);
        }
        float[] bf = new float[b.length];
        for (int j = 0; j < b.length; j += 2) {
            bf[j] = (float) ((gx + b[j]) * unit);
            bf[j + 1] = (float) ((gy + b[j + 1]) * unit);
        }
        if (rnd.nextBoolean()) {
            int v = rnd.nextInt(2);
            bf[2 * v] = nudge(rnd, bf[2 * v]);
            bf[2 * v + 1] = nudge(rnd, bf[2 * v + 1]);
        }
        return new float[][] {a, bf};
    }

    /** Two random polygons at a random distance: an ordinary pair, mostly outside the band. */
    private static float[][] randomPair(SplittableRandom rnd, double cx, double cy, double scale) {
        double d = scale * rnd.nextDouble(0, 3);
        double ang = rnd.nextDouble(2 * Math.PI);
        return new float[][] {polygon(rnd, cx, cy, scale),
                polygon(rnd, cx + d * Math.cos(ang), cy + d * Math.sin(ang), scale * rnd.nextDouble(0.3, 1.5))};
    }

    /** {@code f} moved 0..4 ulps up or down. */
    private static float nudge(SplittableRandom rnd, float f) {
        int steps = rnd.nextInt(5);
        boolean up = rnd.nextBoolean();
        for (int s = 0; s < steps; s++) {
            f = up ? Math.nextUp(f) : Math.nextDown(f);
        }
        return f;
    }

    /** Batch pair {@code p} as {@code "pair=p (kind): a=.., b=.."} for messages. */
    public static String describe(Scene scene, int p) {
        int a = scene.pairs().shapeA(p);
        int b = scene.pairs().shapeB(p);
        return "pair=" + p + " (" + scene.kindOf(p) + "): a=" + a + " " + java.util.Arrays.toString(scene.shapes().vertices(a))
                + ", b=" + b + " " + java.util.Arrays.toString(scene.shapes().vertices(b));
    }
}
