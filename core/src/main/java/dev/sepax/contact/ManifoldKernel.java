package dev.sepax.contact;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

/**
 * Contact manifolds over a batch of pairs: up to two contact points per pair, with a normal,
 * separations and feature ids, for a physics solver. What a manifold is, and how it is found,
 * is defined by {@link ContactManifoldFinder} (the scalar reference, one pair at a time); see
 * {@link ContactManifolds} for the output layout and the feature ids.
 *
 * <h2>Coherence</h2>
 * Entry {@code p} of the output is pair {@code p} of the batch. Run the kernel over the slots of
 * a persistent broad phase ({@code dev.sepax.broad.PersistentBroadPhase}) and an entry
 * stays with its pair from frame to frame, so a solver matches this frame's points to the last
 * frame's by slot and feature id, without a map of its own. Feature ids depend only on the
 * reference and incident edges and the end, so they stay the same while the same features touch.
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel writes the same bits as {@link ContactManifoldFinder} into every entry it writes
 * (normal, point count, and the points' positions, separations and ids). {@code margin} is the
 * speculative distance (0: touching or overlapping pairs only). Stateless and thread-safe;
 * batch calls allocate nothing and write only entries {@code [from, to)}, so threads may fill
 * disjoint ranges of one buffer.
 */
public interface ManifoldKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Manifolds of pairs {@code [from, to)} into the same entries of {@code out}.
     *
     * @return how many of those pairs got at least one contact point
     * @throws IllegalArgumentException if the range, the buffer, the batch or the margin is bad
     */
    int manifolds(ConvexPolygons shapes, PairBatch pairs, int from, int to, float margin, ContactManifolds out);

    /**
     * Manifolds of the pairs in {@code [from, to)} whose bit is set in {@code selected} (a test
     * kernel's hits, say, already restricted to live slots): those entries as above, every other
     * entry of the range gets a point count of 0 and keeps its normal.
     *
     * @return how many of the selected pairs got at least one contact point
     * @throws IllegalArgumentException if the range, a buffer, the batch or the margin is bad
     */
    int manifolds(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to, float margin,
                  ContactManifolds out);

    /** Every pair of {@code pairs}; returns how many got at least one contact point. */
    default int manifolds(ConvexPolygons shapes, PairBatch pairs, float margin, ContactManifolds out) {
        return manifolds(shapes, pairs, 0, pairs.size(), margin, out);
    }
}
