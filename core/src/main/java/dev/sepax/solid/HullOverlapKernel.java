package dev.sepax.solid;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;

/**
 * A boolean separating-axis test over pairs of convex polyhedra: do they intersect?
 *
 * <h2>The decision</h2>
 * Candidate axes for (A, B): the world axes (the AABB test), every face normal of A and of B, and
 * the cross products of edge pairs (one edge of A, one of B). Along A's face {@code (n, d)} the
 * separation is {@code min_j (n . b_j) - d}; along B's faces symmetrically; along an edge-pair
 * axis {@code L} the gap between the projections, divided by {@code |L|}. The pair is
 * <em>separated</em> iff some axis gives a separation {@code > tolerance} (distance units);
 * otherwise it <em>intersects</em>. So at {@code tolerance = 0} touching counts as intersecting,
 * {@code tolerance > 0} also reports pairs whose SAT gap is at most the tolerance, and
 * {@code tolerance < 0} lets shallow contact count as apart.
 *
 * <p>Pruning (Gregorius, GDC 2013): an edge pair's cross product is a face normal of the
 * Minkowski difference {@code A - B}, and so a candidate that can matter, only when the two
 * edges' arcs cross on the superimposed Gauss maps of A and {@code -B}. Three sign tests decide
 * it ({@link ScalarHullSat}); for a crossing pair the edges are the support features along the
 * axis, so the separation is one dot product. {@link UnprunedHullSat} tries every edge pair with
 * full projections instead. In exact arithmetic both give the same verdict at every
 * {@code tolerance <= 0}, and on intersecting pairs at any tolerance (the largest separation of
 * an intersecting pair is along a face normal of {@code A - B}). On a <em>separated</em> pair at
 * {@code tolerance > 0} they can differ: an edge pair whose arcs do not cross can point nearer
 * the closest direction than every face of {@code A - B}, so the unpruned kernel's gap can
 * exceed the pruned one's (the SAT gap is not the distance). The pruned kernel, the one the
 * facade serves, decides on the face normals of {@code A - B} and the world axes: its gap is
 * the largest signed distance from the origin to a face plane of {@code B - A}.
 *
 * <p>Certificate: when no face separates, a vertex of one shape at {@code n . v - d <=
 * min(tolerance, 0)} on every face plane of the other proves that no axis separates by more than
 * the tolerance ({@link ScalarHullSat#vertexInside}), and the edge pairs are skipped. Most
 * intersecting pairs end there; its float error is that of the face expressions.
 *
 * <h2>Float error band</h2>
 * With {@code M} the larger magnitude (largest absolute vertex coordinate) of the two shapes and
 * {@code u = 2^-24}: a face separation {@code nx*x + ny*y + nz*z - d} is within
 * {@code 8 u M} of its value for the store's float normal (three products and three sums,
 * {@code |n| <= 1 + 2u}; the offset {@code d} is itself such a dot product, or in a world store
 * within another {@code 4 u (M + |t|)}). An edge-pair axis built from the float Gauss arcs
 * {@code gA, gB} (each within about {@code 5 u} of exact) is off its exact direction by about
 * {@code (5 u (|gA| + |gB|) + 3 u |gA| |gB|) / |L|}: {@code 8 u / sin(theta)} ({@code theta} the
 * angle between the edges) for arcs of length near 1, but far more for a short arc, as at a
 * knife edge (faces nearly back to back). The pruned kernel takes the separation from the edges
 * only when {@code sin(theta) >= ScalarHullSat.PARALLEL = 2^-4}, with the arc axis only where
 * {@code (|gA| + |gB|) / |L| <= 16} ({@link ScalarHullSat#shortArcs}) and otherwise with the
 * cross product of the edges' own vertex differences ({@link ScalarHullSat#edgeAxis}), and only
 * when the sign that orients the axis clears {@link ScalarHullSat#orientationBound} (a wrong
 * sign would turn an overlap into a gap; below it both shapes are projected on the axis): the
 * axis is then within {@code 128 u} rad, which moves the separation by at most that angle
 * times the edges' lengths. Nearer-parallel axes project both shapes (a projection gap is a
 * true gap along the computed axis, whatever its direction). The arc sign
 * tests can misjudge a crossing only when an arc endpoint is within about {@code 8 u} radians of
 * the other arc, where the edges are support features up to that angle times their lengths. So
 * each kernel's verdicts are exact for pairs whose true SAT gap over its own axes lies outside
 * {@code tolerance +- 256 u M} (tests check a wider {@code 2^-12 M} against double-precision
 * brute forces: over all face normals and the edge pairs whose arcs cross for the pruned
 * kernel, over all edge pairs for the unpruned one). Exactly
 * parallel edges give a zero axis, which separates nothing: the face normals decide such pairs,
 * as they do in exact arithmetic. Exact touching is reported within that band, not exactly:
 * pass a tolerance of the band to count such contacts as touching.
 *
 * <h2>Contract for every implementation</h2>
 * Stateless and thread-safe. The batch methods allocate nothing. The verdicts of the scalar
 * reference {@link ScalarHullSat} and its SIMD twin agree bit for bit, as do their axis caches.
 */
public interface HullOverlapKernel {
    /** A short stable name: {@code "scalar-hull"}, {@code "simd-hull"}, {@code "unpruned-hull"}. */
    String name();

    /**
     * Tests one pair.
     *
     * @throws IndexOutOfBoundsException if {@code a} or {@code b} is not a shape of {@code shapes}
     */
    boolean intersects(ConvexPolyhedra shapes, int a, int b, float tolerance);

    /**
     * Tests pairs {@code [from, to)}, writes their verdicts to {@code out} (other bits untouched)
     * and returns how many intersect. {@code from} must be a multiple of 64. {@code axisCache},
     * when not null, holds one hint per pair (a zeroed array means none): the kernel tries the
     * cached axis first and records the separating axis it finds. Hints never change a verdict.
     * Encoding: {@code 0} none, {@code 1 + i} A's face i, {@code -(1 + j)} B's face j,
     * {@link ScalarHullSat#EDGE_PAIR}{@code | (ea << 15) | eb} A's edge ea with B's edge eb.
     *
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the result buffer, the cache or the batch does not fit
     */
    int test(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
             int[] axisCache);

    /** Tests every pair; returns the number of intersecting pairs. */
    default int test(ConvexPolyhedra shapes, PairBatch pairs, float tolerance, OverlapBits out) {
        return test(shapes, pairs, 0, pairs == null ? 0 : pairs.size(), tolerance, out, null);
    }
}
