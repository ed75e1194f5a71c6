/**
 * Where shapes touch and what they share: contact manifolds (up to two points with stable
 * feature ids) and convex clipping into an intersection polygon. {@link
 * dev.sepax.contact.ManifoldKernel} is the batch manifold interface, {@link
 * dev.sepax.contact.ScalarManifolds} its scalar reference; the Vector API kernel lives in
 * {@code dev.sepax.simd} and is chosen by {@code Sepax.manifolds()}.
 *
 * <p>Uses {@code shape}, {@code batch}, {@code narrow} (the reference separation along an edge),
 * {@code geom} and {@code internal}.
 */
package dev.sepax.contact;
