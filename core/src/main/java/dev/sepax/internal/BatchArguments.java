package dev.sepax.internal;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;

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

    /**
     * Checks a batch call on rounded shapes: the store, the batch, the range ({@code from} a
     * multiple of 64 when {@code aligned}), an output of {@code outCapacity} entries ({@code out}
     * only for its null check) and an optional cache.
     */
    public static void checkRounded(RoundedShapes shapes, PairBatch pairs, int from, int to, boolean aligned,
                                    Object out, int outCapacity, SimplexCache cache) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        if (pairs == null) {
            throw new IllegalArgumentException("pairs is null");
        }
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (pairs.shapeCount() > shapes.size()) {
            throw new IllegalArgumentException("pairs.shapeCount=" + pairs.shapeCount() + " > shapes.size="
                    + shapes.size() + ": the batch was validated for a different store");
        }
        if (from < 0 || to > pairs.size() || from > to) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") is not within [0, " + pairs.size() + ")");
        }
        if (aligned && (from & 63) != 0) {
            throw new IllegalArgumentException("from=" + from + ": must be a multiple of 64");
        }
        if (outCapacity < to) {
            throw new IllegalArgumentException("out.capacity=" + outCapacity + " < to=" + to);
        }
        if (cache != null && cache.capacity() < to) {
            throw new IllegalArgumentException("cache.capacity=" + cache.capacity() + " < to=" + to);
        }
    }

    /** Checks a single-pair call on rounded shapes with an output of {@code outCapacity} entries. */
    public static void checkRoundedPair(RoundedShapes shapes, int a, int b, Object out, int outCapacity, int index) {
        if (shapes == null || out == null) {
            throw new IllegalArgumentException(shapes == null ? "shapes is null" : "out is null");
        }
        if (a < 0 || a >= shapes.size()) {
            throw new IndexOutOfBoundsException("a=" + a + " out of range [0, " + shapes.size() + ")");
        }
        if (b < 0 || b >= shapes.size()) {
            throw new IndexOutOfBoundsException("b=" + b + " out of range [0, " + shapes.size() + ")");
        }
        if (index < 0 || index >= outCapacity) {
            throw new IndexOutOfBoundsException("pair=" + index + ": out of range [0, " + outCapacity + ")");
        }
    }
}
