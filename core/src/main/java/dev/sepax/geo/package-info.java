/**
 * Geodata precision: {@link dev.sepax.geo.AnchoredPolygons}, a store whose shapes keep a double
 * anchor and float coordinates relative to it, and {@link dev.sepax.geo.AnchoredSat}, which
 * evaluates a pair in the first shape's frame so that the float band scales with the pair's own
 * extent instead of the world's magnitude (lon/lat degrees, UTM metres).
 *
 * <p>Uses {@code shape} (the local float store), {@code batch}, {@code narrow} (the band of the
 * float kernels) and {@code internal}'s argument checks.
 */
package dev.sepax.geo;
