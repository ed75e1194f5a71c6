package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.OrientedBoxes;

/**
 * {@link Sepax#boxOverlap()} where SIMD can run: the scalar 15-axis box test until the SIMD one
 * is warm (see {@link SwitchingKernel}), judged on the private boxes of
 * {@link SyntheticScene.Solid}. Same bits either way; thread-safe; the batch method allocates
 * nothing.
 */
final class SwitchingBoxOverlap extends SwitchingKernel<BoxOverlapKernel> implements BoxOverlapKernel {
    /** Tolerances cycled through: touching counts, a widened band, resting contact as apart. */
    private static final float[] TOLERANCES = {0f, 0.05f, -0.02f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final OverlapBits[] outs = new OverlapBits[2];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorObbSat}. */
    SwitchingBoxOverlap(BoxOverlapKernel scalar, BoxOverlapKernel simd) {
        super("box overlap", "sepax-simd-warm-up-box", scalar, "dev.sepax.simd.VectorObbSat",
                BoxOverlapKernel.class, simd, "simd-obb", "scalar-obb");
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean intersects(OrientedBoxes boxes, int a, int b, float tolerance) {
        boolean r = current.intersects(boxes, a, b, tolerance);
        called();
        return r;
    }

    @Override
    public int test(OrientedBoxes boxes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out) {
        int r = current.test(boxes, pairs, from, to, tolerance, out);
        called();
        return r;
    }

    @Override
    long runRound(BoxOverlapKernel kernel, int slot, int round) {
        SyntheticScene.Solid scene = SyntheticScene.Solid.get();
        int n = scene.boxPairs.size();
        if (outs[slot] == null) {
            outs[slot] = new OverlapBits(n);
        }
        OverlapBits out = outs[slot];
        float tolerance = TOLERANCES[round % TOLERANCES.length];
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.test(scene.boxes, scene.boxPairs, from, to, tolerance, out);
        long[] words = out.words();
        for (int w = from >>> 6; w < (to + 63) >>> 6; w++) {
            sum = sum * 31 + words[w];
        }
        for (int p = round & 63; p < n; p += 97) {
            int a = scene.boxPairs.shapeA(p);
            int b = scene.boxPairs.shapeB(p);
            sum = sum * 31 + (kernel.intersects(scene.boxes, a, b, tolerance) ? 1 : 0);
        }
        return sum;
    }
}
