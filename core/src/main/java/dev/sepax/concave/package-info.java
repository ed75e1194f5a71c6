/**
 * Concave polygons with holes: {@link dev.sepax.concave.Decomposition} into convex parts (hole
 * bridges, ear clipping, Hertel–Mehlhorn), the {@link dev.sepax.concave.Compounds} store (parts in
 * a convex store plus a parent map) and {@link dev.sepax.concave.CompoundOverlap}, which reduces
 * the existing kernels' part verdicts to one verdict per compound pair, and
 * {@link dev.sepax.concave.CompoundDistance}, the minimum of the distance kernel over part pairs.
 *
 * <p>Uses {@code geom} (exact orientation), {@code shape}, {@code batch}, {@code narrow}, the
 * facade's kernel choice and {@code internal}'s argument checks.
 */
package dev.sepax.concave;
