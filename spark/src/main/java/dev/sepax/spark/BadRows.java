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
     * Bad rows take part in no pair; {@link SepaxSpatialJoin#rejects} lists each with its dataset,
     * row and reason, so that nothing is dropped without a record.
     */
    SKIP
}
