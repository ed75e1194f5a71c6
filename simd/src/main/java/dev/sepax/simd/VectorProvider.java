package dev.sepax.simd;

import dev.sepax.internal.SimdProvider;

/**
 * Registers this module's kernels with core's {@link SimdProvider} service. Instantiated by
 * {@link java.util.ServiceLoader} only; callers use {@link dev.sepax.Sepax}.
 */
public final class VectorProvider implements SimdProvider {
    /** For {@link java.util.ServiceLoader}. */
    public VectorProvider() {}

    @Override
    public String unusableReason() {
        return VectorSupport.unusableReason();
    }
}
