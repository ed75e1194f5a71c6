package dev.sepax.narrow;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

/**
 * A boolean separating-axis test over pairs of convex polygons: do they intersect?
 *
 * <h2>The decision</h2>
 * For the pair (A, B) the candidate axes are the world x and y axes (the AABB test) and every
 * edge normal of A and of B. Along A's edge {@code i} (from vertex {@code a_i}, outward normal
 * {@code n_i}) the separation is {@code min_j n_i . (b_j - a_i)}, measured in distance units.
 * The pair is <em>separated</em> iff some axis gives a separation {@code > tolerance};
 * otherwise it <em>intersects</em>. So at {@code tolerance = 0} touching (a gap of exactly 0)
 * counts as intersecting, {@code tolerance > 0} also reports pairs whose SAT gap (the largest
 * separation over the candidate axes, a lower bound of their Euclidean distance: two corners
 * facing each other are farther apart than any edge normal shows) is at most the tolerance,
 * and {@code tolerance < 0} lets shallow resting contact (overlap under {@code -tolerance})
 * count as apart. The verdict does not depend on the order in which axes are tried, so axis
 * order, caches and early exits never change a kernel's bits.
 *
 * <h2>Float error band</h2>
 * Separations are computed in float as {@code enx*(bx-ax) + eny*(by-ay)} with the exact
 * edge normal {@code (enx, eny)} of {@link ConvexPolygons} and compared against
 * {@code tolerance * |edge|}. Along the edges through a vertex shared exactly by both shapes the
 * separation is exactly 0, and the store welds nearly collinear vertices so that no other edge
 * computes it as outside (see {@link ConvexPolygons}): so exact touching (a shared vertex or an
 * exactly shared edge, in a store built by {@link ConvexPolygons}) is always reported as
 * intersecting at tolerance 0. Otherwise the computed
 * separation is within {@link dev.sepax.narrow.FloatBand#of} ({@code 16 * 2^-24 * M}, M the largest absolute
 * coordinate of the two shapes) of the true one: pairs whose true separation lies outside
 * {@code [tolerance - band, tolerance + band]} are classified exactly. The kernels of
 * {@link Precision#EXACT} ({@link ExactSat}) have no band: every verdict is exact.
 *
 * <h2>Contract for every implementation</h2>
 * Stateless and thread-safe: any number of threads may call one kernel concurrently. The batch
 * methods allocate nothing, except that the {@link Precision#EXACT} kernels allocate in the
 * {@link java.math.BigDecimal} stage of the pairs their double filters cannot decide (see
 * {@link ExactSat}). Kernels of the same arithmetic agree bit for bit: {@link ScalarSat} and its
 * SIMD twin (their {@code LINEAR} variants likewise), {@link ExactSat} and its SIMD twin. Across
 * those groups, and for {@link TextbookSat}, verdicts agree outside the float band
 * ({@link FloatBand#ofLargePairs} where the O(log k) path of {@link ScalarSat} runs).
 */
public interface SatKernel {
    /**
     * A short stable name: {@code "scalar"}, {@code "simd"}, {@code "textbook"},
     * {@code "scalar-exact"}, {@code "simd-exact"}, {@code "scalar-linear"} or {@code "simd-linear"}.
     */
    String name();

    /**
     * Tests one pair.
     *
     * @throws IndexOutOfBoundsException if {@code a} or {@code b} is not a shape of {@code shapes}
     */
    boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance);

    /**
     * Tests pairs {@code [from, to)} and writes their verdicts to {@code out}, leaving other bits
     * alone. Returns how many of them intersect.
     *
     * <p>{@code from} must be a multiple of 64, so that concurrent calls on disjoint ranges write
     * disjoint words of {@code out}. {@code axisCache}, when not null, holds one hint per pair
     * (length at least {@code pairs.size()}; a zeroed array means "no hint"): the kernel tries
     * the cached axis first and records the separating axis it finds, which pays off when pairs
     * move little between frames. Hints never change a verdict. Encoding: {@code 0} none,
     * {@code 1 + i} A's edge {@code i}, {@code -(1 + j)} B's edge {@code j}.
     *
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the result buffer, the cache or the pair
     *     batch does not fit {@code shapes}
     */
    int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
             OverlapBits out, int[] axisCache);

    /** Tests every pair of {@code pairs}; returns the number of intersecting pairs. */
    default int test(ConvexPolygons shapes, PairBatch pairs, float tolerance, OverlapBits out) {
        return test(shapes, pairs, 0, pairs == null ? 0 : pairs.size(), tolerance, out, null);
    }
}
