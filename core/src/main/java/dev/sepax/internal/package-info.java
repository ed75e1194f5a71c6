/**
 * Plumbing that callers must not touch: the raw arrays of stores and batches
 * ({@link dev.sepax.internal.PolygonArrays}, {@link dev.sepax.internal.RoundedArrays},
 * {@link dev.sepax.internal.PairArrays}), word writes
 * into result bits, argument checks shared by the kernels, the run-time choice of the SIMD
 * kernels ({@link dev.sepax.internal.SimdSupport}, {@link dev.sepax.internal.SimdProvider}), and
 * the exact pair decision shared by the scalar and SIMD exact kernels
 * ({@link dev.sepax.internal.ExactVerdict}, which uses {@code geom}'s exact predicates).
 *
 * <p>Exported only to {@code dev.sepax.simd}. Uses {@code shape} and {@code batch} types in
 * signatures only.
 */
package dev.sepax.internal;
