package dev.sepax.internal;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;

/**
 * Entry checks of the 3D batch kernels ({@code dev.sepax.solid}, {@code dev.sepax.simd}), in
 * the words of {@link BatchArguments}. A few compares per call, none per pair.
 */
public final class SolidArguments {
    private SolidArguments() {}

    /**
     * Checks a batch call over a store of {@code shapeCount} shapes.
     *
     * @throws IllegalArgumentException naming the offending argument and value
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     */
    public static void check(Object shapes, int shapeCount, PairBatch pairs, int from, int to, float tolerance,
                             OverlapBits out, int[] axisCache) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (pairs == null) {
            throw new IllegalArgumentException("pairs is null");
        }
        if (pairs.shapeCount() > shapeCount) {
            throw new IllegalArgumentException("pairs.shapeCount=" + pairs.shapeCount() + " > shapes.size="
                    + shapeCount + ": the batch was validated for a different store");
        }
        if (from < 0 || to > pairs.size() || from > to) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") is not within [0, " + pairs.size() + ")");
        }
        if ((from & 63) != 0) {
            throw new IllegalArgumentException("from=" + from + ": must be a multiple of 64");
        }
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (out.capacity() < to) {
            throw new IllegalArgumentException("out.capacity=" + out.capacity() + " < to=" + to);
        }
        BatchArguments.checkTolerance(tolerance);
        if (axisCache != null && axisCache.length < pairs.size()) {
            throw new IllegalArgumentException("axisCache.length=" + axisCache.length + " < pairs=" + pairs.size());
        }
    }

    /** Checks a single-pair call. */
    public static void checkPair(Object shapes, int shapeCount, int a, int b, float tolerance) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (a < 0 || a >= shapeCount) {
            throw new IndexOutOfBoundsException("a=" + a + " out of range [0, " + shapeCount + ")");
        }
        if (b < 0 || b >= shapeCount) {
            throw new IndexOutOfBoundsException("b=" + b + " out of range [0, " + shapeCount + ")");
        }
        BatchArguments.checkTolerance(tolerance);
    }
}
