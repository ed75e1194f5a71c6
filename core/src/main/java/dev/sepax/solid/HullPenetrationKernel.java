package dev.sepax.solid;

import dev.sepax.batch.PairBatch;

/**
 * The find query of the 3D separating-axis test: by how much, and along which axis, do two
 * convex polyhedra overlap (or how far apart are they), and which features give that axis?
 * {@link HullOverlapKernel} says <em>whether</em>; this says <em>how</em>.
 *
 * <h2>The definition</h2>
 * The pair is evaluated in the order of its shape indices: {@code P = min(a, b)},
 * {@code Q = max(a, b)}. The candidate axes are, in this order: the faces of P, the faces of Q,
 * the edge pairs (P's edge outer, Q's edge inner) whose Gauss arcs cross (the test of
 * {@link ScalarHullSat}), then the world axes {@code +x, -x, +y, -y, +z, -z}. Each gets a
 * signed separation, positive when Q lies beyond P along it:
 * <pre>
 *   P's face (n, d):   s = min over Q's vertices v of  n . v - d
 *   Q's face (m, e):   s = min over P's vertices v of  m . v - e
 *   edge pair:         s = L . (vQ - vP) / |L|,  L = gP x gQ oriented away from P's centroid
 *                          (edges within 2^-4 rad of parallel, or an orientation within
 *                           ScalarHullSat.orientationBound of zero: max(minQ - maxP, minP - maxQ)
 *                           / |L| over full projections on L, as in the boolean kernel;
 *                           Gauss arcs too short for their error, ScalarHullSat.shortArcs: the
 *                           same with L = dP x dQ from the edges' vertices, ScalarHullSat.edgeAxis)
 *   +x:                s = minX(Q) - maxX(P)     -x:  s = minX(P) - maxX(Q)   (y, z alike)
 * </pre>
 * The winner is the axis with the largest {@code s}; ties go to the first in the order above.
 * Then {@code depth = -s} and the normal is the axis's unit direction from P to Q; for
 * {@code a > b} the normal is negated and the axis code is given from A's side (P's face
 * {@code i} becomes B's face {@code i}, the edge pair's two edges swap). So swapping A and B
 * gives exactly the same depth and exactly the negated normal.
 *
 * <p>The faces of the Minkowski difference {@code B - A} have exactly these normals: A's and B's
 * face normals and the crossings of their Gauss arcs. So for an intersecting pair the winner is
 * the minimum translation vector: moving B by {@code depth * normal} brings the pair into
 * touching contact, and no shorter translation separates them. {@code depth < 0} means separated,
 * by at least {@code -depth} (a lower bound on the distance, which is larger when the closest
 * features are not a face and a vertex or a crossing edge pair). The world axes keep the sign of
 * {@code depth} equal to {@link HullOverlapKernel}'s verdict at tolerance 0, which tries them
 * first; for intersecting pairs they never beat the best face of {@code B - A} in exact
 * arithmetic (the overlap along any direction is at least the depth).
 *
 * <h2>Agreement with the boolean kernel</h2>
 * Every separation is the float expression of the boolean kernel for the same axis, evaluated
 * without its early exits (a face's minimum is {@code Math.min} over all vertices, then
 * {@code + 0f}; an edge pair's value is divided by {@code |L|} rather than compared with
 * {@code tol |L|}). So {@code depth < 0} exactly when {@link ScalarHullSat} reports the pair
 * {@code (P, Q)} separated at tolerance 0, for every pair (a positive quotient that underflows
 * to zero is kept positive). The boolean kernel gives {@code (a, b)} and {@code (b, a)} the same
 * verdict except within the band, where an edge axis's orientation (the sign of
 * {@code L . (v - centroid)}) may be trusted from one side and sent to the full projections
 * from the other ({@link ScalarHullSat#orientationBound}).
 *
 * <h2>Float error band</h2>
 * With {@code u = 2^-24} and {@code M} the larger magnitude (largest absolute vertex
 * coordinate) of the two shapes, in a local store: (1) a face separation is within
 * {@code 8 u M} of the exact one for the store's float plane ({@link HullOverlapKernel}); the
 * float normal is the exact one rounded per component, which moves {@code n . (v - w)} by at most
 * {@code sqrt(3) u * 2 sqrt(3) M = 6 u M}, so {@code 14 u M} in all; a world store's recomputed
 * offsets add at most {@code 4 u (M + |t|)}. (2) An edge pair crossing at an angle
 * {@code theta >= 2^-4} has a float axis within {@code 128 u} rad of the exact Minkowski face
 * normal: each float Gauss arc is within about {@code 5 u} of exact, so {@code gP x gQ} is off by
 * {@code (5 u (|gP| + |gQ|) + 3 u |gP| |gQ|) / |L|}, at most {@code 80 u + 48 u} where it is
 * used ({@code (|gP| + |gQ|) / |L| <= 16}, {@link ScalarHullSat#shortArcs}); shorter arcs (a
 * knife edge, faces nearly back to back, has {@code |g|} near 1e-3, which put the arc axis
 * {@code 1e-4} rad off) give way to the edges' own cross product, within
 * {@code 4 u / sin(theta) + u <= 65 u} whatever the arcs' lengths. The separation is
 * {@code L . w} for {@code w = vQ - vP},
 * {@code |w| <= 2 sqrt(3) M}, so the direction moves it by at most {@code 128 u * 2 sqrt(3) M
 * < 444 u M}, and its evaluation (a cross product, differences, a dot product, a square root and
 * a quotient) by under {@code 16 u M}; where the orientation is too close to zero to trust, the
 * full projections on that same axis give a true gap along it, which differs from the gap along
 * the exact normal by the same direction term. (3) Within {@code 2^-4} rad of parallel, the
 * separation along the computed axis is a true projection gap along that axis (within
 * {@code 16 u M}), which for an intersecting pair is never more than along the exact face normal:
 * the depth may be overstated there, never understated beyond the band, and the translation
 * still separates. (4)
 * The maximum of values each within {@code e} of exact values is within {@code e} of their exact
 * maximum. So outside case (3) the depth is within {@code 512 u M = 2^-15 M} of the exact
 * minimum-translation depth of the stored floats (tests check this against a double-precision
 * brute force over all face normals and all edge-pair crosses, on random scenes and on knife
 * edges). Coordinates must be small enough
 * that no product overflows ({@code |x| < 1e18} is ample).
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel returns the same bits as {@link ScalarHullPenetration} for every output.
 * Stateless and thread-safe; the batch methods allocate nothing and write only entries
 * {@code [from, to)} of the result buffer.
 */
public interface HullPenetrationKernel {
    /** A short stable name: {@code "scalar-hull-mtv"} or {@code "simd-hull-mtv"}. */
    String name();

    /**
     * Computes pair {@code (a, b)} into entry {@code index} of {@code out}.
     *
     * @return true if the pair intersects or touches ({@code depth >= 0})
     * @throws IndexOutOfBoundsException if a shape index or {@code index} is out of range
     * @throws IllegalArgumentException if {@code shapes} or {@code out} is null
     */
    boolean penetration(ConvexPolyhedra shapes, int a, int b, HullPenetrations out, int index);

    /**
     * Computes pairs {@code [from, to)} of {@code pairs} into the same entries of {@code out}.
     * Any {@code from} is allowed; threads may work on disjoint ranges of one buffer.
     *
     * @return how many of them intersect or touch ({@code depth >= 0})
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the buffer or the batch does not fit
     */
    int penetrations(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, HullPenetrations out);

    /** Computes every pair of {@code pairs}; returns the number that intersect or touch. */
    default int penetrations(ConvexPolyhedra shapes, PairBatch pairs, HullPenetrations out) {
        return penetrations(shapes, pairs, 0, pairs == null ? 0 : pairs.size(), out);
    }
}
