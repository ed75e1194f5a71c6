package dev.sepax.simd;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector constants shared by the SIMD kernels, and the last check {@code sepax-core} makes before
 * choosing them. Species are {@code static final} so that C2 can specialise every vector op.
 */
public final class VectorSupport {
    /** The float species the kernels use: the platform's preferred width. */
    public static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;

    private VectorSupport() {}

    /**
     * Null when the SIMD kernels are worth running on this machine, else why not. Called
     * reflectively by {@code sepax-core}.
     */
    public static String unusableReason() {
        if (F.vectorBitSize() < 128) {
            return "the preferred float vector is only " + F.vectorBitSize() + " bits wide";
        }
        return null;
    }
}
