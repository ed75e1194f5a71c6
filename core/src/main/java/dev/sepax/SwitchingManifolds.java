package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.shape.ConvexPolygons;

/**
 * {@link Sepax#manifolds()} where SIMD can run: the scalar kernel until the SIMD one is warm (see
 * {@link SwitchingKernel}). Same bits either way; thread-safe; the batch methods allocate nothing.
 */
final class SwitchingManifolds extends SwitchingKernel<ManifoldKernel> implements ManifoldKernel {
    /** Margins cycled through: touching only, and a speculative distance. */
    private static final float[] MARGINS = {0f, 0.1f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final ContactManifolds[] outs = new ContactManifolds[2];
    private OverlapBits selected;

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorManifolds}. */
    SwitchingManifolds(ManifoldKernel scalar, ManifoldKernel simd) {
        super("manifold", "sepax-simd-warm-up-manifolds", scalar, "dev.sepax.simd.VectorManifolds",
                ManifoldKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, int from, int to, float margin, ContactManifolds out) {
        int r = current.manifolds(shapes, pairs, from, to, margin, out);
        called();
        return r;
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to, float margin,
                         ContactManifolds out) {
        int r = current.manifolds(shapes, pairs, selected, from, to, margin, out);
        called();
        return r;
    }

    @Override
    long runRound(ManifoldKernel kernel, int slot, int round) {
        SyntheticScene scene = SyntheticScene.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new ContactManifolds(n);
        }
        if (selected == null) {
            // Every third pair: the selected form's skipping, on a fixed pattern.
            selected = new OverlapBits(n);
            for (int p = 0; p < n; p += 3) {
                selected.set(p, true);
            }
        }
        ContactManifolds out = outs[slot];
        float margin = MARGINS[round % MARGINS.length];
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = 0;
        // The caller's order (per-pair paths) and pairs grouped by class (lane paths).
        for (PairBatch pairs : new PairBatch[] {scene.pairs, scene.groupedPairs}) {
            sum = sum * 31 + ((round & 4) == 0 ? kernel.manifolds(scene.shapes, pairs, from, to, margin, out)
                    : kernel.manifolds(scene.shapes, pairs, selected, from, to, margin, out));
            for (int p = from; p < to; p++) {
                int c = out.pointCount(p);
                sum = sum * 31 + c;
                sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
                for (int i = 0; i < c; i++) {
                    sum = sum * 31 + Float.floatToRawIntBits(out.pointX(p, i)) + Float.floatToRawIntBits(out.pointY(p, i));
                    sum = sum * 31 + Float.floatToRawIntBits(out.separation(p, i)) + out.id(p, i);
                }
            }
        }
        return sum;
    }
}
