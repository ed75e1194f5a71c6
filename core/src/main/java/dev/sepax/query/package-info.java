/**
 * Queries for servers: one shape against many stored shapes ({@link dev.sepax.query.OneVsMany});
 * an immutable spatial index over fences ({@link dev.sepax.query.FenceIndex}: loose grids by part size, a BVH for oversized parts) that
 * many threads query at once through small reusable per-thread objects
 * ({@link dev.sepax.query.FenceQuery}: a point, or a convex polygon from caller arrays).
 *
 * <p>Uses {@code shape}, {@code geom} (exact orientation for query validation), {@code batch},
 * {@code narrow}, {@code concave} (compound fences) and the facade's kernel choice.
 */
package dev.sepax.query;
