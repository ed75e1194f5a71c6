/**
 * Sepax SIMD kernels: the Vector API implementations of core's kernel interfaces, bit-identical
 * to the scalar references. Found by {@code dev.sepax.core} through
 * {@link dev.sepax.internal.SimdProvider}; callers use them through {@link dev.sepax.Sepax}.
 */
module dev.sepax.simd {
    requires transitive dev.sepax.core;
    requires transitive jdk.incubator.vector;

    exports dev.sepax.simd;

    provides dev.sepax.internal.SimdProvider with dev.sepax.simd.VectorProvider;
}
