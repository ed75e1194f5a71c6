package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;

/**
 * The find query of the separating-axis test: by how much, and along which axis, do two convex
 * polygons overlap (or how far apart are they)? {@link SatKernel} says <em>whether</em>; this
 * says <em>how</em>.
 *
 * <h2>The definition</h2>
 * For the pair (A, B) the candidate axes are, in this order: the edges of A ({@code i = 0..},
 * outward unit normal {@code n_i}), the edges of B ({@code j = 0..}, outward unit normal
 * {@code m_j}), then the world axes {@code +x, -x, +y, -y}. Each axis gets a signed separation:
 * <pre>
 *   A's edge i:   s = min over B's vertices b   of  n_i . (b - a_i)     (a_i: first vertex of edge i)
 *   B's edge j:   s = min over A's vertices a   of  m_j . (a - b_j)
 *   +x:           s = minX(B) - maxX(A)           -x:  s = minX(A) - maxX(B)    (same for y)
 * </pre>
 * The result is the axis with the largest {@code s}; ties go to the first axis in the order
 * above. The normal points from A to B ({@code n_i}, {@code -m_j}, or the signed world axis),
 * and {@code depth = -s}. So {@code depth >= 0} means the pair intersects, touching included,
 * and translating B by {@code depth * normal} brings it into touching contact: this is the
 * minimum translation vector, since the edge normals of A and B are exactly the face normals of
 * the Minkowski difference B - A. {@code depth < 0} means the pair is separated, by at least
 * {@code -depth} (a lower bound on the true distance, which may be larger when the closest
 * features are two vertices).
 *
 * <h2>Why the world axes are candidates</h2>
 * They keep the sign of {@code depth} consistent with {@link SatKernel}'s verdict at every
 * tolerance: {@code SatKernel} reports the pair separated at tolerance {@code t} iff some axis,
 * world axes included, gives a separation {@code > t}; here that is {@code -depth > t}. In exact
 * arithmetic a world axis never beats the best edge normal for an intersecting pair (the
 * overlap along any direction is at least the depth), and on a tie the edge wins, so for
 * intersecting pairs the axis is an edge (up to float noise) and for separated pairs the world
 * axes may only improve the lower bound.
 *
 * <h2>Which vertices give an edge's separation: two classes</h2>
 * The {@code min} above is evaluated in one of two ways, chosen per pair by capacity class (see
 * {@link ScalarPenetration}): in the <b>small class</b> (both shapes with at most
 * {@link ScalarPenetration#ALL_PAIRS_CAPACITY} vertices) over every vertex of the other shape;
 * in the <b>merge class</b> (any other pair) over a range of the other shape's vertices only:
 * the edges go in groups of {@link ScalarPenetration#MERGE_GROUP}, and a group's range runs from
 * the support of its first edge to the support of the next group's first edge (the angle merge
 * of the two edge sequences, {@code ScalarPenetration.mergeSide}). Both are the same definition
 * in exact arithmetic; they differ in float only within the band below. In both classes an
 * edge's separation depends only on its own shape and the other shape, so {@code (a, b)} and
 * {@code (b, a)} give the same separations: the depth is the same float and the normal is
 * exactly negated (up to a tie between equal separations of A and B, which goes to A's edge in
 * either order).
 *
 * <h2>Float arithmetic and the error band</h2>
 * Edge separations are computed in float with the unit normals of {@link ConvexPolygons}, in
 * the support form of {@link ScalarSweep} in both classes,
 * {@code min_b fma(nx, bx, ny * by) - fma(nx, ax, ny * ay)} (the other shape's support along
 * the normal minus the edge's offset, the offset once per edge, the minimum by
 * {@code d < min} over every vertex in the small class and over the group's range in the merge
 * class), then {@code + 0f} (turns {@code -0} into {@code +0}, so the float order is total);
 * world gaps are exact differences. A shared vertex in the range gives exactly 0 (its term is
 * the very float of the offset). With unit roundoff
 * {@code u = 2^-24} and {@code M} the largest absolute coordinate of the two shapes:
 * <ul>
 *   <li><b>Small class</b>: (1) one term {@code fma(nx, x, ny * y)} errs by at most
 *       {@code u |ny y|} (the product) plus {@code u |nx x + fl(ny y)|} (the fma's single
 *       rounding), at most {@code u M (|nx| + 2 |ny|) <= sqrt(5) u M} to first order, for a
 *       unit normal. (2) A minimum of values each within {@code e} of exact values is within
 *       {@code e} of their exact minimum, so the support errs by at most {@code sqrt(5) u M},
 *       and the offset by as much. (3) The subtraction rounds once, relative to its result,
 *       {@code |n . (b - a)| <= |b - a| <= 2 sqrt(2) M}: at most {@code 2 sqrt(2) u M}. (4) A
 *       stored normal is the exact unit normal rounded once per component (a double
 *       quotient, see {@link ConvexPolygons}), so it is off by at most {@code u} and moves
 *       {@code n . (b - a)} by at most {@code 2 sqrt(2) u M}. In all
 *       {@code (2 sqrt(5) + 4 sqrt(2)) u M < 10.1 u M} to first order: the result is within
 *       {@link FloatBand#of} ({@code 16 u M}) of the exact separation. The rounding is relative to the coordinates' magnitude {@code M}, not to
 *       the distance {@code |b - a|}: for small shapes far from the origin it is coarser than
 *       the difference form's {@code 3u |b - a|}, within the same band; in exchange each vertex
 *       costs one product and one fma instead of two differences, two products and a sum.
 *       Checked against the exact rational oracle on near-touching small-class pairs, near and
 *       far from the origin ({@code MergeBandPropertiesTest}).
 *   <li><b>Merge class</b>: the same expressions over the group's range. If the range holds
 *       the exact support of the edge, the small class's bound holds as it is. A range end is a
 *       float argmin {@code j} of the support form along the group start's normal {@code n_s}
 *       (first index of the least), so its exact value along {@code n_s} is within two
 *       evaluation errors, {@code delta = 2 sqrt(5) u M < 4.5 u M}, of the least. If the range
 *       misses the exact support {@code v*} of an edge with normal {@code n} of the group, then
 *       {@code v*} lies on the chain between the exact support along {@code n_s} and {@code j}
 *       (the supports move monotonically as the normal turns), a chain over which
 *       {@code n_s . v} rises by at most {@code delta}; its edges turn away from {@code n_s}
 *       monotonically, and {@code n} lies between {@code n_s} and them, so {@code n . v} rises
 *       from {@code v*} to {@code j} by at most as much: the range's least is within
 *       {@code delta} of the exact support. (A range that float ties turn backwards wraps
 *       round and holds every vertex.) In all {@code 10.1 + 4.5 < 14.6 u M} to first order:
 *       {@link #MERGE_BAND_ULPS} ({@code 16}) {@code u M}, the same as {@link FloatBand#of}.
 *       Checked against an exact rational oracle (BigDecimal orientation determinants) on
 *       near-touching pairs, including pairs whose edges are all exactly antiparallel
 *       ({@code MergeBandPropertiesTest}): the measured worst depth error is 2.46 {@code u M}
 *       over 1 851 such pairs.
 * </ul>
 * So {@code depth >= 0} agrees with {@code SatKernel}'s verdict at tolerance 0 except for
 * pairs whose true gap is inside the band of their class. Coordinates must be small enough
 * that no difference or product overflows (|x| &lt; 1e18 is ample); otherwise the result is
 * unspecified (an all-NaN pair gives {@code axis 0} and a NaN depth).
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel returns the same bits as {@link ScalarPenetration} for every output. Stateless
 * and thread-safe; the batch methods allocate nothing in steady state (a SIMD kernel may create
 * its pooled scratch on first use) and write only entries {@code [from, to)}.
 */
public interface PenetrationKernel {
    /** The merge class's error band in units of {@code 2^-24 M} (see the class doc): 16. */
    int MERGE_BAND_ULPS = 16;

    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Computes pair {@code (a, b)} into entry {@code index} of {@code out}.
     *
     * @return true if the pair intersects or touches ({@code depth >= 0})
     * @throws IndexOutOfBoundsException if a shape index or {@code index} is out of range
     */
    boolean penetration(ConvexPolygons shapes, int a, int b, Penetrations out, int index);

    /**
     * Computes pairs {@code [from, to)} of {@code pairs} into the same entries of {@code out}.
     * Any {@code from} is allowed; threads may work on disjoint ranges of one buffer.
     *
     * @return how many of them intersect or touch ({@code depth >= 0})
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the batch
     * @throws IllegalArgumentException if the buffer or the batch does not fit
     */
    int penetrations(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out);

    /** Computes every pair of {@code pairs}; returns the number that intersect or touch. */
    default int penetrations(ConvexPolygons shapes, PairBatch pairs, Penetrations out) {
        return penetrations(shapes, pairs, 0, pairs == null ? 0 : pairs.size(), out);
    }
}
