package dev.sepax.narrow;

import dev.sepax.batch.Casts;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;

/**
 * The scalar reference {@link CastKernel}: per pair, rounds of {@link ScalarDistance}'s GJK at
 * the current time and {@link #advance}, until a round ends the cast. Its bits are the ones every
 * other cast kernel reproduces. Cost: one GJK per round; a face approach ends in one or two
 * rounds, a grazing one in more (see the bench). Stateless, thread-safe, allocation-free.
 */
public final class ScalarCast implements CastKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarCast INSTANCE = new ScalarCast();
    /** Most advancement rounds (GJK runs) per pair. */
    public static final int MAX_ROUNDS = 64;

    private ScalarCast() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public boolean cast(RoundedShapes shapes, Velocities velocities, int a, int b, float tMax, float tolerance,
                        Casts out, int index) {
        CastKernel.checkPair(shapes, velocities, a, b, tMax, tolerance, out, index);
        return pair(shapes.arrays(), velocities.vxs(), velocities.vys(), a, b, tMax, tolerance, null, index, out);
    }

    @Override
    public int casts(RoundedShapes shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     float tolerance, Casts out, SimplexCache cache) {
        CastKernel.checkBatch(shapes, velocities, pairs, from, to, tMax, tolerance, out, cache);
        RoundedArrays s = shapes.arrays();
        float[] vx = velocities.vxs();
        float[] vy = velocities.vys();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += pair(s, vx, vy, pa[p], pb[p], tMax, tolerance, cache, p, out) ? 1 : 0;
        }
        return hits;
    }

    private static boolean pair(RoundedArrays s, float[] vx, float[] vy, int a, int b, float tMax, float tolerance,
                                SimplexCache cache, int p, Casts out) {
        float ux = vx[b] - vx[a];
        float uy = vy[b] - vy[a];
        start(out, p);
        do {
            float t = out.times()[p];
            ScalarDistance.pair(s, a, b, t * ux, t * uy, cache, p, out.atTime(), null);
        } while (!advance(out, p, ux, uy, tMax, tolerance));
        return out.exits()[p] == Casts.EXIT_HIT;
    }

    /** Entry {@code p} at time 0, no round yet, running. Public for the SIMD kernel. */
    public static void start(Casts out, int p) {
        out.times()[p] = 0f;
        out.normalXs()[p] = 0f;
        out.normalYs()[p] = 0f;
        out.roundCounts()[p] = 0;
        out.exits()[p] = Casts.EXIT_RUNNING;
    }

    /**
     * One advancement step of entry {@code p}, after the round's distance query at
     * {@code times()[p]} was written to {@code out.atTime()}: the table of {@link CastKernel}.
     * Public only so that the SIMD kernel advances exactly so; not an API for callers.
     *
     * @return true if the cast of this pair has ended
     */
    public static boolean advance(Casts out, int p, float ux, float uy, float tMax, float tolerance) {
        Distances d = out.atTime();
        float dist = d.distances()[p];
        float nx = d.normalXs()[p];
        float ny = d.normalYs()[p];
        int round = ++out.roundCounts()[p];
        if (nx != 0 || ny != 0) {
            // A round that lands exactly in touching has no normal of its own (cores touching):
            // the previous round's approach normal stays.
            out.normalXs()[p] = nx;
            out.normalYs()[p] = ny;
        }
        if (dist <= tolerance) {
            out.exits()[p] = Casts.EXIT_HIT;
            return true;
        }
        float approach = -(nx * ux + ny * uy);
        if (!(approach > 0)) {
            out.exits()[p] = Casts.EXIT_SEPARATING;
            return true;
        }
        float next = out.times()[p] + dist / approach;
        if (!(next <= tMax)) {
            out.exits()[p] = Casts.EXIT_BEYOND;
            return true;
        }
        if (round == MAX_ROUNDS) {
            out.exits()[p] = Casts.EXIT_ROUND_CAP;
            return true;
        }
        out.times()[p] = next;
        return false;
    }
}
