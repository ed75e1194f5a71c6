package dev.sepax.spark;

/**
 * What a join does with an input row it cannot use: a null or malformed geometry, NaN or
 * infinite coordinates, fewer than 3 distinct vertices, zero area, rings that cross or overlap,
 * a spike, a hole outside its polygon (see {@link dev.sepax.shape.ConvexPolygons} and
 * {@link dev.sepax.concave.Decomposition} for the full lists).
 */
public enum BadRows {
    /**
     * The job fails at the first bad row it meets; the Spark exception's message (and its cause,
     * a {@link BadRowException}) names the dataset, the row and the reason.
     */
    FAIL,
    /**
     * Bad rows take part in no pair. Nothing is dropped without a record: each action that
     * computes the join's result logs one warning per dataset with the number of rows it skipped,
     * {@link SkippedRows} gives the counts, and {@link SepaxSpatialJoin#rejects} lists each row
     * with its dataset, position and reason.
     */
    SKIP
}
