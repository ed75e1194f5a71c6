package dev.sepax.bench;

import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;

/**
 * The kernel the commands run: {@link Sepax#overlap()}, or the scalar kernel with one warning
 * when the SIMD kernel is selected but cannot be loaded (for example a build of sepax-simd
 * without it), so that the tools keep working and say why they are slower.
 */
final class Kernels {
    private Kernels() {}

    private static final class Holder {
        static final String PROBLEM;
        static final SatKernel SELECTED;

        static {
            SatKernel k;
            String problem = null;
            try {
                k = Sepax.overlap();
            } catch (IllegalStateException | ExceptionInInitializerError e) {
                Throwable c = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
                problem = c.getMessage();
                System.err.println("WARNING: sepax: " + problem + "; using the scalar kernel");
                k = Sepax.scalar();
            }
            SELECTED = k;
            PROBLEM = problem;
        }
    }

    private static final class ExactHolder {
        static final SatKernel SELECTED = exact();

        private static SatKernel exact() {
            try {
                return Sepax.overlap(Precision.EXACT);
            } catch (IllegalStateException | ExceptionInInitializerError e) {
                Throwable c = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
                System.err.println("WARNING: sepax: " + c.getMessage() + "; using the scalar exact kernel");
                return ExactSat.INSTANCE;
            }
        }
    }

    /** The selected exact kernel ({@code Sepax.overlap(Precision.EXACT)}, same fallback). */
    static SatKernel selectedExact() {
        return ExactHolder.SELECTED;
    }

    /** The selected kernel (see class doc). */
    static SatKernel selected() {
        return Holder.SELECTED;
    }

    /** Why the selected kernel is not SIMD, or null when it is. */
    static String whyNotSimd() {
        if (Holder.PROBLEM != null) {
            return Holder.PROBLEM;
        }
        return Sepax.simdUnavailableReason();
    }
}
