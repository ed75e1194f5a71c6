package dev.sepax.narrow;

/**
 * How GJK chooses its search direction (see {@link ScalarDistance}, "Acceleration"). Every mode
 * returns an answer within the same error band ({@link ScalarDistance#band}): a pair may only
 * stop on a plain GJK step, so the duality-gap certificate is the plain one in every mode. The
 * default ({@link ScalarDistance#DEFAULT_ACCELERATION}, {@code Sepax.distance()}) is
 * {@link #NONE}: on Sepax's polygon cores momentum did not pay (see docs/decisions.md).
 */
public enum GjkAcceleration {
    /** Plain GJK: the support is always taken towards the origin from the simplex's closest point. */
    NONE,
    /**
     * Nesterov momentum (Montaut et al., RSS 2022): the support is taken along a blend of the
     * previous search direction and an extrapolated point; the pair falls back to plain GJK for
     * good the first time the blended direction fails a guard, and after
     * {@link ScalarDistance#MOMENTUM_ITERATIONS} supports.
     */
    NESTEROV,
    /**
     * Nesterov momentum only for pairs near contact: switched on after the first support when
     * that support's line passes within {@link ScalarDistance#PROXIMITY_BAND} of the simplex's
     * distance from the origin (see {@link ScalarDistance}); other pairs run plain GJK.
     */
    PROXIMITY
}
