package dev.sepax.bench;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import java.util.SplittableRandom;

/**
 * Seeded scenes for the demo and the benchmarks.
 *
 * <p>The standard workload {@code Wk}: 4096 random convex k-gons (regular polygons with jittered
 * angles and radii, randomly rotated, scattered over a square) and 32 768 candidate pairs drawn
 * the way a broad phase would hand them over: pairs whose AABBs, fattened by a margin, overlap.
 * The margin is tuned so that about half of the pairs truly intersect.
 */
public final class Workloads {
    /** AABB fattening for candidate pairs, tuned so that about half the pairs intersect. */
    static final float MARGIN = 1.5f;

    private Workloads() {}

    /** A scene: shapes plus candidate pairs. */
    public record Scene(String name, ConvexPolygons shapes, PairBatch pairs) {}

    /** One random convex polygon with exactly {@code k} vertices around {@code (cx, cy)}. */
    public static float[] randomConvex(SplittableRandom rnd, int k, float cx, float cy, float radius) {
        // Sorted random angles on a circle give a convex polygon; jitter within sectors keeps
        // vertices apart so none is dropped as a duplicate or collinear.
        float[] xy = new float[2 * k];
        double phase = rnd.nextDouble(2 * Math.PI);
        double stretch = 0.6 + 0.4 * rnd.nextDouble();
        for (int i = 0; i < k; i++) {
            double t = phase + 2 * Math.PI * (i + 0.15 + 0.7 * rnd.nextDouble()) / k;
            xy[2 * i] = (float) (cx + radius * Math.cos(t));
            xy[2 * i + 1] = (float) (cy + radius * stretch * Math.sin(t));
        }
        return xy;
    }

    /**
     * The touching workload {@code Tk}: 32 768 pairs of random convex k-gons (16 384 tiles, each
     * pair in both orders) that touch exactly, so that every pair lies within the float band
     * at tolerance 0. Coordinates sit on a grid of {@code 2^-8} with at most 17 integer bits, so
     * the second shape of a tile is an exact float image of the first: its point reflection
     * through one of the first's vertices (the shapes share that vertex and nothing else) or
     * through the midpoint of one of its edges (they share that edge).
     */
    public static Scene touching(int k, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int tiles = 16_384;
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        float[] grid = new float[2 * k];
        // Radius grows with k so that the 2^-8 grid keeps every vertex strictly convex.
        float radius = Math.max(1, k / 8f);
        float pitch = 4 * radius;
        for (int t = 0; t < tiles; t++) {
            float ox = pitch * (t & 127);
            float oy = pitch * (t >>> 7);
            float[] a = null;
            for (int attempt = 0; a == null; attempt++) {
                if (attempt == 1000) {
                    throw new IllegalStateException("T" + k + ": no grid polygon keeps " + k + " vertices");
                }
                float[] raw = randomConvex(rnd, k, 0, 0, radius);
                for (int i = 0; i < raw.length; i++) {
                    grid[i] = Math.round(raw[i] * 256) / 256f;
                }
                float[] h = ConvexPolygons.hull(grid);
                // Rounding and the store's cleaning must keep all k vertices.
                a = h.length == 2 * k && ConvexPolygons.of(h).count(0) == k ? h : null;
            }
            int i = rnd.nextInt(k);
            int n = (i + 1) % k;
            boolean edge = rnd.nextBoolean();
            // The centre of the point reflection, doubled: 2v, or a_i + a_n (both exact).
            float cx2 = edge ? a[2 * i] + a[2 * n] : 2 * a[2 * i];
            float cy2 = edge ? a[2 * i + 1] + a[2 * n + 1] : 2 * a[2 * i + 1];
            float[] bxy = new float[a.length];
            for (int j = 0; j < a.length; j += 2) {
                bxy[j] = cx2 - a[j] + ox;
                bxy[j + 1] = cy2 - a[j + 1] + oy;
                a[j] += ox;
                a[j + 1] += oy;
            }
            b.add(a);
            b.add(bxy);
        }
        ConvexPolygons shapes = b.build();
        PairBatch pairs = new PairBatch(shapes, 2 * tiles);
        for (int t = 0; t < tiles; t++) {
            pairs.add(2 * t, 2 * t + 1);
        }
        for (int t = 0; t < tiles; t++) {
            pairs.add(2 * t + 1, 2 * t);
        }
        return new Scene("T" + k, shapes, pairs);
    }

    /** The standard workload Wk with the given seed. */
    public static Scene standard(int k, long seed) {
        return scene("W" + k, 4096, k, k, 32_768, seed);
    }

    /**
     * {@code n} random convex polygons with {@code kMin..kMax} vertices (radius 1) scattered
     * uniformly over a square sized so that a margin-0 broad phase finds about
     * {@code pairsPerShape} candidate pairs per shape. {@code progress}, when not null, is told
     * how many shapes are done (every 10 000).
     */
    public static ConvexPolygons field(int n, int kMin, int kMax, double pairsPerShape, long seed,
                                       java.util.function.IntConsumer progress) {
        SplittableRandom rnd = new SplittableRandom(seed);
        // Boxes of about 1.9 x 1.5 overlap when centres are within (3.8 x 3.0): about 11.4 / side^2
        // partners per shape and density; half of that is pairs per shape.
        double side = Math.sqrt(n * 5.7 / pairsPerShape);
        // Store the shapes in Morton (Z) order of their centres, as an engine that keeps its bodies
        // spatially sorted would: a broad-phase pair then names two shapes that sit near each
        // other in memory, instead of two random cache misses in a 100 MB store.
        long[] keyed = new long[n];
        double[] cx = new double[n];
        double[] cy = new double[n];
        for (int s = 0; s < n; s++) {
            cx[s] = rnd.nextDouble() * side;
            cy[s] = rnd.nextDouble() * side;
            long qx = (long) (cx[s] / side * 65535);
            long qy = (long) (cy[s] / side * 65535);
            keyed[s] = (interleave(qx) | interleave(qy) << 1) << 25 | s;
        }
        java.util.Arrays.sort(keyed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < n; i++) {
            int s = (int) (keyed[i] & 0x1FFFFFF);
            int k = kMin + rnd.nextInt(kMax - kMin + 1);
            b.add(randomConvex(rnd, k, (float) cx[s], (float) cy[s], 1f));
            if (progress != null && (i + 1) % 10_000 == 0) {
                progress.accept(i + 1);
            }
        }
        return b.build();
    }

    /** Spreads the low 16 bits of {@code v} to the even bit positions. */
    private static long interleave(long v) {
        v &= 0xFFFF;
        v = (v | (v << 8)) & 0x00FF00FFL;
        v = (v | (v << 4)) & 0x0F0F0F0FL;
        v = (v | (v << 2)) & 0x33333333L;
        v = (v | (v << 1)) & 0x55555555L;
        return v;
    }

    /**
     * {@code n} random convex polygons with {@code kMin..kMax} vertices and up to
     * {@code pairCount} candidate pairs from fattened-AABB overlap.
     */
    public static Scene scene(String name, int n, int kMin, int kMax, int pairCount, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        // Density: about 8 candidate pairs per shape on a side-L square with radius 1 shapes.
        double side = Math.sqrt(n * Math.PI * 4.0 / (2.0 * pairCount / n) ) * 1.0;
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int s = 0; s < n; s++) {
            int k = kMin + rnd.nextInt(kMax - kMin + 1);
            b.add(randomConvex(rnd, k, (float) (rnd.nextDouble() * side), (float) (rnd.nextDouble() * side), 1f));
        }
        ConvexPolygons shapes = b.build();
        PairBatch pairs = new PairBatch(shapes, pairCount);
        // Candidate pairs: random shape a, then partners near it (fattened AABB overlap).
        float margin = MARGIN;
        int[] order = sortedByMinX(shapes);
        int attempts = 0;
        while (pairs.size() < pairCount && attempts < 50 * pairCount) {
            attempts++;
            int a = rnd.nextInt(n);
            int bIdx = order[Math.floorMod(indexOf(order, shapes, a) + rnd.nextInt(-24, 25), n)];
            if (a != bIdx && fatOverlap(shapes, a, bIdx, margin)) {
                pairs.add(a, bIdx);
            }
        }
        return new Scene(name, shapes, pairs);
    }

    private static boolean fatOverlap(ConvexPolygons s, int a, int b, float m) {
        return s.minX(a) - m <= s.maxX(b) && s.minX(b) - m <= s.maxX(a)
                && s.minY(a) - m <= s.maxY(b) && s.minY(b) - m <= s.maxY(a);
    }

    private static int[] sortedByMinX(ConvexPolygons s) {
        Integer[] idx = new Integer[s.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, (p, q) -> Float.compare(s.minX(p), s.minX(q)));
        int[] out = new int[idx.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    private static int indexOf(int[] order, ConvexPolygons s, int a) {
        // Binary search on minX, then a short scan for the exact index.
        int lo = 0;
        int hi = order.length - 1;
        float key = s.minX(a);
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (s.minX(order[mid]) < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < order.length; i++) {
            if (order[i] == a) {
                return i;
            }
        }
        return lo;
    }
}
