package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;

/**
 * {@link Sepax#hullPenetration()} where SIMD can run: the scalar 3D MTV kernel until the SIMD one
 * is warm (see {@link SwitchingKernel}), judged on the private hulls of
 * {@link SyntheticScene.Solid}. Same bits either way; thread-safe; the batch method allocates
 * nothing.
 */
final class SwitchingHullPenetration extends SwitchingKernel<HullPenetrationKernel> implements HullPenetrationKernel {
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final HullPenetrations[] outs = new HullPenetrations[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorHullPenetration}. */
    SwitchingHullPenetration(HullPenetrationKernel scalar, HullPenetrationKernel simd) {
        super("hull penetration", "sepax-simd-warm-up-hull-mtv", scalar, "dev.sepax.simd.VectorHullPenetration",
                HullPenetrationKernel.class, simd, "simd-hull-mtv", "scalar-hull-mtv");
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean penetration(ConvexPolyhedra shapes, int a, int b, HullPenetrations out, int index) {
        boolean r = current.penetration(shapes, a, b, out, index);
        called();
        return r;
    }

    @Override
    public int penetrations(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, HullPenetrations out) {
        int r = current.penetrations(shapes, pairs, from, to, out);
        called();
        return r;
    }

    @Override
    long runRound(HullPenetrationKernel kernel, int slot, int round) {
        SyntheticScene.Solid scene = SyntheticScene.Solid.get();
        int n = scene.hullPairs.size();
        if (outs[slot] == null) {
            outs[slot] = new HullPenetrations(n);
        }
        HullPenetrations out = outs[slot];
        // A whole batch, and a range with ragged ends.
        int from = (round & 1) == 0 ? 0 : 3 + (round & 15);
        int to = (round & 1) == 0 ? n : n - 5;
        long sum = kernel.penetrations(scene.hulls, scene.hullPairs, from, to, out);
        for (int p = from; p < to; p++) {
            sum = sum * 31 + Float.floatToRawIntBits(out.depths()[p]) + out.axes()[p];
            sum = sum * 31 + Float.floatToRawIntBits(out.normalXs()[p]) + Float.floatToRawIntBits(out.normalYs()[p])
                    + Float.floatToRawIntBits(out.normalZs()[p]);
        }
        for (int p = round & 63; p < n; p += 97) {
            int a = scene.hullPairs.shapeA(p);
            int b = scene.hullPairs.shapeB(p);
            sum = sum * 31 + (kernel.penetration(scene.hulls, a, b, out, p) ? 1 : 0);
        }
        return sum;
    }
}
