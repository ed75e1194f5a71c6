/**
 * The narrow phase: the kernel interfaces ({@link dev.sepax.narrow.SatKernel},
 * {@link dev.sepax.narrow.PenetrationKernel}, {@link dev.sepax.narrow.SweepKernel},
 * {@link dev.sepax.narrow.DistanceKernel}, {@link dev.sepax.narrow.RoundedPenetrationKernel} and
 * {@link dev.sepax.narrow.CastKernel} for rounded shapes) and their
 * scalar reference kernels, which define what Sepax computes bit for bit; the SIMD kernels of
 * {@code dev.sepax.simd} must match them. {@link dev.sepax.narrow.TextbookSat} is an independent
 * oracle, and {@link dev.sepax.narrow.FloatBand} bounds the float error of every separation.
 * {@link dev.sepax.narrow.Precision#EXACT} selects {@link dev.sepax.narrow.ExactSat} (and its
 * SIMD twin), whose verdicts have no band: exact arithmetic on the stored floats.
 *
 * <h2>Conventions shared by every batch call in Sepax</h2>
 * <ul>
 *   <li><b>Argument order:</b> the store, then any per-shape input (velocities), then the pair
 *       batch, then the range {@code [from, to)}, then scalar parameters (tolerance, margin,
 *       {@code tMax}), then the caller-owned output buffer, then an optional per-pair cache.
 *   <li><b>Ranges:</b> {@code to} is any value up to {@code pairs.size()}. A call that writes
 *       verdict bits ({@link dev.sepax.batch.OverlapBits}, the hits of
 *       {@link dev.sepax.batch.SweepResults}, distances) takes a {@code from} that is a multiple
 *       of 64, so that concurrent calls on disjoint ranges write disjoint words; a call whose
 *       outputs are per-pair arrays only (penetrations, manifolds, casts) takes any {@code from}. The
 *       overloads without a range cover the whole batch.
 *   <li><b>Errors:</b> a range outside the batch is an {@link IndexOutOfBoundsException}; any
 *       other bad argument (null, a misaligned {@code from}, a buffer too small, a non-finite
 *       parameter, a batch validated for another store) is an {@link IllegalArgumentException}
 *       whose message names the argument and its value, e.g. {@code from=10: must be a multiple
 *       of 64}.
 *   <li><b>Outputs:</b> a call writes only its range of the output, allocates nothing, and is
 *       thread-safe for disjoint ranges.
 * </ul>
 *
 * <p>Uses {@code shape}, {@code batch}, {@code geom} and {@code internal}.
 */
package dev.sepax.narrow;
