package dev.sepax.internal;

/**
 * The raw arrays of one {@link dev.sepax.shape.Poses}: pose {@code i} is the translation
 * {@code (tx[i], ty[i])} and the rotation {@code (cos[i], sin[i])}. Not part of the public API
 * (exported to {@code dev.sepax.simd} only), for the transform kernels; they read, never write.
 */
public final class PoseArrays {
    public final float[] tx;
    public final float[] ty;
    public final float[] cos;
    public final float[] sin;

    /** Wraps a {@link dev.sepax.shape.Poses}' own arrays; called by it only. */
    public PoseArrays(float[] tx, float[] ty, float[] cos, float[] sin) {
        this.tx = tx;
        this.ty = ty;
        this.cos = cos;
        this.sin = sin;
    }
}
