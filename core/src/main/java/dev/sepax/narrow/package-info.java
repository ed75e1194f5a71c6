/**
 * The narrow phase: the kernel interfaces ({@link dev.sepax.narrow.SatKernel},
 * {@link dev.sepax.narrow.PenetrationKernel}, {@link dev.sepax.narrow.SweepKernel}) and their
 * scalar reference kernels, which define what Sepax computes bit for bit; the SIMD kernels of
 * {@code dev.sepax.simd} must match them. {@link dev.sepax.narrow.TextbookSat} is an independent
 * oracle, and {@link dev.sepax.narrow.FloatBand} bounds the float error of every separation.
 *
 * <p>Uses {@code shape}, {@code batch}, {@code geom} and {@code internal}.
 */
package dev.sepax.narrow;
