package dev.sepax.internal;

/**
 * The raw index arrays of one {@link dev.sepax.batch.PairBatch}: pair {@code i} is
 * {@code (a[i], b[i])} for {@code i < size}. Kernels read them after the batch validated every
 * index, so they can trust them. Not part of the public API (exported to {@code dev.sepax.simd}
 * only); the batch replaces the arrays when it grows, so read them once per call, not once per
 * frame.
 */
public final class PairArrays {
    public int[] a;
    public int[] b;
    public int size;

    /** Empty arrays of the given capacity; called by {@link dev.sepax.batch.PairBatch} only. */
    public PairArrays(int capacity) {
        a = new int[capacity];
        b = new int[capacity];
    }
}
