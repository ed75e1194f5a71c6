package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.shape.RoundedShapes;

/**
 * {@link Sepax#roundedPenetration()} where SIMD can run: the scalar kernel until the SIMD one is
 * warm (see {@link SwitchingKernel}), judged on the private rounded batch
 * ({@link SyntheticScene.Rounded}). Same bits either way; thread-safe; the batch method
 * allocates nothing.
 */
final class SwitchingRoundedPenetration extends SwitchingKernel<RoundedPenetrationKernel>
        implements RoundedPenetrationKernel {
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final Penetrations[] outs = new Penetrations[2];
    private final SimplexCache[] caches = new SimplexCache[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorRoundedPenetration}. */
    SwitchingRoundedPenetration(RoundedPenetrationKernel scalar, RoundedPenetrationKernel simd) {
        super("rounded penetration", "sepax-simd-warm-up-rounded-penetration", scalar,
                "dev.sepax.simd.VectorRoundedPenetration", RoundedPenetrationKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean penetration(RoundedShapes shapes, int a, int b, Penetrations out, int index) {
        boolean r = current.penetration(shapes, a, b, out, index);
        called();
        return r;
    }

    @Override
    public int penetrations(RoundedShapes shapes, PairBatch pairs, int from, int to, Penetrations out,
                            SimplexCache cache) {
        int r = current.penetrations(shapes, pairs, from, to, out, cache);
        called();
        return r;
    }

    @Override
    long runRound(RoundedPenetrationKernel kernel, int slot, int round) {
        SyntheticScene.Rounded scene = SyntheticScene.Rounded.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new Penetrations(n);
            caches[slot] = new SimplexCache(n);
        }
        Penetrations out = outs[slot];
        // Cold and warm-started, a whole batch and a range that ends mid-word.
        SimplexCache cache = (round & 1) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.penetrations(scene.shapes, scene.pairs, from, to, out, cache);
        for (int p = from; p < to; p++) {
            sum = sum * 31 + Float.floatToRawIntBits(out.depth(p)) + out.axis(p);
            sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
        }
        for (int p = round & 63; p < n; p += 97) {
            int a = scene.pairs.shapeA(p);
            int b = scene.pairs.shapeB(p);
            sum = sum * 31 + (kernel.penetration(scene.shapes, a, b, out, p) ? 1 : 0);
        }
        return sum;
    }
}
