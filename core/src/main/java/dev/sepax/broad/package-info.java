/**
 * Broad phases: which pairs of shapes are candidates for the narrow phase.
 * {@link dev.sepax.broad.PersistentBroadPhase} keeps the set of candidate pairs from frame to
 * frame, each live pair in a stable slot, so per-pair caches (separating axes, manifold feature
 * ids) carry over between frames without bookkeeping by the caller.
 */
package dev.sepax.broad;
