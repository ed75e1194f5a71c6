/**
 * Shape stores and their inputs: {@link dev.sepax.shape.ConvexPolygons} (the validated,
 * counter-clockwise struct-of-arrays store every kernel reads), hulls, cleaning and welding of
 * input polygons, {@link dev.sepax.shape.Poses} (one bulk pass into a world store; the
 * {@link dev.sepax.shape.TransformKernel} interface with its scalar reference
 * {@link dev.sepax.shape.ScalarTransform}), {@link dev.sepax.shape.SpatialOrder} (a store
 * renumbered along a Hilbert curve, with the permutation back to the caller's ids) and
 * {@link dev.sepax.shape.Velocities}; {@link dev.sepax.shape.RoundedShapes} (cores of 1..1024
 * points plus a radius: circles, capsules, segments, rounded polygons; wraps a polygon store
 * without copying).
 *
 * <p>Uses {@code geom} (orientation, float band) and {@code internal} (the raw arrays it owns).
 * Knows nothing of pairs, kernels or results.
 */
package dev.sepax.shape;
