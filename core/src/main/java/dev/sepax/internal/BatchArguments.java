package dev.sepax.internal;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

/**
 * Entry checks shared by every batch kernel, so each rejects bad calls with the same words.
 * Cheap (a few compares per call, none per pair): pair indices were validated when they entered
 * the {@link PairBatch}.
 */
public final class BatchArguments {
    private BatchArguments() {}

    /**
     * Checks a {@link dev.sepax.narrow.SatKernel#test} call.
     *
     * @throws IllegalArgumentException naming the offending argument and value
     */
    public static void check(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                             OverlapBits out, int[] axisCache) {
        checkPairs(shapes, pairs, from, to);
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (out.capacity() < to) {
            throw new IllegalArgumentException("out.capacity=" + out.capacity() + " < to=" + to);
        }
        checkTolerance(tolerance);
        if (axisCache != null && axisCache.length < pairs.size()) {
            throw new IllegalArgumentException("axisCache.length=" + axisCache.length + " < pairs=" + pairs.size());
        }
    }

    /** Checks the shapes, the pair batch and a word-aligned range. */
    public static void checkPairs(ConvexPolygons shapes, PairBatch pairs, int from, int to) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (pairs == null) {
            throw new IllegalArgumentException("pairs is null");
        }
        if (pairs.shapeCount() > shapes.size()) {
            throw new IllegalArgumentException("pairs.shapeCount=" + pairs.shapeCount() + " > shapes.size="
                    + shapes.size() + ": the batch was validated for a different store");
        }
        if (from < 0 || to > pairs.size() || from > to) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") is not within [0, " + pairs.size() + ")");
        }
        if ((from & 63) != 0) {
            throw new IllegalArgumentException("from=" + from + ": must be a multiple of 64");
        }
    }

    /** Rejects a NaN or infinite tolerance. */
    public static void checkTolerance(float tolerance) {
        if (!Float.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance=" + tolerance + ": must be finite");
        }
    }

    /** Checks a single-pair call. */
    public static void checkPair(ConvexPolygons shapes, int a, int b) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (a < 0 || a >= shapes.size()) {
            throw new IndexOutOfBoundsException("a=" + a + " out of range [0, " + shapes.size() + ")");
        }
        if (b < 0 || b >= shapes.size()) {
            throw new IndexOutOfBoundsException("b=" + b + " out of range [0, " + shapes.size() + ")");
        }
    }
}
