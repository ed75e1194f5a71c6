package dev.sepax;

import dev.sepax.contact.ClipKernel;
import dev.sepax.contact.ConvexClipper;

import dev.sepax.internal.SimdSupport;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.narrow.TextbookSat;

/**
 * Entry point: the kernel this JVM should use.
 *
 * <p>{@link #overlap()} returns the SIMD kernel from {@code sepax-simd} when it is on the class
 * path, {@code jdk.incubator.vector} is readable, and the VM can compile it well; otherwise the
 * scalar reference kernel. The system property {@code sepax.kernel=scalar|simd} forces a choice.
 * The choice is made once, lazily, and is thread-safe.
 */
public final class Sepax {
    private Sepax() {}

    /** The selected kernel (see class doc). */
    public static SatKernel overlap() {
        return Holder.KERNEL;
    }

    /**
     * The selected kernel for a precision: {@link Precision#FLOAT} is {@link #overlap()};
     * {@link Precision#EXACT} is {@code dev.sepax.simd.VectorExactSat} under the same conditions
     * as {@link #overlap()}, else {@link ExactSat}. The exact kernels return the same bits, which
     * are those of exact arithmetic on the stored floats (see {@link ExactSat}).
     *
     * @throws IllegalArgumentException if {@code precision} is null
     */
    public static SatKernel overlap(Precision precision) {
        if (precision == null) {
            throw new IllegalArgumentException("precision is null");
        }
        return precision == Precision.EXACT ? ExactHolder.KERNEL : Holder.KERNEL;
    }

    private static final class ExactHolder {
        static final SatKernel KERNEL = SimdSupport.select("dev.sepax.simd.VectorExactSat", SatKernel.class, ExactSat.INSTANCE);
    }

    /** The scalar reference kernel. */
    public static SatKernel scalar() {
        return ScalarSat.INSTANCE;
    }

    /** The textbook kernel, an independent oracle. */
    public static SatKernel textbook() {
        return TextbookSat.INSTANCE;
    }

    /**
     * The selected penetration (MTV) kernel: {@code dev.sepax.simd.VectorPenetration} under the
     * same conditions as {@link #overlap()}, else {@link ScalarPenetration}. Both give the same bits.
     */
    public static PenetrationKernel penetration() {
        return PenetrationHolder.KERNEL;
    }

    private static final class PenetrationHolder {
        static final PenetrationKernel KERNEL = SimdSupport.select("dev.sepax.simd.VectorPenetration",
                PenetrationKernel.class, ScalarPenetration.INSTANCE);
    }

    /**
     * The selected swept (continuous) kernel: {@code dev.sepax.simd.VectorSweep} when the SIMD
     * kernels can run (see class doc), else {@link ScalarSweep}. Chosen once, lazily.
     */
    public static SweepKernel sweep() {
        return SweepHolder.KERNEL;
    }

    /**
     * The find-intersection kernel (the clipped polygon two shapes share, and its area): the
     * scalar reference {@link ConvexClipper}, the only implementation.
     */
    public static ClipKernel clipper() {
        return ConvexClipper.INSTANCE;
    }

    /**
     * Why the SIMD kernels are not used in this JVM, or {@code null} when they are. Forcing
     * {@code -Dsepax.kernel=scalar} is reported as a reason too.
     */
    public static String simdUnavailableReason() {
        return SimdSupport.UNAVAILABLE;
    }

    private static final class Holder {
        static final SatKernel KERNEL = SimdSupport.select("dev.sepax.simd.VectorSat", SatKernel.class, ScalarSat.INSTANCE);
    }

    private static final class SweepHolder {
        static final SweepKernel KERNEL = SimdSupport.select("dev.sepax.simd.VectorSweep", SweepKernel.class, ScalarSweep.INSTANCE);
    }
}
