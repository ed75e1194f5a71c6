/**
 * Sepax on Apache Spark: {@link dev.sepax.spark.SepaxSpatialJoin}, a spatial join of two
 * polygon datasets (WKT or coordinate arrays plus an id, see
 * {@link dev.sepax.spark.PolygonSource}) whose refine step is Sepax's store, sweep-and-prune
 * and batch kernel, partitioned by a sampled KDB split with the reference-point rule against
 * duplicates, or broadcast for a small right side.
 *
 * <p>Uses Sepax's public API only ({@code dev.sepax}, {@code shape}, {@code batch},
 * {@code broad}, {@code narrow}, {@code concave}) and Spark's Java API; Spark itself is the cluster's
 * ({@code provided}).
 */
package dev.sepax.spark;
