package dev.sepax;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.TransformKernel;

/**
 * {@link Sepax#transform()} where SIMD can run: the scalar pose transform until the SIMD one is
 * warm (see {@link SwitchingKernel}), judged on the synthetic polygons ({@link SyntheticScene})
 * under poses that turn every round. Same bits either way; thread-safe as the kernels are (a
 * world store is written by one caller at a time); {@link #transform} allocates nothing.
 */
final class SwitchingTransform extends SwitchingKernel<TransformKernel> implements TransformKernel {
    // Warm-up state, used by one warm-up thread only: world stores slot 0 scalar, 1 SIMD.
    private final ConvexPolygons[] worlds = new ConvexPolygons[2];
    private Poses poses;

    /** See {@link SwitchingKernel#SwitchingKernel}: {@code simd} null loads {@code dev.sepax.simd.VectorTransform}. */
    SwitchingTransform(TransformKernel scalar, TransformKernel simd) {
        super("transform", "sepax-simd-warm-up-transform", scalar, "dev.sepax.simd.VectorTransform",
                TransformKernel.class, simd);
    }

    @Override
    public String name() {
        return settledName();
    }

    @Override
    public void transform(Poses poses, ConvexPolygons local, ConvexPolygons world) {
        current.transform(poses, local, world);
        called();
    }

    @Override
    long runRound(TransformKernel kernel, int slot, int round) {
        ConvexPolygons local = SyntheticScene.get().shapes;
        int n = local.size();
        if (worlds[slot] == null) {
            worlds[slot] = local.newWorldStore();
        }
        if (poses == null) {
            poses = new Poses(n);
        }
        if (slot == 0) {
            // New poses each round (both kernels of a round see the same ones): every angle and
            // sign of the rotation, and translations far and near.
            for (int s = 0; s < n; s++) {
                double angle = 0.37 * s + 0.113 * round;
                poses.set(s, (float) ((s % 7) * 3.5 - 10 + 0.01 * round), (float) ((s % 5) * -2.25 + 4), angle);
            }
        }
        ConvexPolygons world = worlds[slot];
        kernel.transform(poses, local, world);
        PolygonArrays w = world.arrays();
        long sum = 0;
        for (int i = 0; i < w.x.length; i++) {
            sum = sum * 31 + Float.floatToRawIntBits(w.x[i]) + Float.floatToRawIntBits(w.y[i]);
            sum = sum * 31 + Float.floatToRawIntBits(w.nx[i]) + Float.floatToRawIntBits(w.ny[i]);
        }
        for (int s = 0; s < n; s++) {
            sum = sum * 31 + Float.floatToRawIntBits(w.minX[s]) + Float.floatToRawIntBits(w.maxY[s]);
            sum = sum * 31 + Float.floatToRawIntBits(w.maxX[s]) + Float.floatToRawIntBits(w.minY[s]);
        }
        return sum;
    }
}
