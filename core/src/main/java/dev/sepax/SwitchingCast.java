package dev.sepax;

import dev.sepax.batch.Casts;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.CastKernel;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;

/**
 * {@link Sepax#cast()} where SIMD can run: the scalar kernel until the SIMD one is warm (see
 * {@link SwitchingKernel}), judged on the private rounded batch with its velocities
 * ({@link SyntheticScene.Rounded}). Same bits either way; thread-safe; the batch method
 * allocates nothing.
 */
final class SwitchingCast extends SwitchingKernel<CastKernel> implements CastKernel {
    /** Horizons and tolerances cycled through. */
    private static final float[] T_MAX = {1f, 0.25f};
    private static final float[] TOLERANCE = {0.005f, 0.02f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final Casts[] outs = new Casts[2];
    private final SimplexCache[] caches = new SimplexCache[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorCast}. */
    SwitchingCast(CastKernel scalar, CastKernel simd) {
        super("cast", "sepax-simd-warm-up-cast", scalar, "dev.sepax.simd.VectorCast", CastKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean cast(RoundedShapes shapes, Velocities velocities, int a, int b, float tMax, float tolerance,
                        Casts out, int index) {
        boolean r = current.cast(shapes, velocities, a, b, tMax, tolerance, out, index);
        called();
        return r;
    }

    @Override
    public int casts(RoundedShapes shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     float tolerance, Casts out, SimplexCache cache) {
        int r = current.casts(shapes, velocities, pairs, from, to, tMax, tolerance, out, cache);
        called();
        return r;
    }

    @Override
    long runRound(CastKernel kernel, int slot, int round) {
        SyntheticScene.Rounded scene = SyntheticScene.Rounded.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new Casts(n);
            caches[slot] = new SimplexCache(n);
        }
        Casts out = outs[slot];
        float tMax = T_MAX[round % T_MAX.length];
        float tolerance = TOLERANCE[(round >> 1) % TOLERANCE.length];
        SimplexCache cache = (round & 4) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.casts(scene.shapes, scene.velocities, scene.pairs, from, to, tMax, tolerance, out, cache);
        for (int p = from; p < to; p++) {
            sum = sum * 31 + (out.hit(p) ? 1 : 0) + out.rounds(p) + out.exit(p);
            sum = sum * 31 + Float.floatToRawIntBits(out.time(p));
            sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
        }
        for (int p = round & 63; p < n; p += 97) {
            int a = scene.pairs.shapeA(p);
            int b = scene.pairs.shapeB(p);
            sum = sum * 31 + (kernel.cast(scene.shapes, scene.velocities, a, b, tMax, tolerance, out, p) ? 1 : 0);
        }
        return sum;
    }
}
