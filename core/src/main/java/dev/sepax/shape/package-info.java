/**
 * Shape stores and their inputs: {@link dev.sepax.shape.ConvexPolygons} (the validated,
 * counter-clockwise struct-of-arrays store every kernel reads), hulls, cleaning and welding of
 * input polygons, {@link dev.sepax.shape.Poses} (one bulk pass into a world store) and
 * {@link dev.sepax.shape.Velocities}.
 *
 * <p>Uses {@code geom} (orientation, float band) and {@code internal} (the raw arrays it owns).
 * Knows nothing of pairs, kernels or results.
 */
package dev.sepax.shape;
