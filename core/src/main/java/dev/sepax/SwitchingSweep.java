package dev.sepax;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

/**
 * {@link Sepax#sweep()} where SIMD can run: the scalar kernel until the SIMD one is warm (see
 * {@link SwitchingKernel}). Same bits either way; thread-safe; the batch method allocates
 * nothing.
 */
final class SwitchingSweep extends SwitchingKernel<SweepKernel> implements SweepKernel {
    private static final float[] WINDOWS = {1f, 0.25f, 4f};
    private final SweepResults[] outs = new SweepResults[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorSweep}. */
    SwitchingSweep(SweepKernel scalar, SweepKernel simd) {
        super("sweep", "sepax-simd-warm-up-sweep", scalar, "dev.sepax.simd.VectorSweep", SweepKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     SweepResults out) {
        int r = current.sweep(shapes, velocities, pairs, from, to, tMax, out);
        called();
        return r;
    }

    @Override
    long runRound(SweepKernel kernel, int slot, int round) {
        SyntheticScene scene = SyntheticScene.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new SweepResults(n);
        }
        SweepResults out = outs[slot];
        int from = (round & 1) == 0 ? 0 : 64;
        int to = (round & 1) == 0 ? n : n - 9;
        long sum = kernel.sweep(scene.shapes, scene.velocities, scene.pairs, from, to,
                WINDOWS[round % WINDOWS.length], out);
        for (long w : out.hits().words()) {
            sum = sum * 31 + w;
        }
        for (int p = 0; p < n; p++) {
            if (out.hit(p)) {
                sum = sum * 31 + Float.floatToRawIntBits(out.tFirst(p)) + Float.floatToRawIntBits(out.tLast(p));
                sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
            }
        }
        return sum;
    }
}
