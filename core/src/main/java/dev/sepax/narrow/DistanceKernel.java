package dev.sepax.narrow;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.RoundedShapes;

/**
 * The distance query on rounded convex shapes: how far apart are A and B, where are the closest
 * points, and along which direction? Answered by GJK on the cores, then the radii.
 *
 * <h2>The definition</h2>
 * GJK searches the Minkowski difference {@code B - A} of the two cores for its point closest to
 * the origin, keeping a simplex of at most three vertices {@code w = b_j - a_i} (core point
 * {@code j} of B minus core point {@code i} of A). The algorithm and its float expressions are
 * those of {@link ScalarDistance}; every kernel returns its bits. Start: the cached simplex when
 * a {@link SimplexCache} entry fits the pair, else the vertex {@code (a_0, b_0)}. Each
 * iteration reduces the simplex to the sub-simplex nearest the origin (Voronoi regions, in a fixed
 * order), takes the direction {@code d} from it towards the origin, and adds the support pair
 * {@code (argmax_i -d.a_i, argmax_j d.b_j)} (ties: the lowest index), until a guard stops it:
 * <ul>
 *   <li>{@link Distances#EXIT_OVERLAP}: the origin is in or on the simplex (the cores touch or
 *       overlap), or a repeated support lies beyond the origin while the simplex is a segment
 *       within rounding of it (crossing cores with the origin on a diagonal of {@code A - B});
 *   <li>{@link Distances#EXIT_REPEATED_SUPPORT}: the new support pair is already in the simplex
 *       the iteration started with;
 *   <li>{@link Distances#EXIT_NO_PROGRESS}: the new point is no closer along {@code d} than the
 *       simplex by more than {@link ScalarDistance#PROGRESS} of its distance (a Frank-Wolfe
 *       duality gap: the true core distance is then at least {@code (1 - PROGRESS)} times the
 *       simplex's);
 *   <li>{@link Distances#EXIT_DEGENERATE}: a triangle with no float area and no region for the
 *       origin; the simplex falls back to its first vertex;
 *   <li>{@link Distances#EXIT_ITERATION_CAP}: {@link ScalarDistance#MAX_ITERATIONS} support pairs;
 *       no error guarantee: the distance is the best simplex's, an upper bound of the true one by
 *       an unbounded amount (the band below does not apply), and overlapping cores can come out
 *       apart.
 * </ul>
 * The search direction may be accelerated ({@link GjkAcceleration}, {@link #withAcceleration}):
 * Nesterov momentum replaces {@code d} as the direction of the support, and every guard above
 * still judges the step along {@code d} (a momentum step that fails one is redone along
 * {@code d}), so every mode has the same guards, cap and error band.
 * Every path ends in finite numbers: no division by a quantity that can be 0, no overflow for
 * coordinates and radii within {@code 2^60}. It never hangs and never returns NaN.
 *
 * <h2>Touching and the error band</h2>
 * Touching counts as intersecting: a distance of exactly 0. The computed distance is within
 * {@link ScalarDistance#band} of the true one (see there) for every exit but
 * {@link Distances#EXIT_ITERATION_CAP}; pairs closer than the band may come
 * out as 0 or as a tiny positive gap.
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel returns the same bits as {@link ScalarDistance} for every output, with or without
 * a cache. Stateless and thread-safe; the batch methods allocate nothing in steady state and
 * write only entries {@code [from, to)} of the output and the cache.
 */
public interface DistanceKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"} (the same for every acceleration). */
    String name();

    /** How this kernel's GJK chooses its search direction ({@link GjkAcceleration}). */
    default GjkAcceleration acceleration() {
        return GjkAcceleration.NONE;
    }

    /**
     * The same kind of kernel (scalar, SIMD, or the facade's switch) with acceleration
     * {@code mode}: a shared instance, no allocation. Every mode gives the bits of
     * {@code ScalarDistance.of(mode)}; the modes differ from each other in iterations and by
     * less than {@link ScalarDistance#band} in results.
     *
     * @throws UnsupportedOperationException if this kernel has no such mode
     */
    default DistanceKernel withAcceleration(GjkAcceleration mode) {
        if (mode == acceleration()) {
            return this;
        }
        throw new UnsupportedOperationException("kernel=" + name() + " acceleration=" + mode + ": not supported");
    }

    /**
     * Computes pair {@code (a, b)} into entry {@code index} of {@code out}, cold start.
     *
     * @return true if the shapes touch or overlap (distance 0)
     * @throws IndexOutOfBoundsException if a shape index or {@code index} is out of range
     */
    boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index);

    /**
     * Computes pairs {@code [from, to)} of {@code pairs} into the same entries of {@code out},
     * warm-starting each from {@code cache} and storing its final simplex there ({@code cache}
     * may be null: cold starts). {@code from} is a multiple of 64, as in every batch call.
     *
     * @return how many of them touch or overlap
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException if {@code from} is misaligned, or the buffers or the batch do not fit
     */
    int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache);

    /** Computes every pair of {@code pairs}, cold; returns the number that touch or overlap. */
    default int distances(RoundedShapes shapes, PairBatch pairs, Distances out) {
        return distances(shapes, pairs, 0, pairs.size(), out, null);
    }

    /**
     * Entry checks of a batch call, shared by the kernels.
     *
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException naming the offending argument and value
     */
    static void checkBatch(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache) {
        BatchArguments.checkRounded(shapes, pairs, from, to, true, out, out == null ? 0 : out.capacity(), cache);
    }

    /**
     * Entry checks of a single-pair call.
     *
     * @throws IndexOutOfBoundsException if {@code a}, {@code b} or {@code index} is out of range
     */
    static void checkPair(RoundedShapes shapes, int a, int b, Distances out, int index) {
        BatchArguments.checkRoundedPair(shapes, a, b, out, out == null ? 0 : out.capacity(), index);
    }
}
