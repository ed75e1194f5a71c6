package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.shape.RoundedShapes;

/**
 * {@link Sepax#roundedManifolds()} where SIMD can run: the scalar kernel until the SIMD one is
 * warm (see {@link SwitchingKernel}), judged on the private rounded batch
 * ({@link SyntheticScene.Rounded}). Same bits either way; thread-safe; the batch method
 * allocates nothing.
 */
final class SwitchingRoundedManifolds extends SwitchingKernel<RoundedManifoldKernel>
        implements RoundedManifoldKernel {
    /** Margins cycled through: touching only, and a speculative distance. */
    private static final float[] MARGINS = {0f, 0.1f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final Penetrations[] mtvs = new Penetrations[2];
    private final ContactManifolds[] outs = new ContactManifolds[2];
    private final SimplexCache[] caches = new SimplexCache[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorRoundedManifolds}. */
    SwitchingRoundedManifolds(RoundedManifoldKernel scalar, RoundedManifoldKernel simd) {
        super("rounded manifold", "sepax-simd-warm-up-rounded-manifolds", scalar,
                "dev.sepax.simd.VectorRoundedManifolds", RoundedManifoldKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public int manifolds(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin, Penetrations mtv,
                         ContactManifolds out, SimplexCache cache) {
        int r = current.manifolds(shapes, pairs, from, to, margin, mtv, out, cache);
        called();
        return r;
    }

    @Override
    long runRound(RoundedManifoldKernel kernel, int slot, int round) {
        SyntheticScene.Rounded scene = SyntheticScene.Rounded.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            mtvs[slot] = new Penetrations(n);
            outs[slot] = new ContactManifolds(n);
            caches[slot] = new SimplexCache(n);
        }
        ContactManifolds out = outs[slot];
        Penetrations mtv = mtvs[slot];
        float margin = MARGINS[round % MARGINS.length];
        SimplexCache cache = (round & 4) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.manifolds(scene.shapes, scene.pairs, from, to, margin, mtv, out, cache);
        for (int p = from; p < to; p++) {
            int c = out.pointCount(p);
            sum = sum * 31 + c;
            sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
            sum = sum * 31 + Float.floatToRawIntBits(mtv.depth(p));
            for (int i = 0; i < c; i++) {
                sum = sum * 31 + Float.floatToRawIntBits(out.pointX(p, i)) + Float.floatToRawIntBits(out.pointY(p, i));
                sum = sum * 31 + Float.floatToRawIntBits(out.separation(p, i)) + out.id(p, i);
            }
        }
        return sum;
    }
}
