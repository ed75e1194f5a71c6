package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.shape.ConvexPolygons;

/**
 * {@link Sepax#penetration()} where SIMD can run: the scalar kernel until the SIMD one is warm
 * (see {@link SwitchingKernel}). Same bits either way; thread-safe; the batch method allocates
 * nothing.
 */
final class SwitchingPenetration extends SwitchingKernel<PenetrationKernel> implements PenetrationKernel {
    private final Penetrations[] outs = new Penetrations[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorPenetration}. */
    SwitchingPenetration(PenetrationKernel scalar, PenetrationKernel simd) {
        super("penetration", "sepax-simd-warm-up-penetration", scalar, "dev.sepax.simd.VectorPenetration", PenetrationKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean penetration(ConvexPolygons shapes, int a, int b, Penetrations out, int index) {
        boolean r = current.penetration(shapes, a, b, out, index);
        called();
        return r;
    }

    @Override
    public int penetrations(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out) {
        int r = current.penetrations(shapes, pairs, from, to, out);
        called();
        return r;
    }

    @Override
    long runRound(PenetrationKernel kernel, int slot, int round) {
        SyntheticScene scene = SyntheticScene.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new Penetrations(n);
        }
        Penetrations out = outs[slot];
        // Any start is allowed here: a whole batch, and a range with ragged ends; the pairs in
        // the caller's order and grouped by class, so both the per-pair and the lane paths run.
        int from = (round & 1) == 0 ? 0 : 3 + (round & 15);
        int to = (round & 1) == 0 ? n : n - 5;
        long sum = 0;
        for (PairBatch pairs : new PairBatch[] {scene.pairs, scene.groupedPairs}) {
            sum = sum * 31 + kernel.penetrations(scene.shapes, pairs, from, to, out);
            for (int p = 0; p < n; p++) {
                sum = sum * 31 + Float.floatToRawIntBits(out.depths()[p]) + out.axes()[p];
                sum = sum * 31 + Float.floatToRawIntBits(out.normalXs()[p]) + Float.floatToRawIntBits(out.normalYs()[p]);
            }
        }
        for (int p = round & 63; p < n; p += 97) {
            sum = sum * 31 + (kernel.penetration(scene.shapes, scene.pairs.shapeA(p), scene.pairs.shapeB(p), out, p) ? 1 : 0);
        }
        return sum;
    }
}
