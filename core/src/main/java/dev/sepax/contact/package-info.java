/**
 * Where shapes touch and what they share: contact manifolds (up to two points with stable
 * feature ids) and convex clipping into an intersection polygon.
 *
 * <p>Uses {@code shape}, {@code batch}, {@code narrow} (the reference separation along an edge),
 * {@code geom} and {@code internal}.
 */
package dev.sepax.contact;
