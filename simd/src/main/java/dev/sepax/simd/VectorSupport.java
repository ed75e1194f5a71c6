package dev.sepax.simd;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector constants shared by the SIMD kernels, and the last check {@code sepax-core} makes before
 * choosing them. Species are {@code static final} so that C2 can specialise every vector op.
 *
 * <p>Widths: shapes are padded to capacity classes 4, 8, 16, 32, 48, ... so a kernel that puts
 * one shape's normals in the lanes needs a 4-lane vector for capacity 4 ({@link #S128}), an
 * 8-lane one for capacity 8 ({@link #MID}) and the widest useful one for the rest
 * ({@link #WIDE}), never wider than the platform's preferred species (a 512-bit species emulated
 * on an AVX2 machine is many times slower than scalar code). {@code -Dsepax.simd.bits=256}
 * (or 128) caps {@link #WIDE} and {@link #F} below the preferred width, for measurements and
 * for testing the narrower machines' code paths on a wide one.
 */
public final class VectorSupport {
    /** The platform's preferred float species. */
    public static final VectorSpecies<Float> PREFERRED = FloatVector.SPECIES_PREFERRED;
    /** 4 float lanes. */
    public static final VectorSpecies<Float> S128 = FloatVector.SPECIES_128;
    /** 8 lanes where the platform has 256-bit vectors, else 4. */
    public static final VectorSpecies<Float> MID =
            PREFERRED.vectorBitSize() >= 256 ? FloatVector.SPECIES_256 : FloatVector.SPECIES_128;
    /** The widest species used: the preferred one, optionally capped by {@code sepax.simd.bits}. */
    public static final VectorSpecies<Float> WIDE = wide();
    /**
     * The one species of the kernels that do not pick a width per capacity class (MTV, sweep):
     * {@link #WIDE}, so that {@code -Dsepax.simd.bits} caps them too.
     */
    public static final VectorSpecies<Float> F = WIDE;

    private VectorSupport() {}

    private static VectorSpecies<Float> wide() {
        int bits = PREFERRED.vectorBitSize();
        String cap = System.getProperty("sepax.simd.bits");
        if (cap != null) {
            try {
                bits = Math.min(bits, Integer.parseInt(cap.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalStateException("-Dsepax.simd.bits=" + cap + ": expected 128, 256 or 512", e);
            }
        }
        if (bits >= 512) {
            return FloatVector.SPECIES_512;
        }
        if (bits >= 256) {
            return FloatVector.SPECIES_256;
        }
        return FloatVector.SPECIES_128;
    }

    /**
     * Null when the SIMD kernels are worth running on this machine, else why not. Called
     * reflectively by {@code sepax-core}.
     */
    public static String unusableReason() {
        if (PREFERRED.vectorBitSize() < 128) {
            return "the preferred float vector is only " + PREFERRED.vectorBitSize() + " bits wide";
        }
        return null;
    }
}
