/**
 * The broad phase: candidate pairs from shape bounds. {@link dev.sepax.broad.SweepAndPrune}
 * finds them from scratch; {@link dev.sepax.broad.PersistentBroadPhase} keeps them from frame to
 * frame, each live pair in a stable slot, so per-pair caches (separating axes, manifold feature
 * ids) carry over between frames without bookkeeping by the caller.
 *
 * <p>Uses {@code shape}, {@code batch} and {@code internal}; never a narrow-phase kernel.
 */
package dev.sepax.broad;
