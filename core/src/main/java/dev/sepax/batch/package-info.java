/**
 * Batch inputs and outputs: {@link dev.sepax.batch.PairBatch} (validated candidate pairs) and the
 * caller-owned struct-of-arrays result buffers ({@link dev.sepax.batch.OverlapBits},
 * {@link dev.sepax.batch.Penetrations}, {@link dev.sepax.batch.SweepResults},
 * {@link dev.sepax.batch.Distances}, {@link dev.sepax.batch.Casts}) and the per-pair GJK
 * {@link dev.sepax.batch.SimplexCache}; {@link dev.sepax.batch.PairOrder} sorts batches so kernels
 * stream through a spatially ordered store. Buffers are reusable and allocate nothing once sized.
 *
 * <p>Uses {@code shape} (a batch can be sized for a store, or translated into a
 * {@code SpatialOrder}'s indices) and {@code internal}.
 */
package dev.sepax.batch;
