package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullOverlapKernel;

/**
 * {@link Sepax#hullOverlap()} where SIMD can run: the scalar hull kernel until the SIMD one is
 * warm (see {@link SwitchingKernel}), judged on the private hulls of {@link SyntheticScene.Solid}.
 * Same bits either way; thread-safe; the batch method allocates nothing.
 */
final class SwitchingHullOverlap extends SwitchingKernel<HullOverlapKernel> implements HullOverlapKernel {
    /** Tolerances cycled through: touching counts, a widened band, resting contact as apart. */
    private static final float[] TOLERANCES = {0f, 0.05f, -0.02f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final OverlapBits[] outs = new OverlapBits[2];
    private final int[][] caches = new int[2][];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorHullSat}. */
    SwitchingHullOverlap(HullOverlapKernel scalar, HullOverlapKernel simd) {
        super("hull overlap", "sepax-simd-warm-up-hull", scalar, "dev.sepax.simd.VectorHullSat",
                HullOverlapKernel.class, simd, "simd-hull", "scalar-hull");
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean intersects(ConvexPolyhedra shapes, int a, int b, float tolerance) {
        boolean r = current.intersects(shapes, a, b, tolerance);
        called();
        return r;
    }

    @Override
    public int test(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                    int[] axisCache) {
        int r = current.test(shapes, pairs, from, to, tolerance, out, axisCache);
        called();
        return r;
    }

    @Override
    long runRound(HullOverlapKernel kernel, int slot, int round) {
        SyntheticScene.Solid scene = SyntheticScene.Solid.get();
        int n = scene.hullPairs.size();
        if (outs[slot] == null) {
            outs[slot] = new OverlapBits(n);
            caches[slot] = new int[n];
        }
        OverlapBits out = outs[slot];
        float tolerance = TOLERANCES[round % TOLERANCES.length];
        // With the axis cache (warm after the first round) and without; whole and partial ranges.
        int[] cache = (round & 4) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.test(scene.hulls, scene.hullPairs, from, to, tolerance, out, cache);
        long[] words = out.words();
        for (int w = from >>> 6; w < (to + 63) >>> 6; w++) {
            sum = sum * 31 + words[w];
        }
        for (int p = round & 63; p < n; p += 97) {
            int a = scene.hullPairs.shapeA(p);
            int b = scene.hullPairs.shapeB(p);
            sum = sum * 31 + (kernel.intersects(scene.hulls, a, b, tolerance) ? 1 : 0);
        }
        return sum;
    }
}
