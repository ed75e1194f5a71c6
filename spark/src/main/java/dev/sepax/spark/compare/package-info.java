/**
 * The Sepax-versus-Sedona join benchmark behind {@code ./sepax spark-join}: generated data
 * ({@link dev.sepax.spark.compare.GeneratedPolygons}) and the program
 * ({@link dev.sepax.spark.compare.SparkJoinComparison}) that runs the same join with
 * {@link dev.sepax.spark.SepaxSpatialJoin} and, when Sedona is on the class path, with Sedona's
 * {@code ST_Intersects} join, checks both give the same pairs and reports the wall times.
 * A tool, not library API.
 */
package dev.sepax.spark.compare;
