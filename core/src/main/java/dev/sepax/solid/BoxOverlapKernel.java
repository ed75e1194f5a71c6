package dev.sepax.solid;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;

/**
 * A boolean separating-axis test over pairs of oriented boxes: the 15 axes of Gottschalk and
 * Eberly (3 face axes of each box and the 9 cross products of their axes). Separated iff some
 * axis gives a gap {@code > tolerance} (distance units); touching counts as intersecting at
 * tolerance 0. The float arithmetic, the parallel-edge guard and the error band are those of
 * {@link ScalarObbSat}, the reference; every implementation returns its bits.
 *
 * <p>Stateless and thread-safe; the batch methods allocate nothing in steady state (a SIMD kernel
 * may create its pooled scratch on first use).
 */
public interface BoxOverlapKernel {
    /** A short stable name: {@code "scalar-obb"}, {@code "simd-obb"}. */
    String name();

    /**
     * Tests one pair.
     *
     * @throws IndexOutOfBoundsException if {@code a} or {@code b} is not a box of {@code boxes}
     */
    boolean intersects(OrientedBoxes boxes, int a, int b, float tolerance);

    /**
     * Tests pairs {@code [from, to)} ({@code from} a multiple of 64), writes their verdicts to
     * {@code out} (other bits untouched) and returns how many intersect.
     *
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the result buffer or the batch does not fit
     */
    int test(OrientedBoxes boxes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out);

    /** Tests every pair; returns the number of intersecting pairs. */
    default int test(OrientedBoxes boxes, PairBatch pairs, float tolerance, OverlapBits out) {
        return test(boxes, pairs, 0, pairs == null ? 0 : pairs.size(), tolerance, out);
    }
}
