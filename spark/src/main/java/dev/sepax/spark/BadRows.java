package dev.sepax.spark;

/**
 * What a join does with an input row it cannot use: a null or malformed geometry, a geometry
 * that is not one simple convex polygon, NaN or infinite coordinates, fewer than 3 distinct
 * vertices, zero area (see {@link dev.sepax.shape.ConvexPolygons} for the full list).
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
