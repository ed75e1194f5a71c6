package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

/**
 * A continuous (swept) separating-axis test over pairs of translating convex polygons: when, in
 * the window {@code [0, tMax]}, do the shapes touch or overlap?
 *
 * <h2>Motion model</h2>
 * Each shape moves with a constant velocity from {@link Velocities} (per shape; a per-pair
 * relative velocity is expressed by giving A zero velocity and B the relative one). Shapes are
 * at their {@link ConvexPolygons} positions at {@code t = 0} and at {@code x + v t} at time
 * {@code t}. Only the relative velocity {@code u = vB - vA} matters: A is treated as fixed and B
 * moves by {@code u t}. <b>Rotation is out of scope</b>: rotating bodies need a conservative
 * advancement over GJK distances, not linear per-axis intervals. Times ({@code tMax} and the
 * results) are in the velocities' time unit, separations in the store's coordinate unit.
 *
 * <h2>The decision</h2>
 * The candidate axes are the world x and y axes (both directions, the swept AABB test), every
 * unit edge normal {@code n_i} of A (B beyond A's edge {@code i}) and every unit edge normal
 * {@code m_j} of B (A beyond B's edge {@code j}). Along A's edge {@code i} from vertex
 * {@code a_i} the separation at time {@code t} is
 * {@code s_i(t) = min_j n_i . (b_j - a_i) + t (n_i . u)}, linear in {@code t}; for B's edges the
 * roles swap and the rate is {@code m_j . (-u)}. The shapes touch or overlap at {@code t} iff
 * every separation is {@code <= 0} (touching counts as contact), so each axis contributes a
 * half-line of times: rate {@code r < 0} gives an entry time {@code -s/r}, rate {@code r > 0}
 * an exit time {@code -s/r}, rate {@code 0} either no constraint ({@code s <= 0}) or no contact
 * ever ({@code s > 0}). With {@code tFirst = max(0, entries)} and
 * {@code tLast = min(tMax, exits)}, the pair hits iff no axis rules contact out and
 * {@code tFirst <= tLast}. The first contact normal is the entry axis with the largest entry
 * time, oriented from A to B; ties go to the first axis in the order x+, x-, y+, y-, A's edges,
 * B's edges. See {@link SweepResults} for what is written.
 *
 * <h2>Float arithmetic and error band</h2>
 * Along a unit normal {@code (nx, ny)} (the store's unit edge normals, see {@link ConvexPolygons}) of the edge from
 * vertex {@code p}, the separation is {@code min_j fma(nx, x_j, ny*y_j) - fma(nx, px, ny*py)}:
 * the other shape's support minus the edge's offset, each one fused multiply-add over one
 * product, so a vertex shared by both shapes gives exactly 0. Rates are
 * {@code fma(nx, ux, ny*uy) + 0f} and times {@code -sep / rate + 0f} (the {@code + 0f} turns
 * {@code -0} into {@code +0}; with a rate of {@code +0} the quotient is {@code -inf}, {@code +inf}
 * or NaN, which encodes "never", "no constraint", "no constraint" without a branch). Every kernel
 * evaluates exactly these expressions and combines them with compares only, so all kernels
 * return the same bits. The support {@code min_j} is taken over every vertex of the other shape
 * in the small capacity class and over the edge's group's range of the other shape's vertices
 * in the merge class (see {@link ScalarSweep}; the classes and ranges are those of
 * {@link PenetrationKernel}). A computed separation is within {@link FloatBand#of} of the true
 * one in the small class (each term errs by at most {@code 3u M}) and within
 * {@link PenetrationKernel#MERGE_BAND_ULPS} {@code u M} in the merge class (a range end may be a
 * near-tie of the support, with the same derivation as for the penetration), so a
 * computed time is within about {@code band / |rate|} of the true time of its axis: contacts
 * whose approach rate along the contact axis is tiny are ill-conditioned.
 *
 * <h2>Contract for every implementation</h2>
 * Stateless and thread-safe. The batch method allocates nothing in steady state (a SIMD kernel
 * may create its pooled scratch on first use).
 */
public interface SweepKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Sweeps pairs {@code [from, to)} over {@code [0, tMax]} and writes their results to
     * {@code out}, leaving other entries alone. Returns how many of them hit.
     *
     * <p>{@code from} must be a multiple of 64, so that concurrent calls on disjoint ranges write
     * disjoint words of {@code out.hits()}.
     *
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the velocities, {@code tMax} (must be finite
     *     and {@code >= 0}) or the result buffer does not fit
     */
    int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
              SweepResults out);

    /** Sweeps every pair of {@code pairs}; returns the number of hits. */
    default int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, float tMax, SweepResults out) {
        return sweep(shapes, velocities, pairs, 0, pairs == null ? 0 : pairs.size(), tMax, out);
    }
}
