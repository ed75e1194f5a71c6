package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;

/**
 * {@link Sepax#overlap()} where SIMD can run: the scalar kernel until the SIMD one is warm (see
 * {@link SwitchingKernel}). Same verdicts either way; stateless for callers and thread-safe; the
 * batch method allocates nothing.
 */
final class SwitchingSat extends SwitchingKernel<SatKernel> implements SatKernel {
    private static final float[] TOLERANCES = {0f, 0.05f, -0.05f};
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final OverlapBits[] bits = new OverlapBits[2];
    private final int[][] caches = new int[2][];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorSat}. */
    SwitchingSat(SatKernel scalar, SatKernel simd) {
        super("overlap", "sepax-simd-warm-up-overlap", scalar, "dev.sepax.simd.VectorSat", SatKernel.class, simd);
    }

    private SwitchingSat(String what, String threadName, SatKernel scalar, String simdClass, SatKernel simd,
                         String simdName, String scalarName) {
        super(what, threadName, scalar, simdClass, SatKernel.class, simd, simdName, scalarName);
    }

    /**
     * The exact-precision switch: {@link ExactSat} until {@code dev.sepax.simd.VectorExactSat}
     * (or {@code simd} when not null) is warm, judged on the same synthetic batch: what differs
     * between the two is the float filter, the exact second pass for in-band pairs being the same
     * code on both paths.
     */
    static SwitchingSat exact(SatKernel simd) {
        return new SwitchingSat("exact overlap", "sepax-simd-warm-up-exact", ExactSat.INSTANCE,
                "dev.sepax.simd.VectorExactSat", simd, "simd-exact", "scalar-exact");
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        boolean r = current.intersects(shapes, a, b, tolerance);
        called();
        return r;
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        int r = current.test(shapes, pairs, from, to, tolerance, out, axisCache);
        called();
        return r;
    }

    @Override
    long runRound(SatKernel kernel, int slot, int round) {
        SyntheticScene scene = SyntheticScene.get();
        int n = scene.pairs.size();
        if (bits[slot] == null) {
            bits[slot] = new OverlapBits(n);
            caches[slot] = new int[n];
        }
        OverlapBits out = bits[slot];
        float tol = TOLERANCES[round % TOLERANCES.length];
        // Whole batch with and without the axis cache, and a range that starts and ends mid-batch.
        int[] cache = (round & 1) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.test(scene.shapes, scene.pairs, from, to, tol, out, cache);
        for (long w : out.words()) {
            sum = sum * 31 + w;
        }
        for (int p = round & 63; p < n; p += 97) {
            sum = sum * 31 + (kernel.intersects(scene.shapes, scene.pairs.shapeA(p), scene.pairs.shapeB(p), tol) ? 1 : 0);
        }
        return sum;
    }
}
