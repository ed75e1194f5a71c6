package dev.sepax.bench;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.RoundedShapes;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded rounded scenes for the distance benchmarks.
 *
 * <p>The rounded workload {@code R8}: 4096 shapes of overall size about 1, a third each circles
 * (radius 0.4..1), capsules (half-length 0.3..0.8, radius 0.2..0.5, random direction) and
 * random convex 8-gons (radius 1), scattered over a square, with 32 768 candidate pairs drawn
 * as a broad phase would: near neighbours whose bounding boxes, fattened by
 * {@link Workloads#MARGIN}, overlap.
 */
public final class RoundedWorkloads {
    private RoundedWorkloads() {}

    /** A rounded scene: shapes plus candidate pairs, with the parameters each shape was made from. */
    public record Scene(String name, RoundedShapes shapes, PairBatch pairs) {}

    /** The rounded workload R8 with the given seed. */
    public static Scene r8(long seed) {
        int n = 4096;
        int pairCount = 32_768;
        SplittableRandom rnd = new SplittableRandom(seed);
        double side = Math.sqrt(n * Math.PI * 4.0 / (2.0 * pairCount / n));
        RoundedShapes.Builder b = RoundedShapes.builder();
        float[][] box = new float[n][];
        for (int s = 0; s < n; s++) {
            float cx = (float) (rnd.nextDouble() * side);
            float cy = (float) (rnd.nextDouble() * side);
            switch (s % 3) {
                case 0 -> {
                    float r = (float) rnd.nextDouble(0.4, 1);
                    b.circle(cx, cy, r);
                    box[s] = new float[] {cx - r, cy - r, cx + r, cy + r};
                }
                case 1 -> {
                    double h = rnd.nextDouble(0.3, 0.8);
                    float r = (float) rnd.nextDouble(0.2, 0.5);
                    double t = rnd.nextDouble(Math.PI);
                    float dx = (float) (h * Math.cos(t));
                    float dy = (float) (h * Math.sin(t));
                    b.capsule(cx - dx, cy - dy, cx + dx, cy + dy, r);
                    box[s] = new float[] {cx - Math.abs(dx) - r, cy - Math.abs(dy) - r, cx + Math.abs(dx) + r,
                        cy + Math.abs(dy) + r};
                }
                default -> {
                    float[] xy = Workloads.randomConvex(rnd, 8, cx, cy, 1f);
                    b.polygon(xy);
                    box[s] = new float[] {cx - 1, cy - 1, cx + 1, cy + 1};
                }
            }
        }
        RoundedShapes shapes = b.build();
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (p, q) -> Float.compare(box[p][0], box[q][0]));
        int[] rank = new int[n];
        for (int i = 0; i < n; i++) {
            rank[idx[i]] = i;
        }
        PairBatch pairs = new PairBatch(n, pairCount);
        float m = Workloads.MARGIN;
        int attempts = 0;
        while (pairs.size() < pairCount && attempts < 50 * pairCount) {
            attempts++;
            int a = rnd.nextInt(n);
            int c = idx[Math.floorMod(rank[a] + rnd.nextInt(-24, 25), n)];
            float[] p = box[a];
            float[] q = box[c];
            if (a != c && p[0] - m <= q[2] && q[0] - m <= p[2] && p[1] - m <= q[3] && q[1] - m <= p[3]) {
                pairs.add(a, c);
            }
        }
        return new Scene("R8", shapes, pairs);
    }
}
