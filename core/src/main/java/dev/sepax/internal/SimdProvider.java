package dev.sepax.internal;

/**
 * The service that {@code dev.sepax.simd} provides, so that core finds the SIMD kernels through
 * {@link java.util.ServiceLoader} on the class path ({@code META-INF/services}) and on the module
 * path ({@code provides} in its module descriptor, which also makes the service binding resolve
 * the SIMD module without an extra {@code --add-modules}).
 */
public interface SimdProvider {
    /** Null when the SIMD kernels are worth running on this machine, else why not. */
    String unusableReason();

    /**
     * The SIMD kernel {@code className} of the provider's module: its {@code public static final
     * INSTANCE}.
     *
     * @throws ReflectiveOperationException if there is no such kernel
     */
    default Object kernel(String className) throws ReflectiveOperationException {
        return Class.forName(className, true, getClass().getClassLoader()).getField("INSTANCE").get(null);
    }
}
