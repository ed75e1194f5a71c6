package dev.sepax.narrow;

/**
 * What a boolean verdict promises: the float band of {@link SatKernel}, or exact arithmetic.
 * Chosen through {@code Sepax.overlap(Precision)}.
 */
public enum Precision {
    /**
     * The float kernels ({@link ScalarSat}, {@code VectorSat}): every pair whose true separation
     * lies outside {@code tolerance +- FloatBand.of(...)} is classified exactly; inside the band
     * either verdict may come back. Fastest.
     */
    FLOAT,
    /**
     * Exact ({@link ExactSat}, {@code VectorExactSat}): every verdict equals exact real arithmetic
     * on the stored float coordinates, touching counted as intersecting (see {@link ExactSat}).
     * A float filter decides almost every pair; the pairs within its band are decided exactly.
     */
    EXACT
}
