/**
 * Geometric predicates on plain coordinates: exact orientation
 * ({@link dev.sepax.geom.Orientation}), exact separation-versus-tolerance comparisons
 * ({@link dev.sepax.geom.ExactSeparation}) and the welding that keeps stored polygons consistent
 * under float arithmetic ({@link dev.sepax.geom.FloatConsistency}).
 *
 * <p>Depends on nothing else in Sepax: plain numbers in, plain numbers out.
 */
package dev.sepax.geom;
