/**
 * Where shapes touch and what they share: contact manifolds (up to two points with stable
 * feature ids) and convex clipping into an intersection polygon. {@link
 * dev.sepax.contact.ManifoldKernel} is the batch manifold interface, {@link
 * dev.sepax.contact.ScalarManifolds} its scalar reference; the Vector API kernel lives in
 * {@code dev.sepax.simd} and is chosen by {@code Sepax.manifolds()}. For rounded shapes (circles,
 * capsules, segments, rounded polygons) {@link dev.sepax.contact.RoundedManifoldKernel} derives
 * the manifolds from the penetration ({@link dev.sepax.contact.RoundedManifoldFinder} defines
 * them, {@link dev.sepax.contact.ScalarRoundedManifolds} is the reference).
 *
 * <p>Uses {@code shape}, {@code batch}, {@code narrow} (the reference separation along an edge),
 * {@code geom} and {@code internal}.
 */
package dev.sepax.contact;
