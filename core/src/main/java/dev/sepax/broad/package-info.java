/**
 * The broad phase: candidate pairs from shape bounds ({@link dev.sepax.broad.SweepAndPrune}).
 *
 * <p>Uses {@code shape}, {@code batch} and {@code internal}; never a narrow-phase kernel.
 */
package dev.sepax.broad;
