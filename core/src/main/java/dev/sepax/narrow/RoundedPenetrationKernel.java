package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.RoundedShapes;

/**
 * The penetration query (MTV) on rounded convex shapes: by how much, and along which unit
 * normal, do A and B overlap? The output is a {@link Penetrations} buffer: normal from A to B,
 * {@code depth >= 0} when they touch or overlap (translating B by {@code depth * normal} brings
 * them to touching contact), {@code depth < 0} when they are apart by exactly {@code -depth}
 * (within the band), and the axis code.
 *
 * <h2>The definition: GJK on the cores, then SAT on the cores if they overlap</h2>
 * The shape is its core dilated by its radius, so {@code B - A} is the cores' Minkowski
 * difference dilated by {@code rA + rB}, and the penetration depth of the rounded pair is the
 * cores' plus {@code rA + rB}; the normal is the cores'. Two cases, decided by the GJK of
 * {@link DistanceKernel} on the cores (the same loop, the same bits):
 * <ul>
 *   <li><b>Cores apart</b> (GJK ends with a non-zero gap {@code c} between the cores' closest
 *       points): normal {@code c / |c|}, {@code depth = (rA + rB) - |c|} with {@code |c|} the
 *       core distance computed as {@link ScalarDistance} does, axis
 *       {@link Penetrations#AXIS_CORES}. So {@code depth >= 0} exactly when
 *       {@link DistanceKernel} reports distance 0, and {@code -depth} is that kernel's distance
 *       otherwise. This case is exact up to GJK's band, where SAT would only give a lower bound
 *       (two closest vertices).
 *   <li><b>Cores touch or overlap</b>: the separating-axis test on the cores with the edges of
 *       every core of at least two points as axes (a two-point core has its segment's two sides
 *       as edges 0 and 1), in the order of {@link PenetrationKernel}: A's edges, then B's, each
 *       with separation {@code min over the other core's points v of n . (v - p)} evaluated as
 *       {@code nx * (vx - px) + ny * (vy - py) + 0f}; the largest wins, ties to the first.
 *       {@code depth = (rA + rB) - best}, axis {@code 1 + i} or {@code -(1 + j)} as in
 *       {@link Penetrations}. Two one-point cores that coincide have no edge: normal
 *       {@code (1, 0)}, depth {@code rA + rB}, axis {@link Penetrations#AXIS_WORLD_X}.
 * </ul>
 * Why SAT on the cores and not EPA: in 2D the face normals of the cores' Minkowski difference are
 * exactly their edge normals, so SAT is exact up to rounding in one pass of {@code 2 m k} dot
 * products, with no iteration, no cap, no expanding polytope whose float degeneracies would need
 * guards of their own, and it reuses the polygon MTV's expression and its error analysis
 * ({@link PenetrationKernel}). EPA's advantage (no edge normals needed) does not apply: the
 * store keeps unit normals per core edge.
 *
 * <h2>Touching and the error band</h2>
 * Touching counts as intersecting: {@code depth >= 0}. The depth is within
 * {@link ScalarRoundedPenetration#band} of the exact penetration of the stored shapes. In the
 * overlapping-cores case float noise may give a tiny negative depth for cores that GJK found
 * touching (radius 0 shapes within the band of contact).
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel writes the same bits as {@link ScalarRoundedPenetration} into every entry (and
 * the same simplex into the cache). Stateless and thread-safe; the batch methods allocate
 * nothing in steady state and write only entries {@code [from, to)} of the output and the
 * cache; {@code from} may be any index (per-pair outputs only).
 */
public interface RoundedPenetrationKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Computes pair {@code (a, b)} into entry {@code index} of {@code out}, cold start.
     *
     * @return true if the shapes touch or overlap ({@code depth >= 0})
     * @throws IndexOutOfBoundsException if a shape index or {@code index} is out of range
     */
    boolean penetration(RoundedShapes shapes, int a, int b, Penetrations out, int index);

    /**
     * Computes pairs {@code [from, to)} of {@code pairs} into the same entries of {@code out},
     * warm-starting GJK from {@code cache} and storing its final simplex there ({@code cache}
     * may be null: cold starts).
     *
     * @return how many of them touch or overlap
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException if the buffers or the batch do not fit
     */
    int penetrations(RoundedShapes shapes, PairBatch pairs, int from, int to, Penetrations out, SimplexCache cache);

    /** Computes every pair of {@code pairs}, cold; returns the number that touch or overlap. */
    default int penetrations(RoundedShapes shapes, PairBatch pairs, Penetrations out) {
        return penetrations(shapes, pairs, 0, pairs.size(), out, null);
    }

    /**
     * Entry checks of a batch call, shared by the kernels.
     *
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException naming the offending argument and value
     */
    static void checkBatch(RoundedShapes shapes, PairBatch pairs, int from, int to, Penetrations out, SimplexCache cache) {
        BatchArguments.checkRounded(shapes, pairs, from, to, false, out, out == null ? 0 : out.capacity(), cache);
    }

    /**
     * Entry checks of a single-pair call.
     *
     * @throws IndexOutOfBoundsException if {@code a}, {@code b} or {@code index} is out of range
     */
    static void checkPair(RoundedShapes shapes, int a, int b, Penetrations out, int index) {
        BatchArguments.checkRoundedPair(shapes, a, b, out, out == null ? 0 : out.capacity(), index);
    }
}
