package dev.sepax.internal;

/**
 * The raw index arrays of one {@link dev.sepax.batch.PairBatch}: pair {@code i} is
 * {@code (a[i], b[i])} for {@code i < size}. Kernels read them after the batch validated every
 * index, so they can trust them. Not part of the public API (exported to {@code dev.sepax.simd}
 * only); the batch replaces the arrays when it grows, so read them once per call, not once per
 * frame.
 *
 * <p>{@link #version} counts the batch's changes (every add, set, truncate, clear, compaction
 * into it and reordering), so that an owner who hands the batch out read-only (a persistent broad
 * phase's slot table) can detect a caller's write; it may wrap, which only an owner comparing
 * across 2^32 changes could miss.
 */
public final class PairArrays {
    public int[] a;
    public int[] b;
    public int size;
    public int version;

    /** Empty arrays of the given capacity; called by {@link dev.sepax.batch.PairBatch} only. */
    public PairArrays(int capacity) {
        a = new int[capacity];
        b = new int[capacity];
    }
}
