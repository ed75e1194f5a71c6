package dev.sepax;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.shape.RoundedShapes;

/**
 * {@link Sepax#distance()} where SIMD can run: the scalar kernel until the SIMD one is warm (see
 * {@link SwitchingKernel}), judged on a private rounded batch ({@link SyntheticScene.Rounded}).
 * Same bits either way; thread-safe; the batch method allocates nothing.
 */
final class SwitchingDistance extends SwitchingKernel<DistanceKernel> implements DistanceKernel {
    // Warm-up buffers, used by one warm-up thread only: slot 0 scalar, 1 SIMD.
    private final Distances[] outs = new Distances[2];
    private final SimplexCache[] caches = new SimplexCache[2];

    /** This switch in each {@link GjkAcceleration} (this one at its own kernel's). */
    private final DistanceKernel[] modes = new DistanceKernel[GjkAcceleration.values().length];

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorDistance}. */
    SwitchingDistance(DistanceKernel scalar, DistanceKernel simd) {
        super("distance", "sepax-simd-warm-up-distance", scalar, "dev.sepax.simd.VectorDistance",
                DistanceKernel.class, simd);
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            modes[mode.ordinal()] = mode == scalar.acceleration() ? this : new Accelerated(mode);
        }
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public GjkAcceleration acceleration() {
        return current.acceleration();
    }

    @Override
    public DistanceKernel withAcceleration(GjkAcceleration mode) {
        return modes[mode.ordinal()];
    }

    /**
     * The switch with another acceleration: whichever kernel the switch serves, in that mode
     * (its shared instance, {@code withAcceleration}); calls count towards the switch's warm-up.
     */
    private final class Accelerated implements DistanceKernel {
        private final GjkAcceleration mode;

        Accelerated(GjkAcceleration mode) {
            this.mode = mode;
        }

        @Override
        public String name() {
            return settledName();
        }

        @Override
        public GjkAcceleration acceleration() {
            return mode;
        }

        @Override
        public DistanceKernel withAcceleration(GjkAcceleration other) {
            return SwitchingDistance.this.withAcceleration(other);
        }

        @Override
        public boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index) {
            boolean r = current.withAcceleration(mode).distance(shapes, a, b, out, index);
            called();
            return r;
        }

        @Override
        public int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out,
                             SimplexCache cache) {
            int r = current.withAcceleration(mode).distances(shapes, pairs, from, to, out, cache);
            called();
            return r;
        }
    }

    @Override
    public boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index) {
        boolean r = current.distance(shapes, a, b, out, index);
        called();
        return r;
    }

    @Override
    public int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache) {
        int r = current.distances(shapes, pairs, from, to, out, cache);
        called();
        return r;
    }

    @Override
    long runRound(DistanceKernel kernel, int slot, int round) {
        SyntheticScene.Rounded scene = SyntheticScene.Rounded.get();
        int n = scene.pairs.size();
        if (outs[slot] == null) {
            outs[slot] = new Distances(n);
            caches[slot] = new SimplexCache(n);
        }
        Distances out = outs[slot];
        // Cold and warm-started (the cache holds the last round's simplices), a whole batch and
        // a range that starts on a word boundary and ends mid-word.
        SimplexCache cache = (round & 1) == 0 ? caches[slot] : null;
        int from = (round & 2) == 0 ? 0 : 64;
        int to = (round & 2) == 0 ? n : n - 7;
        long sum = kernel.distances(scene.shapes, scene.pairs, from, to, out, cache);
        for (int p = from; p < to; p++) {
            sum = sum * 31 + Float.floatToRawIntBits(out.distance(p));
            sum = sum * 31 + Float.floatToRawIntBits(out.pointAX(p)) + Float.floatToRawIntBits(out.pointAY(p));
            sum = sum * 31 + Float.floatToRawIntBits(out.pointBX(p)) + Float.floatToRawIntBits(out.pointBY(p));
            sum = sum * 31 + Float.floatToRawIntBits(out.normalX(p)) + Float.floatToRawIntBits(out.normalY(p));
        }
        for (int p = round & 63; p < n; p += 97) {
            sum = sum * 31 + (kernel.distance(scene.shapes, scene.pairs.shapeA(p), scene.pairs.shapeB(p), out, p) ? 1 : 0);
        }
        return sum;
    }
}
