package dev.sepax.contact;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.RoundedShapes;

/**
 * Contact manifolds of rounded shapes over a batch of pairs (circles, capsules, segments,
 * polygons and rounded polygons, any pair of kinds): up to two points per pair with a normal,
 * separations and feature ids, in the {@link ContactManifolds} layout. What a manifold is, is
 * defined by {@link RoundedManifoldFinder}.
 *
 * <h2>Two outputs, one pass</h2>
 * A manifold is built from the pair's penetration (normal, depth, axis of
 * {@link dev.sepax.narrow.RoundedPenetrationKernel}), so each call fills the caller's
 * {@link Penetrations} buffer first (the GJK and SAT work, SIMD where the kernel is), then the
 * manifolds from it. The caller owns both buffers and gets both answers; nothing is allocated.
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel writes the same bits as {@link ScalarRoundedManifolds} into both outputs and the
 * cache. {@code margin} is the speculative distance ({@code 0}: touching or overlapping pairs
 * only). Stateless and thread-safe; calls allocate nothing in steady state and write only
 * entries {@code [from, to)} (any {@code from}).
 */
public interface RoundedManifoldKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Penetrations, then manifolds, of pairs {@code [from, to)} into the same entries of
     * {@code mtv} and {@code out}; GJK warm-starts from {@code cache} (may be null) and stores
     * its simplex there.
     *
     * @return how many of those pairs got at least one contact point
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException if a buffer, the batch or the margin is bad
     */
    int manifolds(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin, Penetrations mtv,
                  ContactManifolds out, SimplexCache cache);

    /** Every pair of {@code pairs}, cold; returns how many got at least one contact point. */
    default int manifolds(RoundedShapes shapes, PairBatch pairs, float margin, Penetrations mtv,
                          ContactManifolds out) {
        return manifolds(shapes, pairs, 0, pairs.size(), margin, mtv, out, null);
    }
}
