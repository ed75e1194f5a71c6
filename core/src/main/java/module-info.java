/**
 * Sepax core: shapes, pairs, result buffers, the kernel interfaces, their scalar reference
 * kernels, contacts, the broad phase and the facade {@link dev.sepax.Sepax}. Never reads
 * {@code jdk.incubator.vector}; the SIMD kernels of {@code dev.sepax.simd} are found at run time
 * through {@link dev.sepax.internal.SimdProvider}.
 */
module dev.sepax.core {
    requires java.management;
    requires jdk.management;

    exports dev.sepax;
    exports dev.sepax.batch;
    exports dev.sepax.broad;
    exports dev.sepax.concave;
    exports dev.sepax.contact;
    exports dev.sepax.geo;
    exports dev.sepax.geom;
    exports dev.sepax.narrow;
    exports dev.sepax.parallel;
    exports dev.sepax.query;
    exports dev.sepax.shape;
    exports dev.sepax.solid;
    // Raw arrays and kernel plumbing: for the SIMD kernels only, never for callers.
    exports dev.sepax.internal to dev.sepax.simd;

    uses dev.sepax.internal.SimdProvider;
}
