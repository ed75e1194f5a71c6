package dev.sepax.internal;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

/**
 * Entry checks shared by every {@link dev.sepax.narrow.SweepKernel}, so each rejects bad calls with the same words.
 * A few compares per call, none per pair.
 */
public final class SweepArguments {
    private SweepArguments() {}

    /**
     * Checks a {@link dev.sepax.narrow.SweepKernel#sweep} call.
     *
     * @throws IllegalArgumentException naming the offending argument and value
     */
    public static void check(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to,
                             float tMax, SweepResults out) {
        BatchArguments.checkPairs(shapes, pairs, from, to);
        if (velocities == null) {
            throw new IllegalArgumentException("velocities is null");
        }
        if (velocities.size() < shapes.size()) {
            throw new IllegalArgumentException("velocities.size=" + velocities.size() + " < shapes.size="
                    + shapes.size());
        }
        if (!(tMax >= 0) || tMax == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("tMax=" + tMax + ": must be finite and >= 0");
        }
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (out.capacity() < to) {
            throw new IllegalArgumentException("out.capacity=" + out.capacity() + " < to=" + to);
        }
    }
}
