package dev.sepax.simd;

import dev.sepax.batch.Casts;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.CastKernel;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;

/**
 * The Vector API {@link CastKernel}: bit for bit the results of {@link ScalarCast}.
 *
 * <p>Rounds over the batch instead of rounds per pair: in each round, every pair still running
 * goes into {@link VectorDistance}'s lanes with B's core moved to its current time (the offset is
 * added when the lanes are packed, as the scalar kernel adds it to every B point), and after each
 * group every lane takes its {@link ScalarCast#advance} step. A pair's rounds are the same
 * computations in the same order as in the scalar kernel (its GJK reads only its own cache
 * entry), so the bits are the same; what changes is that L pairs' GJK iterations run at once.
 * Pairs with a shape of more than 64 core points run the scalar round.
 *
 * <p>Thread-safe: a batch borrows its scratch from the bounded {@link KernelScratch} pool, as
 * {@link VectorDistance} does, and runs the scalar rounds (same bits) when the pool is empty;
 * allocation-free in steady state.
 */
public final class VectorCast implements CastKernel {
    /** The shared instance, found by {@code Sepax.cast()}. */
    public static final VectorCast INSTANCE = new VectorCast();
    private static final int L = VectorSupport.F.length();

    private VectorCast() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public boolean cast(RoundedShapes shapes, Velocities velocities, int a, int b, float tMax, float tolerance,
                        Casts out, int index) {
        return ScalarCast.INSTANCE.cast(shapes, velocities, a, b, tMax, tolerance, out, index);
    }

    @Override
    public int casts(RoundedShapes shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     float tolerance, Casts out, SimplexCache cache) {
        CastKernel.checkBatch(shapes, velocities, pairs, from, to, tMax, tolerance, out, cache);
        RoundedArrays s = shapes.arrays();
        int[] count = s.count();
        float[] vx = velocities.vxs();
        float[] vy = velocities.vys();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        for (int p = from; p < to; p++) {
            ScalarCast.start(out, p);
        }
        KernelScratch sc = KernelScratch.take();
        try {
            return casts(s, count, vx, vy, pa, pb, from, to, tMax, tolerance, out, cache,
                    sc == null ? null : sc.gjk());
        } finally {
            if (sc != null) {
                KernelScratch.give(sc);
            }
        }
    }

    /**
     * The rounds of the batch; {@code g} null (the scratch pool was empty) sends every pair
     * through the scalar kernel, same bits.
     */
    private static int casts(RoundedArrays s, int[] count, float[] vx, float[] vy, int[] pa, int[] pb, int from,
                             int to, float tMax, float tolerance, Casts out, SimplexCache cache, GjkLanes g) {
        int[] exits = out.exits();
        float[] times = out.times();
        // Every round ends each running pair's cast or counts one of its rounds: the bound is a backstop.
        for (int round = 0; round < ScalarCast.MAX_ROUNDS; round++) {
            boolean running = false;
            int lanes = 0;
            for (int p = from; p < to; p++) {
                if (exits[p] != Casts.EXIT_RUNNING) {
                    continue;
                }
                running = true;
                int a = pa[p];
                int b = pb[p];
                float ux = vx[b] - vx[a];
                float uy = vy[b] - vy[a];
                float t = times[p];
                if (g == null || count[a] > GjkLanes.MAX_POINTS || count[b] > GjkLanes.MAX_POINTS) {
                    ScalarDistance.pair(s, a, b, t * ux, t * uy, cache, p, out.atTime(), null);
                    ScalarCast.advance(out, p, ux, uy, tMax, tolerance);
                    continue;
                }
                g.pair[lanes] = p;
                g.a[lanes] = a;
                g.b[lanes] = b;
                g.ox[lanes] = t * ux;
                g.oy[lanes] = t * uy;
                lanes++;
                if (lanes == L) {
                    group(s, g, L, vx, vy, tMax, tolerance, cache, out);
                    lanes = 0;
                }
            }
            if (lanes > 0) {
                group(s, g, lanes, vx, vy, tMax, tolerance, cache, out);
            }
            if (!running) {
                break;
            }
        }
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += exits[p] == Casts.EXIT_HIT ? 1 : 0;
        }
        return hits;
    }

    private static void group(RoundedArrays s, GjkLanes g, int lanes, float[] vx, float[] vy, float tMax,
                              float tolerance, SimplexCache cache, Casts out) {
        VectorDistance.group(s, g, lanes, cache, out.atTime(), null);
        for (int l = 0; l < lanes; l++) {
            int a = g.a[l];
            int b = g.b[l];
            ScalarCast.advance(out, g.pair[l], vx[b] - vx[a], vy[b] - vy[a], tMax, tolerance);
        }
    }
}
